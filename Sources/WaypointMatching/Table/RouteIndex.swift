/// The compiled, payload-free part of a ``RouteTable``: parsed patterns, the trie and its layers, and names.
///
/// Not generic, so compiling and matching never ask the runtime for generic metadata.
@usableFromInline
final class RouteIndex: Sendable {
  let options: MatchingOptions
  let parameterTypes: ParameterTypes
  /// The routes that compiled, in registration order; `infos[i].position` is the registration position.
  @usableFromInline let infos: [RouteInfo]
  let trie: RouteTrie
  let layers: [PriorityLayer]
  let routesByName: RouteNames
  /// The hosts http(s) links must have to reach routes that name none.
  let hosts: HostAllowList
  /// How the routes' patterns are read again.
  let reading: PatternReading

  init(
    options: MatchingOptions, parameterTypes: ParameterTypes, hosts: HostAllowList = [], reading: PatternReading,
    infos: [RouteInfo], trie: RouteTrie, layers: [PriorityLayer], routesByName: RouteNames
  ) {
    self.options = options
    self.parameterTypes = parameterTypes
    self.hosts = hosts
    self.reading = reading
    self.infos = infos
    self.trie = trie
    self.layers = layers
    self.routesByName = routesByName
  }

  /// Parses every pattern and builds the trie, collecting every problem.
  static func compile(
    _ routes: [RouteInfo], options: MatchingOptions, parameterTypes: ParameterTypes, hosts: HostAllowList = []
  ) -> (RouteIndex, [RoutingError]) {
    var compiler = Compiler(options: options, routes: routes.count, named: routes.count { $0.name != nil })
    compiler.hosts = hosts
    for problem in hosts.problems { compiler.errors.append(RoutingError(.invalidHost, problem)) }
    for route in routes {
      do {
        compiler.add(route, try RoutePattern(route.source, options: options, parameterTypes: parameterTypes))
      } catch {
        compiler.errors.append(error.inRoute(position: route.position, name: route.name))
      }
    }
    let reading = PatternReading(options: options, parameterTypes: parameterTypes)
    return (compiler.finish(parameterTypes: parameterTypes, reading: reading), compiler.errors)
  }

  /// An index of one already parsed pattern, read with the pattern's own options.
  ///
  /// - Complexity: O(2ᵍ × s) for a pattern of `g` optional groups and `s` segments.
  static func single(_ pattern: RoutePattern) -> RouteIndex {
    var compiler = Compiler(options: pattern.options, routes: 1)
    compiler.add(RouteInfo(position: 0, source: pattern.source, name: nil, priority: 0), pattern)
    let reading = PatternReading(options: pattern.options, parameterTypes: ParameterTypes(), known: pattern)
    return compiler.finish(parameterTypes: ParameterTypes(), reading: reading)
  }

  /// Adds parsed routes to a trie, one layer (priority, scheme, host) per root, collecting conflicts and duplicate names.
  private struct Compiler {
    struct LayerKey: Hashable {
      let priority: Int
      let scheme: String?
      let host: String?
    }

    let options: MatchingOptions
    var hosts: HostAllowList = []
    var errors: [RoutingError] = []
    var infos: [RouteInfo] = []
    var trie = RouteTrie()
    var roots: [LayerKey: Int32] = [:]
    var names: [String: Int] = [:]
    var conflicts = Set<[Int]>()
    var lastLayer: (key: LayerKey, root: Int32)?

    init(options: MatchingOptions, routes: Int, named: Int = 0) {
      self.options = options
      infos.reserveCapacity(routes)
      trie.reserveCapacity(routes: routes)
      // Sized once for the named routes, the dictionary never rehashes its names as it fills, and
      // a table of unnamed routes keeps no empty one.
      names.reserveCapacity(named)
    }

    mutating func add(_ info: RouteInfo, _ pattern: RoutePattern) {
      let position = infos.count
      // One hash of the name: a repeat puts the first route's position back.
      if let name = info.name, let earlier = names.updateValue(position, forKey: name) {
        names[name] = earlier
        errors.append(RouteIndex.duplicateName(name, infos[earlier], info))
      }
      infos.append(info)
      let root = root(for: LayerKey(priority: info.priority, scheme: pattern.scheme, host: pattern.host))
      let slash = options.trailingSlash == .strict && pattern.hasTrailingSlash
      // A URL's host may stand where the pattern's first segment does: the pattern has no scheme,
      // or its scheme's host is a segment and the pattern leaves its authority empty.
      let mayMeetHost = pattern.scheme.map { options.hostIsSegment(scheme: $0) } ?? true
      // Without optional groups the pattern is its only spelling.
      if pattern.groupCount == 0 {
        add(PatternSpelling(mask: 0, segments: pattern.segments), info, position, root, slash, mayMeetHost)
      } else {
        for spelling in pattern.spellings { add(spelling, info, position, root, slash, mayMeetHost) }
      }
    }

    /// Inserts one spelling, and its host spelling when it has one and a URL's host may meet it.
    private mutating func add(
      _ spelling: PatternSpelling, _ info: RouteInfo, _ position: Int, _ root: Int32, _ slash: Bool, _ mayMeetHost: Bool
    ) {
      insert(spelling, info, position, root, slash)
      if mayMeetHost, let lowered = hostSpelling(of: spelling) {
        insert(lowered, info, position, root, slash, hostOnly: true)
      }
    }

    /// The host spelling of a spelling: its first literal lowered, for URLs whose host is their first segment.
    ///
    /// For a pattern whose first segment is a literal with capitals where a URL's host may stand
    /// (no scheme, or a scheme whose host is a segment and an empty authority): a host
    /// compares case-insensitively, and the URL's is lowered. `nil` when no URL's host can be a
    /// segment here, or nothing would change.
    private func hostSpelling(of spelling: PatternSpelling) -> PatternSpelling? {
      guard options.host != .host, options.caseSensitive, let first = spelling.segments.first,
        case .literal(var text) = first.kind,
        text.withUTF8({ $0.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } })
      else { return nil }
      let lowered = String(Substring(text).asciiLowercased())
      var segments = spelling.segments
      segments[0] = PatternSegment(kind: .literal(lowered), group: first.group, column: first.column)
      return PatternSpelling(mask: spelling.mask, segments: segments)
    }

    private mutating func root(for key: LayerKey) -> Int32 {
      // Routes of one layer usually come together: the last layer's root is checked before hashing.
      if let last = lastLayer, last.key == key { return last.root }
      let root = roots[key] ?? trie.makeRoot()
      roots[key] = root
      lastLayer = (key, root)
      return root
    }

    private mutating func insert(
      _ spelling: PatternSpelling, _ info: RouteInfo, _ position: Int, _ root: Int32, _ slash: Bool,
      hostOnly: Bool = false
    ) {
      // A spelling with no segments is the root, which has no trailing slash to compare.
      let slash = slash && !spelling.segments.isEmpty
      guard
        let other = trie.insert(
          spelling, position: position, root: root, slash: slash, hostOnly: hostOnly),
        conflicts.insert([other, position]).inserted
      else { return }
      errors.append(RouteIndex.conflict(infos[other], info))
    }

    consuming func finish(parameterTypes: ParameterTypes, reading: PatternReading) -> RouteIndex {
      trie.finish()
      return RouteIndex(
        options: options, parameterTypes: parameterTypes, hosts: hosts, reading: reading, infos: infos, trie: trie,
        layers: RouteIndex.layers(roots), routesByName: RouteNames(names))
    }
  }

  /// The parsed pattern of `route`, read again from its text.
  ///
  /// - Complexity: O(n) in the pattern's length; read it once per task, not in a loop.
  func pattern(of route: RouteInfo) -> RoutePattern { reading.pattern(route.source) }

  /// Every route's parsed pattern, in ``infos`` order.
  var patterns: [RoutePattern] { infos.map(pattern(of:)) }

  private static func layers(_ roots: [Compiler.LayerKey: Int32]) -> [PriorityLayer] {
    var byPriority: [Int: PriorityLayer] = [:]
    for (key, root) in roots {
      var layer = byPriority[key.priority] ?? .init(priority: key.priority)
      if let scheme = key.scheme {
        var schemeRoots = layer.schemes[Substring(scheme)] ?? .init()
        if let host = key.host { schemeRoots.hosts[Substring(host)] = root } else { schemeRoots.anyHost = root }
        layer.schemes[Substring(scheme)] = schemeRoots
      } else {
        layer.anyScheme = root
      }
      byPriority[key.priority] = layer
    }
    return byPriority.values.sorted { $0.priority > $1.priority }
  }

  private static func conflict(_ first: RouteInfo, _ second: RouteInfo) -> RoutingError {
    let how =
      "a typed parameter (such as '<int:id>'), a constraint (such as ':id([0-9]+)'), a different literal, or a "
      + "higher priority for one of them"
    let message =
      first.source == second.source
      ? "routes \(describe(first)) and \(describe(second)) have the same pattern, so the second could never "
        + "match (priority \(second.priority)); tell them apart with \(how)"
      : "routes \(describe(first)) and \(describe(second)) conflict: some URLs match both the same way, with the "
        + "same priority (\(second.priority)), and parameter names do not tell routes apart; tell them apart with \(how)"
    return RoutingError(
      .conflict, message, pattern: second.source, routePosition: second.position, routeName: second.name)
  }

  private static func duplicateName(_ name: String, _ first: RouteInfo, _ second: RouteInfo) -> RoutingError {
    RoutingError(
      .duplicateName,
      "the name '\(name)' is used by route \(second.position) '\(second.source)' and by route \(first.position) '\(first.source)'",
      pattern: second.source, routePosition: second.position, routeName: name)
  }
}
