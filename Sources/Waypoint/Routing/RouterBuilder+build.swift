extension RouterBuilder {
  /// Checks every route and builds the router.
  ///
  /// - Throws: The first problem, naming the route: an invalid pattern, a conflict, a duplicate
  ///   name, a manifest target without a handler (`missingHandler`), or a bad redirect. The
  ///   message says how many more problems there are.
  public func build() throws(RoutingError) -> Router {
    var problems = self.problems + root.problems
    let registrations = allRegistrations()
    var tableBuilder = RouteTableBuilder<RouteEntry>(options: options)
    tableBuilder.parameterTypes = parameterTypes
    for registration in registrations {
      switch entry(for: registration) {
      case .success(let entry):
        tableBuilder.add(registration.pattern, name: registration.name, priority: registration.priority, payload: entry)
      case .failure(let problem):
        problems.append(problem)
        tableBuilder.add(
          registration.pattern, name: registration.name, priority: registration.priority,
          payload: placeholder(registration))
      }
    }
    let table: RouteTable<RouteEntry>
    do {
      table = try tableBuilder.build()
    } catch {
      let located = Self.locate(error, in: registrations)
      throw Self.first(of: [located] + problems, total: problems.count + 1)
    }
    if !problems.isEmpty { throw Self.first(of: problems, total: problems.count) }
    return Router(
      table: table, middleware: middleware, observers: observers, fallback: fallback, callbacks: callbacks,
      callbackOpener: callbackOpener, maxRedirects: maxRedirects, hub: EventHub())
  }

  private func entry(for registration: RouteRegistration) -> Result<RouteEntry, RoutingError> {
    var handler: (any RouteHandler)?
    var redirect: RoutePattern?
    switch registration.action {
    case .handler(let given):
      handler = given
    case .target(let name):
      guard !name.isEmpty else {
        return .failure(
          RoutingError(
            .missingHandler, "\(registration.place): the route has neither a target nor a redirect",
            pattern: registration.pattern, routeName: registration.name))
      }
      guard let registered = targets[name] else {
        return .failure(
          RoutingError(
            .missingHandler,
            "\(registration.place): the target '\(name)' has no handler; register one with register(target:handler:)",
            pattern: registration.pattern, routeName: registration.name, field: "target"))
      }
      handler = registered
    case .redirect(let template):
      switch RouteManifest.checkRedirect(
        template, from: registration.pattern, options: options, parameterTypes: parameterTypes)
      {
      case .success(let pattern): redirect = pattern
      case .failure(let reason):
        return .failure(
          RoutingError(
            .invalidRedirect, "\(registration.place): \(reason)", pattern: registration.pattern,
            routeName: registration.name, field: "redirect"))
      }
    }
    let route = MatchedRoute(
      name: registration.name, pattern: registration.pattern, target: registration.target,
      presentation: registration.presentation, exposure: registration.exposure, priority: registration.priority,
      under: registration.under)
    return .success(
      RouteEntry(
        route: route, handler: handler, redirect: redirect, middleware: registration.middleware,
        defaults: registration.defaults))
  }

  private func placeholder(_ registration: RouteRegistration) -> RouteEntry {
    RouteEntry(
      route: MatchedRoute(pattern: registration.pattern), handler: nil, redirect: nil, middleware: [], defaults: [:])
  }

  private static func locate(_ error: RoutingError, in registrations: [RouteRegistration]) -> RoutingError {
    guard let index = error.routeIndex, registrations.indices.contains(index) else { return error }
    var located = error
    located.message = "\(registrations[index].place): \(error.message)"
    return located
  }

  private static func first(of problems: [RoutingError], total: Int) -> RoutingError {
    var first = problems[0]
    if total > 1 { first.message += " (and \(total - 1) more problems)" }
    return first
  }
}
