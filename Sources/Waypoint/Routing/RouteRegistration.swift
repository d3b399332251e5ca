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

  /// The route as declared; its pattern includes any group prefix.
  var route: RouteDefinition
  var action: Action
  /// Group middleware, outermost first.
  var middleware: [any RouteMiddleware]
  /// Where the route came from, for messages: `routes[3] ('x') in manifest 1`, or the pattern.
  var place: String
}

/// What the router's table holds for each route.
struct RouteEntry: Sendable {
  /// The route as declared.
  let route: RouteDefinition
  /// The handler, asked `canHandle` while resolving; `nil` for a redirect or an unhandled target.
  let handler: (any RouteHandler)?
  /// The compiled redirect template, for a route that redirects.
  let redirect: RoutePattern?
  /// The global middleware, then the route's group middleware, around the handler or redirect:
  /// composed once, when the router is built.
  let chain: RouteNext
}
