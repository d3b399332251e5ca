extension RouteIndex {
  /// The warnings lint reports for a table that builds.
  func lintWarnings() -> [Diagnostic] {
    // Read once for every check: a route keeps its pattern as text (see ``RouteInfo``).
    let patterns = self.patterns
    return emptySegmentWarnings(patterns) + unlistedHostWarnings(patterns) + catastrophicRegexWarnings(patterns)
      + overlappingRegexWarnings() + shadowedWarnings(patterns)
  }

  /// Routes that name an http(s) host the allow-list does not list.
  private func unlistedHostWarnings(_ patterns: [RoutePattern]) -> [Diagnostic] {
    guard !hosts.isEmpty else { return [] }
    return zip(infos, patterns).compactMap { route, pattern in
      guard let scheme = pattern.scheme, scheme == "http" || scheme == "https", let host = pattern.host,
        !hosts.allows(host)
      else { return nil }
      return warning(
        .unlistedHost,
        "route \(describe(route)): the host '\(host)' is not on the host allow-list (\(hosts)); the route takes "
          + "its links, but add the host to the list so the list and the associated domains name every host",
        route)
    }
  }

  /// A warning about `route`, naming its pattern, index and name.
  private func warning(
    _ code: RoutingError.Code, _ message: String, _ route: RouteInfo, column: Int? = nil,
    parameter: String? = nil
  ) -> Diagnostic {
    Diagnostic(
      .warning,
      RoutingError(
        code, message, pattern: route.source, column: column, parameter: parameter,
        routePosition: route.position,
        routeName: route.name))
  }

  // MARK: - Patterns that say less than they seem to

  /// Empty segments, which every pattern collapses (`/////aaaaaa/////` is `/aaaaaa/`), and
  /// patterns that name only a scheme (`tel://`), which match much less than a reader may think.
  private func emptySegmentWarnings(_ patterns: [RoutePattern]) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for (route, pattern) in zip(infos, patterns) {
      if let empty = pattern.emptySegment {
        let urls =
          options.emptySegments == .keep
          ? "; with emptySegments: keep, a URL's empty segments are kept, so a URL written like the pattern does not match it"
          : ""
        warnings.append(
          warning(
            .emptySegment,
            "route \(describe(route)): the pattern has an empty segment ('//') at column \(empty.column); a pattern's "
              + "empty segments are collapsed, so it reads as '\(empty.collapsed)'\(urls); write it that way",
            route, column: empty.column))
      }
      if let scheme = pattern.scheme, pattern.host == nil, pattern.segments.isEmpty {
        let matches =
          options.hostIsSegment(scheme: scheme)
          ? "only '\(scheme)://' (or '\(scheme):') with nothing after it; '\(scheme)://anything' is a path and "
            + "does not match"
          : "'\(scheme)' URLs of any host whose path is empty ('\(scheme)://example.com'), and no other path"
        warnings.append(
          warning(
            .schemeOnly,
            "route \(describe(route)): the pattern names only a scheme, so it matches \(matches); add a path "
              + "(such as '\(scheme)://*') to take every '\(scheme)' link",
            route))
      }
    }
    return warnings
  }

  // MARK: - Catastrophic backtracking

  private func catastrophicRegexWarnings(_ patterns: [RoutePattern]) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for (route, pattern) in zip(infos, patterns) {
      for segment in pattern.segments {
        guard case .parameter(let parameter) = segment.kind, case .regex(let source) = parameter.constraint.kind,
          RegexRisk.hasNestedRepeat(source)
        else { continue }
        warnings.append(
          warning(
            .catastrophicRegex,
            "route \(describe(route)): the regex '\(source)' of parameter '\(parameter.name)' repeats a "
              + "group that itself repeats or alternates, which can take exponential time on a long "
              + "segment that almost matches in a backtracking engine (Waypoint's runs in linear time, but the same "
              + "regex elsewhere, in a server or another client, may not); rewrite it without the nested repeat",
            route, column: segment.column, parameter: parameter.name))
      }
    }
    return warnings
  }

  // MARK: - Overlapping regexes

  private func overlappingRegexWarnings() -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for node in trie.finishedNodes {
      let regexEdges = trie.edges(of: node).filter {
        if case .regex = $0.parameter.constraint.kind { true } else { false }
      }
      for (offset, earlier) in regexEdges.enumerated() {
        for later in regexEdges.dropFirst(offset + 1)
        where earlier.parameter.prefix == later.parameter.prefix && earlier.parameter.suffix == later.parameter.suffix {
          guard
            let sample = RegexRisk.probes.first(where: { probe in
              earlier.parameter.value(in: Substring(probe), folded: Substring(probe)) != nil
                && later.parameter.value(in: Substring(probe), folded: Substring(probe)) != nil
            })
          else { continue }
          let (first, second) = (infos[earlier.firstRoute], infos[later.firstRoute])
          warnings.append(
            warning(
              .overlappingRegex,
              "routes \(describe(first)) and \(describe(second)) have regex parameters at the same place "
                + "that both match '\(sample)'; \(describe(first)) wins because it was registered first",
              second))
        }
      }
    }
    return warnings
  }

  // MARK: - Shadowing

  /// A route is shadowed when, for every spelling of it, a route ranked above it (higher
  /// priority, or the same priority and a narrower scheme or host) matches every URL it matches.
  ///
  /// Routes of one layer are ranked by the trie itself, so only routes of other layers are
  /// compared, and only spellings that could cover each other: the same number of segments (or
  /// a rest no longer than the spelling) and the same first literal, or a parameter first
  /// (``SpellingShape``). The work is the pairs of routes of one shape in different layers, not all
  /// pairs: linear for tables whose layers hold different shapes.
  private func shadowedWarnings(_ patterns: [RoutePattern]) -> [Diagnostic] {
    shadowedRoutes(patterns: patterns).map { shadowed in
      let (route, rival) = (infos[shadowed.route], infos[shadowed.rival])
      return warning(
        .shadowed,
        "route \(describe(route)) can never match: route \(describe(rival)) matches every URL it does and "
          + "ranks above it",
        route)
    }
  }

  /// The shadowed routes, in registration order, each with the first rival found that covers it.
  ///
  /// With `allPairs`, every spelling is compared with every spelling of every route that
  /// outranks it: the plain reference the tests compare the shape-filtered search with.
  /// `patterns` are the routes' parsed patterns when the caller has them.
  func shadowedRoutes(allPairs: Bool = false, patterns: [RoutePattern]? = nil) -> [(route: Int, rival: Int)] {
    // Read once: a route keeps its pattern as text (see ``RouteInfo``).
    let patterns = patterns ?? self.patterns
    var layers: Set<ShadowLayer> = []
    for (route, pattern) in zip(infos, patterns) {
      layers.insert(ShadowLayer(priority: route.priority, scheme: pattern.scheme, host: pattern.host))
    }
    guard layers.count > 1 else { return [] }
    let spellingsByRoute = patterns.map(\.spellings)
    // Every spelling by its shape, in registration order within a shape.
    var byShape: [SpellingShape: [(position: Int, spelling: PatternSpelling)]] = [:]
    for (position, spellings) in spellingsByRoute.enumerated() {
      for spelling in spellings { byShape[SpellingShape(spelling.segments), default: []].append((position, spelling)) }
    }
    let everySpelling = spellingsByRoute.enumerated().flatMap { position, spellings in spellings.map { (position, $0) }
    }
    let restLengths = Set(byShape.keys.compactMap { $0.endsInRest ? $0.count : nil }).sorted()
    var shadowed: [(route: Int, rival: Int)] = []
    for (position, route) in infos.enumerated() {
      var firstRival: Int?
      var everySpellingCovered = true
      for spelling in spellingsByRoute[position] {
        let candidates =
          allPairs
          ? AnyCollection(everySpelling)
          : AnyCollection(SpellingShape.covering(spelling, restLengths: restLengths).lazy.flatMap { byShape[$0] ?? [] })
        let rival = candidates.first { candidate in
          outranks(infos[candidate.0], patterns[candidate.0], route, patterns[position])
            && covers(candidate.1, spelling, patterns[candidate.0], patterns[position])
        }?.0
        guard let rival else {
          everySpellingCovered = false
          break
        }
        firstRival = firstRival ?? rival
      }
      if everySpellingCovered, let firstRival { shadowed.append((position, firstRival)) }
    }
    return shadowed
  }

  /// Whether `rival` ranks above `route` for every URL both match, before specificity.
  private func outranks(
    _ rival: RouteInfo, _ rivalPattern: RoutePattern, _ route: RouteInfo, _ routePattern: RoutePattern
  ) -> Bool {
    guard rivalPattern.scheme == nil || rivalPattern.scheme == routePattern.scheme,
      rivalPattern.host == nil || rivalPattern.host == routePattern.host
    else { return false }
    if rival.priority != route.priority { return rival.priority > route.priority }
    return rivalPattern.restriction > routePattern.restriction
  }

  /// Whether every URL the spelling `inner` matches is matched by `outer`.
  private func covers(
    _ outer: PatternSpelling, _ inner: PatternSpelling, _ outerPattern: RoutePattern, _ innerPattern: RoutePattern
  ) -> Bool {
    if options.trailingSlash == .strict, outerPattern.hasTrailingSlash != innerPattern.hasTrailingSlash { return false }
    let outerSegments = outer.segments
    let innerSegments = inner.segments
    let outerHasRest: Bool = if case .rest = outerSegments.last?.kind { true } else { false }
    if outerHasRest {
      guard innerSegments.count >= outerSegments.count else { return false }
    } else if innerSegments.count != outerSegments.count {
      return false
    }
    for (position, outerSegment) in outerSegments.enumerated() {
      let innerSegment = innerSegments[position]
      switch (outerSegment.kind, innerSegment.kind) {
      case (.rest, _):
        return true
      case (.literal(let outerText), .literal(let innerText)):
        if outerText != innerText { return false }
      case (.parameter(let parameter), .literal(let text)):
        if parameter.value(in: Substring(text), folded: Substring(text)) == nil { return false }
      case (.parameter(let outerParameter), .parameter(let innerParameter)):
        if !(outerParameter.isPlain && !innerParameter.constraint.accepts(""))
          && !outerParameter.hasShape(of: innerParameter)
        {
          return false
        }
      default:
        return false
      }
    }
    return true
  }
}

extension SpellingShape {
  /// The shapes of spellings that may match every URL `spelling` does.
  fileprivate static func covering(_ spelling: PatternSpelling, restLengths: [Int]) -> [SpellingShape] {
    let shape = SpellingShape(spelling.segments)
    let (count, literal) = (shape.count, shape.firstLiteral)
    // A first literal is covered by the same literal or a parameter; anything else only by a parameter.
    let firsts: [String?] = literal.map { [$0, nil] } ?? [nil]
    var shapes: [SpellingShape] = []
    for first in firsts {
      shapes.append(SpellingShape(count: count, endsInRest: false, firstLiteral: first))
      // A rest of `length` segments in all covers spellings with at least that many.
      for length in restLengths where length <= count {
        shapes.append(SpellingShape(count: length, endsInRest: true, firstLiteral: length == 1 ? nil : first))
      }
    }
    return shapes
  }
}

/// Routes that rank alike before specificity: same priority, scheme and host.
private struct ShadowLayer: Hashable {
  let priority: Int
  let scheme: String?
  let host: String?
}

/// Heuristics about regexes, for lint.
enum RegexRisk {
  /// Values tried against two regexes to find one both accept.
  static let probes = [
    "0", "1", "7", "42", "123456", "-1", "3.14", "a", "z", "abc", "ABC", "Abc", "a1", "abc123", "a_b", "a-b",
    "a.b", "user", "hello world", "true", "false", "00000000-0000-0000-0000-000000000000", "_", "-", ".",
    "é", "x9y", "2024-01-31",
  ]

  /// Whether a group that holds a repeat (or an alternation) is itself repeated: `(a+)+`,
  /// `(a*)*`, `(a|aa)+`, `(\d+){2,}`.
  static func hasNestedRepeat(_ source: String) -> Bool {
    let bytes = Array(source.utf8)
    var stack: [Bool] = []  // per open group: whether it holds a repeat or alternation
    var index = 0
    var inClass = false
    var lastClosedRisky = false
    while index < bytes.count {
      let byte = bytes[index]
      defer { index += 1 }
      if byte == UInt8(ascii: "\\") {
        index += 1
        lastClosedRisky = false
        continue
      }
      if inClass {
        if byte == UInt8(ascii: "]") { inClass = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "["):
        inClass = true
        lastClosedRisky = false
      case UInt8(ascii: "("):
        stack.append(false)
        lastClosedRisky = false
      case UInt8(ascii: ")"):
        lastClosedRisky = stack.popLast() ?? false
        if lastClosedRisky, !stack.isEmpty { stack[stack.count - 1] = true }
      case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"):
        if lastClosedRisky { return true }
        if !stack.isEmpty { stack[stack.count - 1] = true }
      case UInt8(ascii: "|"):
        if !stack.isEmpty { stack[stack.count - 1] = true }
        lastClosedRisky = false
      default:
        lastClosedRisky = false
      }
    }
    return false
  }
}
