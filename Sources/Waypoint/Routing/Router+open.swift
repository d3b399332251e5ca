extension Router {
  /// Opens `url`: matches it, runs the middleware and the handler, follows redirects, calls
  /// back, and returns the handler's value.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The route that handled the URL and the handler's value.
  /// - Throws: `invalidURL`, `notFound` (also for internal routes from outside), `declined`,
  ///   `callbackNotAllowed`, `rejected`, `redirectLoop`, `handlerFailed`, `middlewareFailed`, or
  ///   whatever `RoutingError` a handler, middleware or observer threw.
  public func open(
    _ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    let openID = hub.nextOpenID()
    let clock = ContinuousClock()
    let start = clock.now
    emit(RouteEvent(openID: openID, phase: .prepare, url: url, origin: origin, route: nil, duration: nil, error: nil))
    var current = url
    var visited: [String] = []
    var chosen: RouteRequest?
    do {
      while true {
        try checkRedirect(to: current, after: visited)
        visited.append(current)
        let (request, entry) = try choose(current, origin: origin, extras: extras)
        chosen = request
        try notifyWill(request, openID: openID)
        let result = try await perform(request, entry: entry)
        if let redirect = result.redirect {
          current = redirect
          continue
        }
        await callBack(request.callbacks.success, with: callbackItems(for: result.value))
        emit(
          RouteEvent(
            openID: openID, phase: .did, url: current, origin: origin, route: request.route,
            duration: clock.now - start, error: nil))
        return result
      }
    } catch {
      if let callbacks = chosen?.callbacks {
        let target = error.code == .cancelled ? (callbacks.cancel ?? callbacks.error) : callbacks.error
        let items = error.code == .cancelled && callbacks.cancel != nil ? [] : Self.errorItems(error)
        await callBack(target, with: items)
      }
      emit(
        RouteEvent(
          openID: openID, phase: .failed, url: current, origin: origin, route: chosen?.route,
          duration: clock.now - start, error: error))
      throw error
    }
  }

  /// Opens `url` and returns the handler's value as `type`.
  ///
  /// - Throws: What ``open(_:origin:extras:)`` throws, or `typeMismatch`.
  public func open<Value>(
    _ url: String, as type: Value.Type, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> Value {
    try await open(url, origin: origin, extras: extras).value(as: type)
  }

  /// Opens `url` for a caller that is not async; `completion` gets the outcome once.
  public func open(
    _ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:],
    completion: @escaping @Sendable (Result<RouteResult, RoutingError>) -> Void
  ) {
    Task { completion(await outcome(of: url, origin: origin, extras: extras)) }
  }

  private func outcome(
    of url: String, origin: Origin, extras: [String: any Sendable]
  ) async -> Result<RouteResult, RoutingError> {
    do {
      return .success(try await open(url, origin: origin, extras: extras))
    } catch {
      return .failure(error)
    }
  }

  /// Whether `open` would find a route for `url` from `origin` (the fallback handler aside).
  ///
  /// Shares the matching code with `open` and runs no handler, middleware or observer.
  public func canOpen(_ url: String, origin: Origin = .internal) -> Bool {
    guard let (_, entry) = try? choose(url, origin: origin, extras: [:], useFallback: false) else { return false }
    return entry != nil
  }

  // MARK: - Steps

  private func checkRedirect(to url: String, after visited: [String]) throws(RoutingError) {
    guard let first = visited.first else { return }
    if visited.contains(url) {
      throw RoutingError(
        .redirectLoop, "the redirects of '\(first)' loop: \((visited + [url]).joined(separator: " → "))", url: first)
    }
    if visited.count > maxRedirects {
      throw RoutingError(.redirectLoop, "'\(first)' redirects more than \(maxRedirects) times", url: first)
    }
  }

  /// The request for the best visible route whose handler accepts it, or for the fallback.
  func choose(
    _ url: String, origin: Origin, extras: [String: any Sendable], useFallback: Bool = true
  ) throws(RoutingError) -> (RouteRequest, RouteEntry?) {
    let parsed = try table.parse(url)
    var declined: [MatchedRoute] = []
    for candidate in table.candidates(for: parsed) {
      let entry = candidate.payload
      guard !origin.isExternal || entry.route.exposure == .public else { continue }
      let request = makeRequest(parsed, match: candidate, origin: origin, extras: extras)
      guard entry.handler?.canHandle(request) ?? true else {
        declined.append(entry.route)
        continue
      }
      try checkCallbacks(request)
      return (request, entry)
    }
    if !declined.isEmpty {
      throw RoutingError(
        .declined, "every route for '\(url)' declined it: \(declined.map(\.description).joined(separator: ", "))",
        url: url)
    }
    guard useFallback, fallback != nil else { throw RoutingError.notFound(url) }
    var request = RouteRequest(url: parsed, extras: extras, origin: origin)
    request.callbacks = callbacks.callbacks(in: request.query)
    try checkCallbacks(request)
    return (request, nil)
  }

  private func makeRequest(
    _ url: ParsedURL, match: RouteMatch<RouteEntry>, origin: Origin, extras: [String: any Sendable]
  ) -> RouteRequest {
    var parameters: [String: String] = [:]
    for (name, value) in match.parameters { parameters[name] = value }
    var request = RouteRequest(
      url: url, route: match.payload.route, parameters: parameters, rest: match.rest, extras: extras,
      defaults: match.payload.defaults, origin: origin)
    request.callbacks = callbacks.callbacks(in: request.query)
    return request
  }

  private func checkCallbacks(_ request: RouteRequest) throws(RoutingError) {
    let asked = [request.callbacks.success, request.callbacks.error, request.callbacks.cancel].compactMap { $0 }
    if let refused = asked.first(where: { !callbacks.allows($0) }) {
      throw RoutingError(
        .callbackNotAllowed,
        "the callback '\(refused)' of '\(request.url.string)' is not on the allow-list; no callback was opened",
        url: request.url.string)
    }
  }

  private func notifyWill(_ request: RouteRequest, openID: UInt64) throws(RoutingError) {
    for observer in observers {
      do {
        try observer.willOpen(request)
      } catch let error as RoutingError {
        throw error
      } catch {
        throw RoutingError(.rejected, "an observer vetoed '\(request.url.string)': \(error)", url: request.url.string)
      }
    }
    hub.send(
      RouteEvent(
        openID: openID, phase: .will, url: request.url.string, origin: request.origin, route: request.route,
        duration: nil, error: nil))
  }

  /// Runs the global middleware, then the route's group middleware, then the handler (or the
  /// redirect, or the fallback).
  private func perform(_ request: RouteRequest, entry: RouteEntry?) async throws(RoutingError) -> RouteResult {
    let handler = entry?.handler ?? (entry == nil ? fallback : nil)
    let redirect = entry?.redirect
    var next: RouteNext = { request in
      if let redirect {
        guard
          let target = RedirectTemplate.fill(
            redirect, parameters: request.parameters, rest: request.rest, url: request.url)
        else {
          throw RoutingError(
            .invalidRedirect, "the redirect '\(redirect.source)' cannot be filled from '\(request.url.string)'",
            url: request.url.string)
        }
        return .redirect(to: target, from: request)
      }
      guard let handler else { throw RoutingError.notFound(request.url.string) }
      do {
        return RouteResult(try await handler.handle(request), for: request)
      } catch let error as RoutingError {
        throw error
      } catch {
        throw RoutingError(
          .handlerFailed,
          "the handler of \(request.route?.description ?? "the fallback") failed for '\(request.url.string)': \(error)",
          url: request.url.string, pattern: request.route?.pattern, routeName: request.route?.name)
      }
    }
    for middleware in (middleware + (entry?.middleware ?? [])).reversed() {
      let inner = next
      next = { request in try await middleware.handle(request, next: inner) }
    }
    do {
      return try await next(request)
    } catch let error as RoutingError {
      throw error
    } catch {
      throw RoutingError(
        .middlewareFailed, "a middleware failed for '\(request.url.string)': \(error)", url: request.url.string)
    }
  }

  // MARK: - Callbacks and events

  private func callBack(_ url: String?, with items: [QueryItem]) async {
    guard let url, let callbackOpener else { return }
    await callbackOpener.open(Self.appending(items, to: url))
  }

  func callbackItems(for value: any Sendable) -> [QueryItem] {
    switch value {
    case let representable as any CallbackQueryRepresentable: return representable.callbackQueryItems
    case let items as [QueryItem]: return items
    case let pairs as [String: String]:
      return pairs.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
    case let text as String: return [QueryItem(name: "result", value: text)]
    case let convertible as any LosslessStringConvertible:
      return [QueryItem(name: "result", value: convertible.description)]
    default: return []
    }
  }

  static func errorItems(_ error: RoutingError) -> [QueryItem] {
    [QueryItem(name: "errorCode", value: error.code.rawValue), QueryItem(name: "errorMessage", value: error.message)]
  }

  /// `url` with `items` added to its query, before any fragment.
  package static func appending(_ items: [QueryItem], to url: String) -> String {
    guard !items.isEmpty else { return url }
    let encoded = items.map {
      PercentCoding.encode($0.name, as: .queryItem) + "=" + PercentCoding.encode($0.value, as: .queryItem)
    }.joined(separator: "&")
    var head = Substring(url)
    var fragment: Substring = ""
    if let hash = url.firstIndex(of: "#") {
      head = url[..<hash]
      fragment = url[hash...]
    }
    let separator = head.contains("?") ? (head.hasSuffix("?") || head.hasSuffix("&") ? "" : "&") : "?"
    return head + separator + encoded + fragment
  }

  private func emit(_ event: RouteEvent) {
    for observer in observers {
      switch event.phase {
      case .prepare: observer.prepare(event)
      case .did: observer.didOpen(event)
      case .failed: observer.failed(event)
      case .will: break
      }
    }
    hub.send(event)
  }
}
