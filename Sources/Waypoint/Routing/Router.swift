/// An immutable, `Sendable` URL router: a compiled route table with handlers, middleware, observers and callback rules.
///
/// Made by ``RouterBuilder/build()``; share it freely.
///
/// ```swift
/// let result = try await router.open("myapp://user/42", origin: .external(sourceApplication: "com.example.mail"))
/// router.canOpen("myapp://nowhere")  // false, with no side effects
/// ```
public struct Router: Sendable {
  /// Everything the router holds, behind one reference: a resolution and every open's steps
  /// copy the router, and a copy then costs one retain instead of one per field.
  private let parts: Parts

  /// The fields of a router.
  private final class Parts: Sendable {
    let table: RouteTable<RouteEntry>
    let observers: [any RouteObserver]
    let fallback: RouteNext?
    let callbacks: CallbackPolicy
    let callbackOpener: (any CallbackOpener)?
    let maxRedirects: Int
    let dotSegments: DotSegmentPolicy
    let whenEveryRouteDeclines: DeclinePolicy
    let redaction: LinkRedaction
    let hub: EventHub<RouteEvent>

    init(
      table: RouteTable<RouteEntry>, observers: [any RouteObserver], fallback: RouteNext?, callbacks: CallbackPolicy,
      callbackOpener: (any CallbackOpener)?, maxRedirects: Int, dotSegments: DotSegmentPolicy,
      whenEveryRouteDeclines: DeclinePolicy, redaction: LinkRedaction, hub: EventHub<RouteEvent>
    ) {
      self.table = table
      self.observers = observers
      self.fallback = fallback
      self.callbacks = callbacks
      self.callbackOpener = callbackOpener
      self.maxRedirects = maxRedirects
      self.dotSegments = dotSegments
      self.whenEveryRouteDeclines = whenEveryRouteDeclines
      self.redaction = redaction
      self.hub = hub
    }
  }

  init(
    table: RouteTable<RouteEntry>, observers: [any RouteObserver], fallback: RouteNext?, callbacks: CallbackPolicy,
    callbackOpener: (any CallbackOpener)?, maxRedirects: Int, dotSegments: DotSegmentPolicy,
    whenEveryRouteDeclines: DeclinePolicy, redaction: LinkRedaction, hub: EventHub<RouteEvent>
  ) {
    parts = Parts(
      table: table, observers: observers, fallback: fallback, callbacks: callbacks, callbackOpener: callbackOpener,
      maxRedirects: maxRedirects, dotSegments: dotSegments, whenEveryRouteDeclines: whenEveryRouteDeclines,
      redaction: redaction, hub: hub)
  }

  var table: RouteTable<RouteEntry> { parts.table }
  var observers: [any RouteObserver] { parts.observers }
  /// The global middleware around the fallback handler, composed at build time; `nil` without a fallback.
  var fallback: RouteNext? { parts.fallback }
  var callbacks: CallbackPolicy { parts.callbacks }
  var callbackOpener: (any CallbackOpener)? { parts.callbackOpener }
  var maxRedirects: Int { parts.maxRedirects }
  var dotSegments: DotSegmentPolicy { parts.dotSegments }
  var whenEveryRouteDeclines: DeclinePolicy { parts.whenEveryRouteDeclines }
  var hub: EventHub<RouteEvent> { parts.hub }
  /// The query items redacted from events.
  package var redaction: LinkRedaction { parts.redaction }

  /// The routes, in registration order.
  public var routes: [RouteDefinition] { table.routes.map(\.payload.route) }

  /// The router's compiled table as plain data, its terminals numbering ``routes`` (see
  /// ``CompiledTable``).
  package var compiledTable: CompiledTable { table.compiled }

  /// How the redirect of the route at `position` is filled, or `nil` when it has none.
  package func redirectPlan(ofRouteAt position: Int) -> RedirectTemplate.Plan? {
    table.routes[position].payload.redirect?.plan
  }

  /// The routes in the order the matcher prefers them.
  package var routesInPrecedenceOrder: [RouteDefinition] { table.routesInPrecedenceOrder.map(\.payload.route) }

  /// How URLs are read and compared.
  package var options: MatchingOptions { table.options }

  /// Prints a URL that opens the route named `name` with exactly `parameters`.
  ///
  /// Matched by this router (all its routes, its options), the URL gives that route and those
  /// parameters; see `RouteTable.url(for:parameters:query:)` in WaypointMatching.
  ///
  /// - Parameters:
  ///   - name: The name of the route to print.
  ///   - parameters: A value for each of the route's parameters, by name (a rest takes
  ///     `.segments`); leaving out every parameter of an optional group leaves the group out.
  ///     Empty by default.
  ///   - query: Query items appended in this order, percent-encoded. Empty by default.
  /// - Returns: The URL, percent-encoded.
  /// - Throws: `unknownRoute`; `invalidParameter` naming the parameter at fault; `unprintableURL`
  ///   naming the route that would open instead when no URL opens this one with these values.
  /// - Complexity: One parse and one match of the printed URL.
  public func url(
    for name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    try table.url(for: name, parameters: parameters, query: query)
  }

  /// Every event of every link from now on (see ``RouteEvent/Phase``), its sensitive query items
  /// redacted, for analytics.
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
      whenEveryRouteDeclines: whenEveryRouteDeclines, redaction: redaction, hub: hub)
  }
}
