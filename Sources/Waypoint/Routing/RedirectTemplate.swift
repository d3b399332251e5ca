/// A redirect's target, compiled from its template: a pattern whose parameters are filled from
/// the matching route's, from query items of the link (`{query:name}`, one segment) and from its
/// fragment (`{fragment}`, the last segments); or the whole URL a query item holds (a template
/// that is only `{query:name}`).
///
/// Any other text in braces stays literal, as it was before placeholders existed.
package struct RedirectTemplate: Sendable {
  /// Why a redirect template is refused.
  struct Problem: Error {
    let message: String
    var parameter: String?
  }

  /// The template as written.
  let source: String
  /// The pattern printed, its placeholders made parameters; `nil` for a whole URL from a query
  /// item.
  let pattern: RoutePattern?
  /// The query item whose value is the whole target URL.
  let wholeURLItem: String?
  /// The query item each placeholder parameter takes, by the parameter's name.
  private let queryItems: [String: String]
  /// Whether the fragment fills the template (and so is not kept after it).
  private let usesFragment: Bool

  /// The name prefix of the parameters placeholders become; no route's own parameter starts so.
  private static let queryPrefix = "_waypointQuery"
  private static let fragmentName = "_waypointFragment"

  /// ``check(_:from:options:parameterTypes:)`` with the problem as an `invalidRedirect` error.
  static func checked(
    _ template: String, from source: String, options: MatchingOptions, parameterTypes: ParameterTypes
  ) -> Result<RedirectTemplate, RoutingError> {
    check(template, from: source, options: options, parameterTypes: parameterTypes).mapError {
      RoutingError(.invalidRedirect, $0.message, parameter: $0.parameter)
    }
  }

  /// Parses `template` and checks that it uses only parameters that `source` captures, each as
  /// the same kind (one segment or a rest), and placeholders it knows.
  static func check(
    _ template: String, from source: String, options: MatchingOptions, parameterTypes: ParameterTypes
  ) -> Result<RedirectTemplate, Problem> {
    let placeholders: Placeholders
    switch Placeholders.read(template) {
    case .success(let read): placeholders = read
    case .failure(let problem): return .failure(problem)
    }
    if let item = placeholders.wholeURLItem {
      return .success(
        RedirectTemplate(
          source: template, pattern: nil, wholeURLItem: item, queryItems: [:], usesFragment: false))
    }
    let target: RoutePattern
    do {
      target = try RoutePattern(placeholders.pattern, options: options, parameterTypes: parameterTypes)
    } catch {
      return .failure(Problem(message: "the redirect is not a valid URL template: \(error.message)"))
    }
    let compiled = RedirectTemplate(
      source: template, pattern: target, wholeURLItem: nil, queryItems: placeholders.queryItems,
      usesFragment: placeholders.usesFragment)
    // A source that does not parse is reported by the table itself.
    guard let sourcePattern = try? RoutePattern(source, options: options, parameterTypes: parameterTypes) else {
      return .success(compiled)
    }
    if let problem = problemWithParameters(of: target, capturedBy: sourcePattern) { return .failure(problem) }
    return .success(compiled)
  }

  /// Why `target` cannot be filled from what `source` captures, or `nil`.
  private static func problemWithParameters(of target: RoutePattern, capturedBy source: RoutePattern) -> Problem? {
    let sourceKinds = kinds(source)
    for (name, used) in kinds(target).sorted(by: { $0.key < $1.key }) where !name.hasPrefix("_waypoint") {
      guard let captured = sourceKinds[name], captured.isRest == used.isRest else {
        let reason =
          sourceKinds[name] == nil
          ? "the redirect uses ':\(name)', which the route's pattern does not capture"
          : "the redirect uses '\(name)' as \(used.isRest ? "a rest" : "one segment") but the route captures it as \(used.isRest ? "one segment" : "a rest")"
        return Problem(message: reason, parameter: name)
      }
      if captured.isOptional, !used.isOptional {
        return Problem(
          message: "the redirect needs ':\(name)', which the route captures only in an optional group, so a URL "
            + "without that group could not be redirected; put ':\(name)' in an optional group of the redirect too",
          parameter: name)
      }
    }
    return nil
  }

  /// The target URL for a match, or `nil` when a value does not fit the template or a query item
  /// or the fragment it needs is missing.
  ///
  /// A pattern is filled from the match's parameters and the link's query items and fragment
  /// (each decoded once), and the link's query and, unless the template used it, its fragment
  /// are kept. A whole URL is the query item's value, decoded once, and nothing else.
  ///
  /// The map page's twin: `fillRedirect` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  func fill(parameters: PathParameters, url: ParsedURL) -> String? {
    guard let pattern else {
      guard let item = wholeURLItem, let value = url.queryItems.first(where: { $0.name == item })?.value,
        !value.isEmpty
      else { return nil }
      return value
    }
    // The link's query is decoded once, and only for a template that reads it.
    let items = queryItems.isEmpty ? [] : url.queryItems
    var values: [String: ParameterValue] = [:]
    for segment in pattern.segments {
      switch segment.kind {
      case .parameter(let parameter):
        if let item = queryItems[parameter.name] {
          values[parameter.name] = items.first { $0.name == item }.map { .value($0.value) }
        } else {
          values[parameter.name] = parameters[parameter.name].map(ParameterValue.value)
        }
      case .rest(let name?) where name == Self.fragmentName:
        values[name] = url.fragment.map { .segments(Substring($0).split(byte: UInt8(ascii: "/")).map(String.init)) }
      case .rest(let name?): values[name] = parameters.rest.map(ParameterValue.segments)
      default: break
      }
    }
    // A redirect's target is opened like any link, through the table, so it is filled as written.
    guard var filled = try? pattern.spell(values, groups: pattern.filledGroups(values)) else { return nil }
    if let query = url.rawQuery { filled += "?" + query }
    if !usesFragment, let fragment = url.rawFragment { filled += "#" + fragment }
    return filled
  }

  /// The target URL for `request` (see ``fill(parameters:url:)``).
  func fill(from request: RouteRequest) -> String? {
    fill(parameters: request.parameters, url: request.url)
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

  /// A template's placeholders, read: the pattern they become, and what fills each.
  private struct Placeholders {
    var pattern = ""
    var queryItems: [String: String] = [:]
    var usesFragment = false
    var wholeURLItem: String?

    /// Reads `template`'s `{query:name}` and `{fragment}`; other braces are literal text.
    static func read(_ template: String) -> Result<Placeholders, Problem> {
      var read = Placeholders()
      var rest = Substring(template)
      while let open = rest.firstIndex(of: "{") {
        read.pattern += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}") else {
          read.pattern += rest[open...]
          rest = ""
          break
        }
        let inside = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        if inside == "fragment" {
          guard rest.isEmpty || rest.first == "?" || rest.first == "#" else {
            return .failure(Problem(message: "'{fragment}' fills the last segments, so it ends the redirect's path"))
          }
          read.usesFragment = true
          read.pattern += "*" + RedirectTemplate.fragmentName
        } else if inside.hasPrefix("query:") {
          let item = String(inside.dropFirst("query:".count))
          guard !item.isEmpty else {
            return .failure(Problem(message: "'{query:}' names no query item: write '{query:name}'"))
          }
          if template == "{query:\(item)}" {
            read.wholeURLItem = item
            return .success(read)
          }
          let name = RedirectTemplate.queryPrefix + String(read.queryItems.count)
          read.queryItems[name] = item
          read.pattern += ":" + name
        } else {
          read.pattern += "{" + inside + "}"
        }
      }
      read.pattern += rest
      return .success(read)
    }
  }
}

extension RedirectTemplate {
  /// The template as plain data, for a filler outside Swift (the map page's resolver) to do what
  /// ``fill(parameters:url:)`` does.
  package struct Plan: Encodable, Sendable {
    /// The query item whose value is the whole target URL.
    package var wholeURLItem: String?
    package var scheme: String?
    package var host: String?
    package var hostIsSegment: Bool
    package var firstSegmentIsHost: Bool
    package var hasTrailingSlash: Bool
    package var decodePath: Bool
    package var segments: [CompiledTable.Segment]
    package var groupCount: Int
    /// Each placeholder parameter by the query item that fills it.
    package var queryItems: [String: String]
    /// The rest parameter filled from the link's fragment.
    package var fragmentParameter: String?
  }

  /// The template as plain data.
  package var plan: Plan {
    guard let pattern else {
      return Plan(
        wholeURLItem: wholeURLItem, hostIsSegment: false, firstSegmentIsHost: false, hasTrailingSlash: false,
        decodePath: true, segments: [], groupCount: 0, queryItems: [:])
    }
    let segments = pattern.segments.map(CompiledTable.Segment.init)
    let options = pattern.options
    return Plan(
      scheme: pattern.scheme, host: pattern.host,
      hostIsSegment: options.hostIsSegment(scheme: pattern.scheme ?? ""),
      firstSegmentIsHost: pattern.firstSegmentIsHost, hasTrailingSlash: pattern.hasTrailingSlash,
      decodePath: options.decodePath, segments: segments, groupCount: pattern.groupCount, queryItems: queryItems,
      fragmentParameter: usesFragment ? Self.fragmentName : nil)
  }
}
