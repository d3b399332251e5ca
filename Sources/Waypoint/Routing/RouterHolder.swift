/// Holds the current ``Router`` and swaps it for a new one while opens are in flight: each open
/// takes one router at its start and uses it to the end, so it sees one consistent table.
///
/// ```swift
/// let holder = try RouterHolder(builder: builder)       // code routes + a bundled manifest
/// let result = try await holder.open("myapp://promo/spring")
/// try holder.replace(manifest: downloadedManifest)      // server-driven routes, swapped atomically
/// ```
///
/// A lock is held only to read or swap the router reference, never while matching or handling.
public final class RouterHolder: Sendable {
  private let current: Locked<Router>
  /// The builder the router was built from, for rebuilding with other declared routes.
  let builder: RouterBuilder?
  private let hub = EventHub()

  /// Holds `router`.
  public init(_ router: Router) {
    self.current = Locked(router.reporting(to: hub))
    self.builder = nil
  }

  /// Builds `builder` and holds the result; `replace(manifest:)` rebuilds with the same code
  /// routes, middleware and handlers.
  ///
  /// - Throws: What ``RouterBuilder/build()`` throws.
  public init(builder: RouterBuilder) throws(BuildError) {
    let router = try builder.build()
    self.current = Locked(router.reporting(to: hub))
    self.builder = builder
  }

  /// The router every new open uses.
  public var router: Router { current.withLock { $0 } }

  /// Makes `router` the one every new open uses; opens in flight finish with the old one.
  public func replace(with router: Router) {
    let reporting = router.reporting(to: hub)
    current.withLock { $0 = reporting }
  }

  /// Opens `url` with the current router; see ``Router/open(_:origin:extras:)-(String,_,_)``.
  public func open(
    _ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.open(url, origin: origin, extras: extras)
  }

  /// Asks the current router; see ``Router/canOpen(_:origin:)-(String,_)``.
  public func canOpen(_ url: String, origin: Origin = .internal) -> Bool {
    router.canOpen(url, origin: origin)
  }

  /// Every event of every open, whichever router served it.
  public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<RouteEvent> {
    hub.stream(bufferingNewest: limit)
  }
}
