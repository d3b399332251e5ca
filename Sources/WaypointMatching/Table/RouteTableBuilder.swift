/// Collects routes, then compiles them into an immutable ``RouteTable``.
///
/// Registration never throws; ``build()`` checks every route at once and throws the first
/// problem, and ``diagnose()`` lists all of them, warnings included.
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.add("/google/callback", payload: "GoogleCallback")
/// builder.add("/:provider", payload: "Provider")
/// let table = try builder.build()
/// try table.match("/google")?.payload  // "Provider": the search backtracks
/// ```
public struct RouteTableBuilder<Payload: Sendable>: Sendable {
  /// The options the table reads URLs and patterns with.
  public var options: MatchingOptions
  /// The types `<type:name>` parameters may name; add your own before ``build()``.
  public var parameterTypes = ParameterTypes()
  private var registrations: [Registration] = []

  struct Registration: Sendable {
    let pattern: String
    let name: String?
    let priority: Int
    let payload: Payload
  }

  /// Makes an empty builder.
  public init(options: MatchingOptions = MatchingOptions()) {
    self.options = options
  }

  /// Registers a route.
  ///
  /// The pattern is checked by ``build()``.
  ///
  /// - Parameters:
  ///   - pattern: The route's pattern, e.g. `myapp://user/<int:id>(/edit)`.
  ///   - name: A unique name for URL generation and messages.
  ///   - priority: Higher wins before any other rule. Default 0.
  ///   - payload: What a match hands back: a handler, a target, anything `Sendable`.
  public mutating func add(_ pattern: String, name: String? = nil, priority: Int = 0, payload: Payload) {
    registrations.append(Registration(pattern: pattern, name: name, priority: priority, payload: payload))
  }

  /// How many routes are registered.
  public var count: Int { registrations.count }

  /// Checks every route and compiles the table.
  ///
  /// - Throws: The first problem in registration order: ``RoutingError/Code-swift.struct/invalidPattern``,
  ///   ``RoutingError/Code-swift.struct/conflict`` (naming both patterns) or
  ///   ``RoutingError/Code-swift.struct/duplicateName``. Its message says how many more there are.
  /// - Complexity: O(n) in the total length of the patterns.
  public func build() throws(RoutingError) -> RouteTable<Payload> {
    let compiled = compile()
    if var first = compiled.errors.first {
      if compiled.errors.count > 1 { first.message += " (and \(compiled.errors.count - 1) more problems)" }
      throw first
    }
    return compiled.table
  }

  /// Every problem in the routes: the errors ``build()`` would throw and the warnings of lint
  /// (shadowed routes, regexes prone to catastrophic backtracking, overlapping regex routes).
  public func diagnose() -> [Diagnostic] {
    let compiled = compile()
    return compiled.errors.map { Diagnostic(.error, $0) } + compiled.table.lintWarnings()
  }

  // MARK: - Compiling

  private struct LayerKey: Hashable {
    let priority: Int
    let scheme: String?
    let host: String?
  }

  private func compile() -> (table: RouteTable<Payload>, errors: [RoutingError]) {
    var errors: [RoutingError] = []
    var routes: [Route<Payload>] = []
    routes.reserveCapacity(registrations.count)
    var trie = RouteTrie()
    var roots: [LayerKey: Int32] = [:]
    var names: [String: Int] = [:]
    var conflicts = Set<[Int]>()
    for (index, registration) in registrations.enumerated() {
      let pattern: RoutePattern
      do {
        pattern = try RoutePattern(registration.pattern, options: options, parameterTypes: parameterTypes)
      } catch {
        errors.append(error.inRoute(index: index, name: registration.name))
        continue
      }
      let position = routes.count
      if let name = registration.name {
        if let earlier = names[name] {
          errors.append(duplicateName(name, routes[earlier], registration, index: index))
        } else {
          names[name] = position
        }
      }
      routes.append(
        Route(
          index: index, pattern: pattern, name: registration.name, priority: registration.priority,
          payload: registration.payload))
      let key = LayerKey(priority: registration.priority, scheme: pattern.scheme, host: pattern.host)
      let root = roots[key] ?? trie.makeRoot()
      roots[key] = root
      let slash = options.trailingSlash == .strict && pattern.hasTrailingSlash
      for variant in pattern.variants {
        guard let other = trie.insert(variant, route: position, root: root, slash: slash),
          conflicts.insert([other, position]).inserted
        else { continue }
        errors.append(conflict(routes[other], routes[position]))
      }
    }
    let table = RouteTable(
      options: options, routes: routes, parameterTypes: parameterTypes, trie: trie,
      levels: Self.levels(roots), routesByName: names)
    return (table, errors)
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

  private func conflict(_ first: Route<Payload>, _ second: Route<Payload>) -> RoutingError {
    RoutingError(
      .conflict,
      "routes \(describe(first)) and \(describe(second)) conflict: they match the same URLs with "
        + "the same priority (\(second.priority)); give one a higher priority or a different shape",
      pattern: second.pattern.source, routeIndex: second.index, routeName: second.name)
  }

  private func duplicateName(
    _ name: String, _ first: Route<Payload>, _ second: Registration, index: Int
  ) -> RoutingError {
    RoutingError(
      .duplicateName,
      "the name '\(name)' is used by route \(index) '\(second.pattern)' and by route \(first.index) '\(first.pattern.source)'",
      pattern: second.pattern, routeIndex: index, routeName: name)
  }
}

/// How a route is named in messages: its pattern, and its name when it has one.
func describe<Payload>(_ route: Route<Payload>) -> String {
  "'\(route.pattern.source)'" + (route.name.map { " (\($0))" } ?? "")
}
