/// Collects routes, then compiles them into an immutable ``RouteTable``.
///
/// Registration never throws; ``build()`` checks every route at once and throws the first
/// problem, and `diagnose()` lists all of them, warnings included.
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
  /// The hosts `http` and `https` links must have to reach routes that name no host.
  ///
  /// Empty (the default) allows every host. Checked by ``build()`` (`invalidHost`).
  public var hosts: HostAllowList = []
  // The routes and their payloads side by side: compiling reads only the routes, which are not
  // generic, so it never asks the runtime for metadata route by route.
  @usableFromInline var routes: [RouteInfo] = []
  @usableFromInline var payloads: [Payload] = []
  /// An index read from a compiled table, used instead of compiling when it was compiled from
  /// exactly these routes, options, hosts and parameter types; otherwise the routes are compiled.
  package var precompiled: PrecompiledRoutes?

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
  @inlinable
  public mutating func add(_ pattern: String, name: String? = nil, priority: Int = 0, payload: Payload) {
    routes.append(RouteInfo(position: routes.count, source: pattern, name: name, priority: priority))
    payloads.append(payload)
  }

  /// How many routes are registered.
  package var count: Int { routes.count }

  /// Makes room for `count` routes in all, so adding them does not grow the builder's arrays.
  package mutating func reserveCapacity(_ count: Int) {
    routes.reserveCapacity(count)
    payloads.reserveCapacity(count)
  }

  /// Checks every route and compiles the table.
  ///
  /// - Throws: A ``BuildError`` with every problem in registration order, each a
  ///   ``RoutingError`` naming its route: ``RoutingError/Code-swift.struct/invalidPattern``,
  ///   ``RoutingError/Code-swift.struct/conflict`` (naming both patterns) or
  ///   ``RoutingError/Code-swift.struct/duplicateName``, with the warnings `diagnose()` adds.
  /// - Complexity: O(n) in the total length of the patterns.
  public func build() throws(BuildError) -> RouteTable<Payload> {
    let compiled = compile()
    guard compiled.errors.isEmpty else { throw BuildError(diagnose()) }
    return compiled.table
  }

  /// Every problem in the routes: the errors ``build()`` would throw and the warnings of lint
  /// (shadowed routes, regexes prone to catastrophic backtracking, overlapping regex routes).
  public func diagnose() -> [Diagnostic] {
    let compiled = compile()
    return compiled.errors.map { Diagnostic(.error, $0) } + compiled.table.index.lintWarnings()
  }

  // MARK: - Compiling

  private func compile() -> (table: RouteTable<Payload>, errors: [RoutingError]) {
    // A compiled table's index has been checked and built without errors: no pattern is parsed.
    if let precompiled, precompiled.fits(routes, options: options, parameterTypes: parameterTypes, hosts: hosts) {
      return (RouteTable(index: precompiled.index, payloads: payloads), [])
    }
    let (index, errors) = RouteIndex.compile(routes, options: options, parameterTypes: parameterTypes, hosts: hosts)
    // Every route compiled (the usual case): the payloads are already in order.
    let kept = index.infos.count == payloads.count ? payloads : index.infos.map { payloads[$0.position] }
    return (RouteTable(index: index, payloads: kept), errors)
  }
}

/// How a route is named in messages: its pattern, and its name when it has one.
func describe(_ route: RouteInfo) -> String {
  "'\(route.source)'" + (route.name.map { " (\($0))" } ?? "")
}
