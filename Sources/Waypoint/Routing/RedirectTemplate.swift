/// A redirect's target: a pattern whose parameters are filled from the matching route's.
enum RedirectTemplate {
  /// Why a redirect template is refused.
  struct Problem: Error {
    let message: String
    var parameter: String?
  }

  /// ``check(_:from:options:parameterTypes:)`` with the problem as an `invalidRedirect` error.
  static func checked(
    _ template: String, from source: String, options: MatchingOptions, parameterTypes: ParameterTypes
  ) -> Result<RoutePattern, RoutingError> {
    check(template, from: source, options: options, parameterTypes: parameterTypes).mapError {
      RoutingError(.invalidRedirect, $0.message, parameter: $0.parameter)
    }
  }

  /// Parses `template` and checks that it uses only parameters that `source` captures, each as
  /// the same kind (one segment or a rest).
  static func check(
    _ template: String, from source: String, options: MatchingOptions, parameterTypes: ParameterTypes
  ) -> Result<RoutePattern, Problem> {
    let target: RoutePattern
    do {
      target = try RoutePattern(template, options: options, parameterTypes: parameterTypes)
    } catch {
      return .failure(Problem(message: "the redirect is not a valid URL template: \(error.message)"))
    }
    // A source that does not parse is reported by the table itself.
    guard let sourcePattern = try? RoutePattern(source, options: options, parameterTypes: parameterTypes) else {
      return .success(target)
    }
    let sourceKinds = kinds(sourcePattern)
    for (name, used) in kinds(target).sorted(by: { $0.key < $1.key }) {
      guard let captured = sourceKinds[name], captured.isRest == used.isRest else {
        let reason =
          sourceKinds[name] == nil
          ? "the redirect uses ':\(name)', which the route's pattern does not capture"
          : "the redirect uses '\(name)' as \(used.isRest ? "a rest" : "one segment") but the route captures it as \(used.isRest ? "one segment" : "a rest")"
        return .failure(Problem(message: reason, parameter: name))
      }
      if captured.isOptional, !used.isOptional {
        return .failure(
          Problem(
            message: "the redirect needs ':\(name)', which the route captures only in an optional group, so a URL "
              + "without that group could not be redirected; put ':\(name)' in an optional group of the redirect too",
            parameter: name))
      }
    }
    return .success(target)
  }

  /// The target URL for a match: the template filled from the match's parameters, with the
  /// original query and fragment kept; `nil` when a value does not fit the template.
  static func fill(_ template: RoutePattern, parameters: PathParameters, url: ParsedURL) -> String? {
    var values: [String: ParameterValue] = [:]
    for segment in template.segments {
      switch segment.kind {
      case .parameter(let parameter): values[parameter.name] = parameters[parameter.name].map(ParameterValue.value)
      case .rest(let name?): values[name] = parameters.rest.map(ParameterValue.segments)
      default: break
      }
    }
    // A redirect's target is opened like any link, through the table, so it is filled as written.
    guard var filled = try? template.spell(values, groups: template.filledGroups(values)) else { return nil }
    if let query = url.rawQuery { filled += "?" + query }
    if let fragment = url.rawFragment { filled += "#" + fragment }
    return filled
  }

  /// The target URL for `request`: the template filled from its path parameters and rest, with
  /// its query and fragment kept; `nil` when a value does not fit the template.
  static func fill(_ template: RoutePattern, from request: RouteRequest) -> String? {
    fill(template, parameters: request.parameters, url: request.url)
  }

  /// Each parameter of `pattern`: whether it is a rest, and whether it is only in optional groups.
  private static func kinds(_ pattern: RoutePattern) -> [String: (isRest: Bool, isOptional: Bool)] {
    var kinds: [String: (isRest: Bool, isOptional: Bool)] = [:]
    for segment in pattern.segments {
      let name: String
      let isRest: Bool
      switch segment.kind {
      case .parameter(let parameter): (name, isRest) = (parameter.name, false)
      case .rest(let rest?): (name, isRest) = (rest, true)
      default: continue
      }
      let isOptional = segment.group != nil && kinds[name]?.isOptional != false
      kinds[name] = (isRest, isOptional)
    }
    return kinds
  }
}
