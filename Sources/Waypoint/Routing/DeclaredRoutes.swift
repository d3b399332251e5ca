/// Routes declared as data, such as a manifest's.
struct DeclaredRoutes: Sendable {
  var routes: [RouteDefinition]
  /// Each route's position in its source, for messages; one per route.
  var positions: [Int]
  /// The hosts the source allows, added to the builder's while it is added.
  var hosts: HostAllowList
  /// What the routes came from, for messages: `manifest`.
  var source: String
}
