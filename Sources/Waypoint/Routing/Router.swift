/// An immutable, `Sendable` URL router: a compiled route table with handlers, middleware, observers and callback rules.
///
/// Made by ``RouterBuilder/build()``; share it freely.
///
/// ```swift
/// let result = try await router.open("myapp://user/42", origin: .external(sourceApplication: "com.example.mail"))
/// router.canOpen("myapp://nowhere")  // false, with no side effects
/// ```
public struct Router: Sendable {
  let table: RouteTable<RouteEntry>
  let observers: [any RouteObserver]
  /// The global middleware around the fallback handler, composed at build time; `nil` without a fallback.
  let fallback: RouteNext?
  let callbacks: CallbackPolicy
  let callbackOpener: (any CallbackOpener)?
  let maxRedirects: Int
  let dotSegments: DotSegmentPolicy
  let whenEveryRouteDeclines: DeclinePolicy
  let hub: EventHub<RouteEvent>

  /// The routes, in registration order.
  public var routes: [RouteDefinition] { table.routes.map(\.payload.route) }

  /// The routes in the order the matcher prefers them.
  public var routesInPrecedenceOrder: [RouteDefinition] { table.routesInPrecedenceOrder.map(\.payload.route) }

  /// How URLs are read and compared.
  public var options: MatchingOptions { table.options }

  /// Prints a URL that opens the route named `name` with exactly `parameters`.
  ///
  /// Matched by this router (all its routes, its options), the URL gives that route and those
  /// parameters; see `RouteTable.url(for:parameters:query:)` in WaypointMatching.
  ///
  /// - Throws: `unknownRoute`; `invalidParameter` naming the parameter at fault; `unprintableURL`
  ///   naming the route that would open instead when no URL opens this one with these values.
  /// - Complexity: One parse and one match of the printed URL.
  public func url(
    for name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    try table.url(for: name, parameters: parameters, query: query)
  }

  /// Every event of every open from now on (prepare, will, declined, did, failed), for analytics.
  ///
  /// The stream keeps the newest `limit` events when its consumer falls behind.
  public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<RouteEvent> {
    hub.stream(bufferingNewest: limit)
  }

  /// The same router reporting its events to `hub`.
  func reporting(to hub: EventHub<RouteEvent>) -> Router {
    Router(
      table: table, observers: observers, fallback: fallback, callbacks: callbacks,
      callbackOpener: callbackOpener, maxRedirects: maxRedirects, dotSegments: dotSegments,
      whenEveryRouteDeclines: whenEveryRouteDeclines, hub: hub)
  }
}
