/// One route as registered, before the router is built.
struct RouteRegistration: Sendable {
  /// The route as declared; its pattern includes any group prefix.
  ///
  /// Without a ``handler``, its `redirect` or else its `target` says what a matching request runs.
  var route: RouteDefinition
  /// The handler given in code, or `nil` for a declared route.
  var handler: (any RouteHandler)?
  /// Group middleware, outermost first.
  var middleware: [any RouteMiddleware]
  /// Where the route came from, for messages: `routes[3] ('x') in manifest 1`, or the pattern.
  var place: String
}

/// What the router's table holds for each route.
///
/// A class: a match, a resolution and the search copy it, and one retain is all that costs.
final class RouteEntry: Sendable {
  /// The route as declared.
  let route: RouteDefinition
  /// The handler, asked `canHandle` while resolving; `nil` for a redirect or an unhandled target.
  let handler: (any RouteHandler)?
  /// The compiled redirect template, for a route that redirects.
  let redirect: RoutePattern?
  /// The global middleware, then the route's group middleware, around the handler or redirect:
  /// composed once, when the router is built.
  let chain: RouteNext

  init(route: RouteDefinition, handler: (any RouteHandler)?, redirect: RoutePattern?, chain: @escaping RouteNext) {
    self.route = route
    self.handler = handler
    self.redirect = redirect
    self.chain = chain
  }
}
