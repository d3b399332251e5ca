/// The compiled, payload-free part of a ``RouteTable``: parsed patterns, the trie and its layers, and names.
///
/// Not generic, so compiling and matching never ask the runtime for generic metadata.
@usableFromInline
final class RouteIndex: Sendable {
  let options: MatchingOptions
  let parameterTypes: ParameterTypes
  /// The routes that compiled, in registration order; `infos[i].index` is the registration index.
  let infos: [RouteInfo]
  let trie: RouteTrie
  let levels: [PriorityLevel]
  let routesByName: [String: Int]

  init(
    options: MatchingOptions, parameterTypes: ParameterTypes, infos: [RouteInfo], trie: RouteTrie,
    levels: [PriorityLevel],
    routesByName: [String: Int]
  ) {
    self.options = options
    self.parameterTypes = parameterTypes
    self.infos = infos
    self.trie = trie
    self.levels = levels
    self.routesByName = routesByName
  }

  private struct LayerKey: Hashable {
    let priority: Int
    let scheme: String?
    let host: String?
  }

  /// Parses every pattern and builds the trie, collecting every problem.
  static func compile(
    _ specs: [RouteSpec], options: MatchingOptions, parameterTypes: ParameterTypes
  ) -> (RouteIndex, [RoutingError]) {
    var errors: [RoutingError] = []
    var infos: [RouteInfo] = []
    infos.reserveCapacity(specs.count)
    var trie = RouteTrie()
    trie.reserveCapacity(routes: specs.count)
    var roots: [LayerKey: Int32] = [:]
    var names: [String: Int] = [:]
    var conflicts = Set<[Int]>()
    var lastLayer: (key: LayerKey, root: Int32)?
    for (index, spec) in specs.enumerated() {
      let pattern: RoutePattern
      do {
        pattern = try RoutePattern(spec.pattern, options: options, parameterTypes: parameterTypes)
      } catch {
        errors.append(error.inRoute(index: index, name: spec.name))
        continue
      }
      let position = infos.count
      let info = RouteInfo(index: index, pattern: pattern, name: spec.name, priority: spec.priority)
      if let name = spec.name {
        if let earlier = names[name] {
          errors.append(duplicateName(name, infos[earlier], info))
        } else {
          names[name] = position
        }
      }
      infos.append(info)
      let key = LayerKey(priority: spec.priority, scheme: pattern.scheme, host: pattern.host)
      // Routes of one layer usually come together: the last layer's root is checked before hashing.
      let root: Int32
      if let last = lastLayer, last.key == key {
        root = last.root
      } else {
        root = roots[key] ?? trie.makeRoot()
        roots[key] = root
        lastLayer = (key, root)
      }
      let slash = options.trailingSlash == .strict && pattern.hasTrailingSlash
      func insert(_ segments: [PatternSegment]) {
        // A spelling with no segments is the root, which has no trailing slash to compare.
        let slash = slash && !segments.isEmpty
        guard let other = trie.insert(segments, route: info, position: position, root: root, slash: slash),
          conflicts.insert([other, position]).inserted
        else { return }
        errors.append(conflict(infos[other], info))
      }
      // Without optional groups the pattern is its only spelling.
      if pattern.groupCount == 0 {
        insert(pattern.segments)
      } else {
        for variant in pattern.variants { insert(variant.segments) }
      }
    }
    trie.finish()
    let index = RouteIndex(
      options: options, parameterTypes: parameterTypes, infos: infos, trie: trie, levels: levels(roots),
      routesByName: names)
    return (index, errors)
  }

  private static func levels(_ roots: [LayerKey: Int32]) -> [PriorityLevel] {
    var byPriority: [Int: PriorityLevel] = [:]
    for (key, root) in roots {
      var level = byPriority[key.priority] ?? .init(priority: key.priority)
      if let scheme = key.scheme {
        var schemeRoots = level.schemes[Substring(scheme)] ?? .init()
        if let host = key.host { schemeRoots.hosts[Substring(host)] = root } else { schemeRoots.anyHost = root }
        level.schemes[Substring(scheme)] = schemeRoots
      } else {
        level.anyScheme = root
      }
      byPriority[key.priority] = level
    }
    return byPriority.values.sorted { $0.priority > $1.priority }
  }

  private static func conflict(_ first: RouteInfo, _ second: RouteInfo) -> RoutingError {
    RoutingError(
      .conflict,
      "routes \(describe(first)) and \(describe(second)) conflict: they match the same URLs with "
        + "the same priority (\(second.priority)); give one a higher priority or a different shape",
      pattern: second.pattern.source, routeIndex: second.index, routeName: second.name)
  }

  private static func duplicateName(_ name: String, _ first: RouteInfo, _ second: RouteInfo) -> RoutingError {
    RoutingError(
      .duplicateName,
      "the name '\(name)' is used by route \(second.index) '\(second.pattern.source)' and by route \(first.index) '\(first.pattern.source)'",
      pattern: second.pattern.source, routeIndex: second.index, routeName: name)
  }
}
