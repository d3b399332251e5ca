extension RoutePattern {
  /// Prints a URL that this pattern opens with exactly `parameters`, percent-encoded.
  ///
  /// An optional group is printed when all its parameters are given; a group of literals only is
  /// left out unless the URL needs it to be read with the given parameters. The guarantee: the
  /// printed URL, matched by this pattern with its options, gives back exactly `parameters`. A
  /// ``RouteTable`` gives the same guarantee for the whole table
  /// (``RouteTable/url(for:parameters:query:)``).
  ///
  /// ```swift
  /// let pattern = try RoutePattern("/a(/:f)(/7)")
  /// try pattern.url(parameters: ["f": "7"])  // "/a/7/7": "/a/7" would be read as the group "(/7)"
  /// ```
  ///
  /// - Parameters:
  ///   - parameters: A value for each parameter to print; a rest takes a list of segments.
  ///   - query: Query items to append, in order.
  /// - Returns: The URL, percent-encoded.
  /// - Throws: ``RoutingError/Code-swift.struct/invalidParameter`` naming the parameter when one
  ///   is missing, is unknown to the pattern, is rejected by its constraint, is a single value
  ///   where a rest needs a list, or stands in an optional group whose other parameters are not
  ///   given; ``RoutingError/Code-swift.struct/unprintableURL`` when no URL opens the pattern with
  ///   these values.
  /// - Complexity: Compiles the pattern's spellings (2ᵍ for `g` optional groups) and matches the
  ///   printed URL once; a route table prints without compiling anything.
  public func url(
    parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    let index = RouteIndex.single(self)
    return try index.url(for: index.infos[0], parameters: parameters, query: query)
  }

  /// The spellings a URL for `parameters` may take, as sets of present optional groups, in the
  /// order they are tried: every group whose parameters are given is present, and groups of
  /// literals only are added, fewest first, when a URL needs them to be read as meant.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidParameter`` for a parameter the pattern
  ///   does not have, or a group that has only some of its parameters.
  func spellings(for parameters: [String: ParameterValue]) throws(RoutingError) -> [Int] {
    let known = Set(parameterNames)
    if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
      throw parameterError(unknown, "the pattern has no parameter '\(unknown)'")
    }
    var required = 0
    var literalOnly: [Int] = []
    for group in 0..<groupCount {
      let names = parameterNames(inGroup: group)
      let missing = names.filter { parameters[$0] == nil }
      if names.isEmpty {
        literalOnly.append(group)
      } else if missing.isEmpty {
        required |= 1 << group
      } else if let given = names.first(where: { parameters[$0] != nil }), let absent = missing.first {
        throw parameterError(
          absent,
          "the parameter '\(absent)' is missing: the optional group '\(groupSource(group))' is printed "
            + "only with all its parameters, and '\(given)' is given")
      }
    }
    let choices = (0..<(1 << literalOnly.count)).sorted {
      ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1)
    }
    return choices.map { choice in
      literalOnly.indices.reduce(required) { mask, bit in
        (choice >> bit) & 1 == 1 ? mask | 1 << literalOnly[bit] : mask
      }
    }
  }

  /// The optional groups all of whose parameters `parameters` gives: how a URL template (a
  /// redirect's target) is filled.
  package func filledGroups(_ parameters: [String: ParameterValue]) -> Int {
    var groups = 0
    for group in 0..<groupCount {
      let names = parameterNames(inGroup: group)
      if !names.isEmpty, names.allSatisfy({ parameters[$0] != nil }) { groups |= 1 << group }
    }
    return groups
  }

  /// Prints the spelling with the optional groups in `groups`, without checking what it opens.
  ///
  /// Parameters of absent groups are not printed.
  package func spell(
    _ parameters: [String: ParameterValue], query: [QueryItem] = [], groups: Int
  ) throws(RoutingError) -> String {
    var printed: [String] = []
    for segment in segments(withGroups: groups) {
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

  private func parameterNames(inGroup group: Int) -> [String] {
    segments.filter { $0.group == group }.compactMap(\.parameterName)
  }

  /// Optional group `group` as it reads in a pattern: `(/edit)`, `(/:id)`.
  func groupSource(_ group: Int) -> String {
    "(" + segments.filter { $0.group == group }.map { "/" + $0.description }.joined() + ")"
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
