extension RouteIndex {
  /// The warnings lint reports for a table that builds.
  func lintWarnings() -> [Diagnostic] {
    catastrophicRegexWarnings() + overlappingRegexWarnings() + shadowedWarnings()
  }

  /// A warning about `route`, naming its pattern, index and name.
  private func warning(
    _ code: RoutingError.Code, _ message: String, _ route: RouteInfo, column: Int? = nil,
    parameter: String? = nil
  ) -> Diagnostic {
    Diagnostic(
      .warning,
      RoutingError(
        code, message, pattern: route.pattern.source, column: column, parameter: parameter,
        routePosition: route.position,
        routeName: route.name))
  }

  // MARK: - Catastrophic backtracking

  private func catastrophicRegexWarnings() -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for route in infos {
      for segment in route.pattern.segments {
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
  private func shadowedWarnings() -> [Diagnostic] {
    var layers: [ShadowLayer: [Int]] = [:]
    for (position, route) in infos.enumerated() {
      layers[ShadowLayer(priority: route.priority, scheme: route.pattern.scheme, host: route.pattern.host), default: []]
        .append(position)
    }
    guard layers.count > 1 else { return [] }
    var variants: [Int: [PatternVariant]] = [:]
    func spellings(_ position: Int) -> [PatternVariant] {
      if let known = variants[position] { return known }
      let made = infos[position].pattern.variants
      variants[position] = made
      return made
    }
    var warnings: [Diagnostic] = []
    for (position, route) in infos.enumerated() {
      let rivals = layers.values.filter { outranks(infos[$0[0]], route) }.joined()
      guard !rivals.isEmpty else { continue }
      var firstRival: Int?
      var everySpellingCovered = true
      for variant in spellings(position) {
        let rival = rivals.first { rival in
          spellings(rival).contains { covers($0, variant, infos[rival].pattern, route.pattern) }
        }
        guard let rival else {
          everySpellingCovered = false
          break
        }
        firstRival = firstRival ?? rival
      }
      guard everySpellingCovered, let firstRival else { continue }
      warnings.append(
        warning(
          .shadowed,
          "route \(describe(route)) can never match: route \(describe(infos[firstRival])) matches every "
            + "URL it does and ranks above it",
          route))
    }
    return warnings
  }

  /// Whether `rival` ranks above `route` for every URL both match, before specificity.
  private func outranks(_ rival: RouteInfo, _ route: RouteInfo) -> Bool {
    guard rival.pattern.scheme == nil || rival.pattern.scheme == route.pattern.scheme,
      rival.pattern.host == nil || rival.pattern.host == route.pattern.host
    else { return false }
    if rival.priority != route.priority { return rival.priority > route.priority }
    return rival.pattern.restriction > route.pattern.restriction
  }

  /// Whether every URL the variant `inner` matches is matched by `outer`.
  private func covers(
    _ outer: PatternVariant, _ inner: PatternVariant, _ outerPattern: RoutePattern, _ innerPattern: RoutePattern
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
