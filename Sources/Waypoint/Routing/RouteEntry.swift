/// One route of a router: the route as declared and what handles it.
///
/// A builder keeps one per route as registered: the handler and group middleware given in code,
/// or neither for a route declared in a manifest. ``RouterBuilder/build()`` makes the entry the
/// router's table holds from it: the handler found for its target, its redirect template
/// parsed, and the global middleware, its group's and the handler (or redirect) composed into one
/// ``chain``, so opening a URL composes nothing.
///
/// A class: matches, candidates and resolutions copy it, and one retain is all that costs.
final class RouteEntry: Sendable {
  /// The route as declared; its pattern includes any group prefix.
  let route: RouteDefinition
  /// The handler given in code or found for the route's target, asked `canHandle` while
  /// resolving; `nil` for a redirect or an unhandled target.
  let handler: (any RouteHandler)?
  /// The group middleware, outermost first.
  let middleware: [any RouteMiddleware]
  /// Where the route was declared, for messages: `routes[3] ('x') in manifest 1`, or the
  /// pattern.
  let declaredAt: String
  /// The compiled redirect template, for a built route that redirects.
  let redirect: RedirectTemplate?
  /// Everything a request of this route runs through, composed when the router was built;
  /// `nil` for an entry as registered.
  let chain: RouteNext?
  /// Every middleware of `chain`, outermost first (the router's, then the route's), for the
  /// open within the caller's turn to ask each whether it lets a request through now.
  let layers: [any RouteMiddleware]

  /// An entry as registered.
  init(route: RouteDefinition, handler: (any RouteHandler)?, middleware: [any RouteMiddleware], declaredAt: String) {
    self.route = route
    self.handler = handler
    self.middleware = middleware
    self.declaredAt = declaredAt
    self.redirect = nil
    self.chain = nil
    self.layers = []
  }

  private init(
    route: RouteDefinition, handler: (any RouteHandler)?, middleware: [any RouteMiddleware], declaredAt: String,
    redirect: RedirectTemplate?, chain: RouteNext?, layers: [any RouteMiddleware]
  ) {
    self.route = route
    self.handler = handler
    self.middleware = middleware
    self.declaredAt = declaredAt
    self.redirect = redirect
    self.chain = chain
    self.layers = layers
  }

  /// The entry the router's table holds: `handler` (the registered one, or its target's),
  /// `redirect` and the composed `chain`.
  func built(
    handler: (any RouteHandler)?, redirect: RedirectTemplate?, chain: @escaping RouteNext,
    layers: [any RouteMiddleware] = []
  ) -> RouteEntry {
    RouteEntry(
      route: route, handler: handler, middleware: middleware, declaredAt: declaredAt, redirect: redirect, chain: chain,
      layers: layers)
  }

  /// The entry under a group: its pattern `pattern`, `outer` middleware around its own.
  func grouped(pattern: String, outer: [any RouteMiddleware], declaredAt: String? = nil) -> RouteEntry {
    var route = route
    route.pattern = pattern
    return RouteEntry(
      route: route, handler: handler, middleware: outer + middleware, declaredAt: declaredAt ?? self.declaredAt)
  }
}
