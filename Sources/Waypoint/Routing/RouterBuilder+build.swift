extension RouterBuilder {
  /// Checks every route and builds the router.
  ///
  /// - Throws: A `BuildError` with every problem, each a `RoutingError` naming its route: an
  ///   invalid pattern, a conflict, a duplicate name, a target without a handler
  ///   (`missingHandler`, unless ``allowsUnhandledTargets``), or a bad redirect (`invalidRedirect`);
  ///   with the warnings `diagnose()` adds.
  public func build() throws(BuildError) -> Router {
    let prepared = prepare()
    guard prepared.problems.isEmpty, let table = try? prepared.table.build() else {
      throw BuildError(diagnose(prepared))
    }
    return Router(
      table: table, observers: observers, fallback: fallback.map { compose(middleware, around: Self.run($0, nil)) },
      callbacks: callbacks, callbackOpener: callbackOpener, maxRedirects: maxRedirects,
      dotSegments: dotSegments, whenEveryRouteDeclines: whenEveryRouteDeclines, redaction: redaction,
      hub: EventHub<RouteEvent>())
  }

  /// Every problem in the routes: the errors ``build()`` would throw (the table's first, then the
  /// router's own), then the table's lint warnings, each naming where its route was added.
  public func diagnose() -> [Diagnostic] {
    diagnose(prepare())
  }

  private func diagnose(_ prepared: Prepared) -> [Diagnostic] {
    let table = prepared.table.diagnose().map { diagnostic in
      guard let error = diagnostic.error(as: RoutingError.self) else { return diagnostic }
      return Diagnostic(diagnostic.severity, Self.locate(error, in: prepared.entries))
    }
    return table.filter { $0.severity == .error } + prepared.problems.map { Diagnostic(.error, $0) }
      + table.filter { $0.severity == .warning }
  }

  /// The table builder with every route's entry, and the problems found making the entries.
  private struct Prepared {
    var table: RouteTableBuilder<RouteEntry>
    var problems: [RoutingError]
    var entries: [RouteEntry]
  }

  private func prepare() -> Prepared {
    var problems = self.problems + root.problems
    let entries = allEntries()
    problems += linkMismatches(in: entries.map(\.route))
    var tableBuilder = RouteTableBuilder<RouteEntry>(options: options)
    tableBuilder.parameterTypes = parameterTypes
    tableBuilder.hosts = allHosts
    tableBuilder.precompiled = precompiled
    for registered in entries {
      let route = registered.route
      switch built(registered) {
      case .success(let entry):
        tableBuilder.add(route.pattern, name: route.name, priority: route.priority, payload: entry)
      case .failure(let problem):
        problems.append(problem)
        tableBuilder.add(route.pattern, name: route.name, priority: route.priority, payload: placeholder(registered))
      }
    }
    return Prepared(table: tableBuilder, problems: problems, entries: entries)
  }

  /// The entry the table holds for `registration`, or why the route cannot build.
  private func built(_ registration: RouteEntry) -> Result<RouteEntry, RoutingError> {
    let route = registration.route
    // A handler given in code runs; a declared route redirects, or runs its target's handler.
    var handler = registration.handler
    var redirect: RedirectTemplate?
    if handler == nil, let template = route.redirect {
      switch RedirectTemplate.checked(template, from: route.pattern, options: options, parameterTypes: parameterTypes) {
      case .success(let compiled): redirect = compiled
      case .failure(let reason):
        return .failure(
          RoutingError(
            .invalidRedirect, "\(registration.declaredAt): \(reason)", pattern: route.pattern,
            routeName: route.name))
      }
    } else if handler == nil, let registered = targets[route.target ?? ""] {
      handler = registered
    } else if handler == nil, !allowsUnhandledTargets {
      let name = route.target ?? ""
      let reason =
        name.isEmpty
        ? "the route has neither a target nor a redirect"
        : "the target '\(name)' has no handler (targets with one: \(NameList.quoted(targets.keys))); register one "
          + "with register(target:handler:), or a screen of that target"
      return .failure(
        RoutingError(
          .missingHandler, "\(registration.declaredAt): \(reason)", pattern: route.pattern,
          routeName: route.name))
    }
    let terminal = redirect.map(Self.redirecting) ?? Self.run(handler, route)
    let layers = middleware + registration.middleware
    return .success(
      registration.built(handler: handler, redirect: redirect, chain: compose(layers, around: terminal), layers: layers)
    )
  }

  /// `middleware` around `terminal`, the first outermost; a refusal a layer throws names it as
  /// its ``RoutingError/check`` (the innermost layer that refused, when one passes another's on).
  private func compose(_ middleware: [any RouteMiddleware], around terminal: @escaping RouteNext) -> RouteNext {
    var next = terminal
    for layer in middleware.reversed() {
      let inner = next
      let name = String(describing: type(of: layer))
      next = { request in
        do {
          return try await layer.handle(request, next: inner)
        } catch var error as RoutingError where error.check == nil && RouteEvent.Phase.ending(error) == .refused {
          error.check = name
          throw error
        }
      }
    }
    return next
  }

  /// The end of a redirecting route's chain: the template filled from the request.
  private static func redirecting(_ template: RedirectTemplate) -> RouteNext {
    { request in
      guard let target = template.fill(from: request) else {
        throw RoutingError(
          .invalidRedirect, "the redirect '\(template.source)' cannot be filled from '\(request.url.string)'",
          url: request.url.string)
      }
      var result = RouteResult.redirect(to: target, from: request)
      result.isDeclaredRedirect = true
      return result
    }
  }

  /// The end of a handled route's chain (or the fallback's, with no route): the handler, its
  /// errors that are not a `RoutingError` reported as `handlerFailed` (another subsystem's
  /// error kept as its `underlying`).
  private static func run(_ handler: (any RouteHandler)?, _ route: RouteDefinition?) -> RouteNext {
    { request in
      guard let handler else {
        throw RoutingError(
          .missingHandler, "the target '\(route?.target ?? "")' of \(route?.description ?? "the route") has no handler",
          url: request.url.string, pattern: route?.pattern, routeName: route?.name)
      }
      do {
        return RouteResult(try await handler.handle(request), for: request)
      } catch let error as RoutingError {
        throw error
      } catch let decline as RouteDecline {
        throw decline
      } catch {
        throw handlerFailed(error, route: route, url: request.url.string)
      }
    }
  }

  /// A handler's error that is not a `RoutingError`, as the open reports it: `handlerFailed`,
  /// another subsystem's error kept as its `underlying`.
  static func handlerFailed(_ error: any Error, route: RouteDefinition?, url: String) -> RoutingError {
    RoutingError(
      .handlerFailed, "the handler of \(route?.description ?? "the fallback") failed for '\(url)': \(error)",
      url: url, pattern: route?.pattern, routeName: route?.name, underlying: error as? any WaypointError)
  }

  /// What the table of a router that does not build holds for a route that failed, so its
  /// other problems are still found.
  private func placeholder(_ registered: RouteEntry) -> RouteEntry {
    registered.built(handler: nil, redirect: nil, chain: Self.run(nil, registered.route))
  }

  private static func locate(_ error: RoutingError, in registrations: [RouteEntry]) -> RoutingError {
    guard let index = error.routePosition, registrations.indices.contains(index) else { return error }
    var located = error
    located.message = "\(registrations[index].declaredAt): \(error.message)"
    return located
  }
}
