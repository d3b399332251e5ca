/// One route as registered, before the router is built.
struct RouteRegistration: Sendable {
  /// What a matching request runs.
  enum Action: Sendable {
    case handler(any RouteHandler)
    /// A handler registered in code under this target name.
    case target(String)
    /// A URL template filled from the route's parameters.
    case redirect(String)
  }

  var pattern: String
  var name: String?
  var priority: Int
  var exposure: Exposure
  var defaults: [String: String]
  var presentation: String?
  var target: String?
  var under: [String] = []
  var action: Action
  /// Group middleware, outermost first.
  var middleware: [any RouteMiddleware]
  /// Where the route came from, for messages: `routes[3] ('x') in manifest 1`, or the pattern.
  var place: String
}

/// What the router's table holds for each route.
struct RouteEntry: Sendable {
  let route: MatchedRoute
  let handler: (any RouteHandler)?
  let redirect: RoutePattern?
  let middleware: [any RouteMiddleware]
  let defaults: [String: String]
}
