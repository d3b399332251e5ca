extension RoutePattern {
  /// Prints a URL that this pattern matches, with `parameters` filled in and percent-encoded.
  ///
  /// An optional group is printed when it has parameters and all of them are given; a group of
  /// literals only is left out. Parsing the result gives back the same parameters.
  ///
  /// - Parameters:
  ///   - parameters: A value for each parameter to print; a rest takes a list of segments.
  ///   - query: Query items to append, in order.
  /// - Returns: The URL, percent-encoded.
  /// - Throws: ``RoutingError/Code-swift.struct/invalidParameter`` naming the parameter when one
  ///   is missing, is unknown to the pattern, is rejected by its constraint, or is a single value
  ///   where a rest needs a list.
  public func url(
    parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    let known = Set(parameterNames)
    if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
      throw parameterError(unknown, "the pattern has no parameter '\(unknown)'")
    }
    let groups = includedGroups(parameters)
    var printed: [String] = []
    for segment in segments where segment.group.map(groups.contains) ?? true {
      printed.append(contentsOf: try print(segment, parameters))
    }
    var url = ""
    if let scheme {
      url = scheme + "://"
      let hostIsSegment = options.hostIsSegment(scheme: scheme)
      if !hostIsSegment { url += PercentCoding.encode(host ?? "", as: .host) + (printed.isEmpty ? "" : "/") }
      // `myapp:///user` keeps an empty host so `user` stays a path segment, compared as written.
      if hostIsSegment, !firstSegmentIsHost, !printed.isEmpty { url += "/" }
    } else {
      url = "/"
    }
    url += printed.joined(separator: "/")
    if hasTrailingSlash, !printed.isEmpty { url += "/" }
    if !query.isEmpty {
      url +=
        "?"
        + query.map {
          PercentCoding.encode($0.name, as: .queryItem) + "=" + PercentCoding.encode($0.value, as: .queryItem)
        }.joined(separator: "&")
    }
    return url
  }

  private func includedGroups(_ parameters: [String: ParameterValue]) -> Set<Int> {
    var groups = Set<Int>()
    for group in 0..<groupCount {
      let names = segments.filter { $0.group == group }.compactMap(\.parameterName)
      if !names.isEmpty, names.allSatisfy({ parameters[$0] != nil }) { groups.insert(group) }
    }
    return groups
  }

  private func print(_ segment: PatternSegment, _ parameters: [String: ParameterValue]) throws(RoutingError) -> [String]
  {
    switch segment.kind {
    case .literal(let text):
      return [encode(text)]
    case .parameter(let parameter):
      guard let given = parameters[parameter.name] else {
        throw parameterError(parameter.name, "the parameter '\(parameter.name)' is missing")
      }
      guard case .value(let value) = given else {
        throw parameterError(parameter.name, "the parameter '\(parameter.name)' takes one value, not a list")
      }
      let accepted =
        value.isEmpty
        ? parameter.constraint.kind != .none && parameter.constraint.accepts("")
        : parameter.constraint.accepts(Substring(value))
      guard accepted else {
        throw parameterError(
          parameter.name,
          "the value '\(value)' of parameter '\(parameter.name)' does not satisfy \(parameter.description)")
      }
      return [encode(parameter.prefix) + (try encodeValue(value, parameter.name)) + encode(parameter.suffix)]
    case .rest(let name):
      guard let name else {
        throw parameterError("*", "a bare '*' cannot be printed; name the rest ('*rest') to generate URLs")
      }
      guard let given = parameters[name] else { throw parameterError(name, "the rest parameter '\(name)' is missing") }
      guard case .segments(let values) = given, !values.isEmpty else {
        throw parameterError(name, "the rest parameter '\(name)' needs a list of one or more segments")
      }
      var printed: [String] = []
      for value in values { printed.append(try encodeValue(value, name)) }
      return printed
    }
  }

  private func encode(_ text: String) -> String {
    options.decodePath ? PercentCoding.encode(text, as: .pathSegment) : text
  }

  private func encodeValue(_ value: String, _ name: String) throws(RoutingError) -> String {
    if options.decodePath { return PercentCoding.encode(value, as: .pathSegment) }
    if value.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      throw parameterError(name, "with decodePath off, the value '\(value)' of '\(name)' cannot hold '/', '?' or '#'")
    }
    return value
  }

  private func parameterError(_ name: String, _ message: String) -> RoutingError {
    RoutingError(.invalidParameter, "cannot print '\(source)': \(message)", pattern: source, parameter: name)
  }
}

extension RouteTable {
  /// Prints a URL for the route named `name`; see ``RoutePattern/url(parameters:query:)``.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/unknownRoute`` when no route has that name, or
  ///   ``RoutingError/Code-swift.struct/invalidParameter`` naming the parameter at fault.
  public func url(
    for name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    guard let route = route(named: name) else {
      throw RoutingError(.unknownRoute, "no route is named '\(name)'", routeName: name)
    }
    do {
      return try route.pattern.url(parameters: parameters, query: query)
    } catch {
      throw error.inRoute(index: route.index, name: name)
    }
  }
}
