extension Router {
  /// Opens `url`: resolves it, runs the route's middleware chain and handler, follows
  /// redirects, calls back, and returns the handler's value.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The route that handled the URL and the handler's value.
  /// - Throws: `invalidURL`, `notFound` (also for internal routes from outside), `declined`,
  ///   `callbackNotAllowed`, `rejected`, `redirectLoop`, `handlerFailed`, `middlewareFailed`,
  ///   `missingHandler`, or whatever `RoutingError` a handler, middleware or observer threw. A
  ///   handler's `NavigationError` or `ModuleError` is `handlerFailed` with the error as its
  ///   `underlying`.
  public func open(
    _ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await open(url, origin: origin, extras: extras, openID: hub.nextOpenID())
  }

  /// Opens `url` as the link numbered `openID` (a ``LinkInbox`` numbers a link when it arrives);
  /// `parking` hears a parked link as soon as a middleware parks it, so it is kept even when
  /// showing the screen it parked behind then fails.
  func open(
    _ url: String, origin: Origin, extras: [String: any Sendable], openID: UInt64,
    parking: (ParkedLink) -> Void = { _ in }
  ) async throws(RoutingError) -> RouteResult {
    let instant = WaypointClock.live.instant
    let start = instant()
    emit(RouteEvent(openID: openID, phase: .prepare, url: url, origin: origin))
    var current = url
    var visited: [String] = []
    var chosen: RouteRequest?
    var parked: ParkedLink?
    // Whether the URL being opened was chosen by the app's middleware rather than by the link.
    var isAppRedirect = false
    do throws(RoutingError) {
      while true {
        try checkRedirect(to: current, after: visited)
        visited.append(current)
        var candidates = try self.candidates(
          for: current, origin: origin, extras: extras, isAppRedirect: isAppRedirect, openID: openID)
        var result = try await handle(&candidates, openID: openID, chosen: &chosen)
        if let parkedNow = result.parked, parked == nil {
          parked = parkedNow
          parking(parkedNow)
          emit(
            RouteEvent(
              openID: openID, phase: .waited, url: parkedNow.url, origin: origin, route: chosen?.route,
              reason: "parked until '\(parkedNow.gate)'"))
        }
        let value: any Sendable
        switch result.outcome {
        case .redirect(let target):
          emit(
            RouteEvent(
              openID: openID, phase: .redirected, url: current, origin: origin, route: chosen?.route, redirect: target))
          current = target
          isAppRedirect = isAppRedirect || !result.isDeclaredRedirect
          continue
        case .value(let handled):
          value = handled
        }
        // The URL this open handled, as it arrived: a middleware may have edited the request's.
        result.url = current
        result.parked = parked
        await callBack(chosen?.callbacks.success, with: CallbackURLs.items(for: value))
        emit(
          RouteEvent(
            openID: openID, phase: .did, url: current, origin: origin, route: chosen?.route,
            duration: instant() - start))
        return result
      }
    } catch {
      await ended(
        error, chosen: chosen, url: current, origin: origin, openID: openID, duration: instant() - start)
      throw error
    }
  }

  /// Tells the chosen request's caller (its `x-error` or `x-cancel`) and the observers that
  /// opening `url` ended with `error`.
  private func ended(
    _ error: RoutingError, chosen: RouteRequest?, url: String, origin: Origin, openID: UInt64, duration: Duration
  ) async {
    if let callbacks = chosen?.callbacks {
      let cancelled = error.code == .cancelled && callbacks.cancel != nil
      await callBack(
        cancelled ? callbacks.cancel : callbacks.error, with: cancelled ? [] : CallbackURLs.items(for: error))
    }
    emitEnding(error, chosen: chosen, url: url, origin: origin, openID: openID, duration: duration)
  }

  /// The event of an open that ended in `error`.
  private func emitEnding(
    _ error: RoutingError, chosen: RouteRequest?, url: String, origin: Origin, openID: UInt64, duration: Duration
  ) {
    let phase = RouteEvent.Phase.ending(error)
    emit(
      RouteEvent(
        openID: openID, phase: phase, url: url, origin: origin, route: chosen?.route, duration: duration,
        error: error, check: phase == .refused ? error.check ?? error.code.rawValue : nil))
  }

  /// Opens `url` and returns the handler's value as `type`.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - type: The type the handler's value must have.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The handler's value.
  /// - Throws: What ``open(_:origin:extras:)-(String,_,_)`` throws, or `typeMismatch`.
  public func open<Value>(
    _ url: String, as type: Value.Type, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> Value {
    try await open(url, origin: origin, extras: extras).value(as: type)
  }

  /// Opens `url` for a caller that is not async; `completion` gets the outcome once.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  ///   - completion: Called once, from a task of its own, with the result
  ///     ``open(_:origin:extras:)-(String,_,_)`` returns or the error it throws.
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

  // MARK: - Within the caller's turn

  /// A link that can open within the caller's main-actor turn (``opensNow(_:origin:extras:openID:)``).
  package struct OpenNow {
    let url: String
    let request: RouteRequest
    let handler: any HandlesNow
  }

  /// Whether `url` can open within the caller's main-actor turn, and how.
  ///
  /// It can when its best route takes
  /// it (no `canHandle` declines it, no redirect), it asks for no callback, every middleware of
  /// the route lets it through now (``RouteMiddleware/passesNow(_:)``) and its handler can
  /// handle it now. Asking does nothing of the open: no event, no observer, no handler.
  ///
  /// - Returns: What ``open(now:openID:)`` opens, or `nil` when the link must open in a task
  ///   (``open(_:origin:extras:)``).
  @MainActor
  package func opensNow(_ url: String, origin: Origin, extras: [String: any Sendable], openID: UInt64) -> OpenNow? {
    guard var candidates = try? candidates(for: url, origin: origin, extras: extras, openID: openID),
      let (request, entry) = try? candidates.next(), candidates.declined.isEmpty, let entry, entry.redirect == nil,
      let handler = entry.handler as? any HandlesNow, request.callbacks == CallbackURLs(),
      entry.layers.allSatisfy({ $0.passesNow(request) }), handler.canHandleNow(request)
    else { return nil }
    return OpenNow(url: url, request: request, handler: handler)
  }

  /// Opens a link ``opensNow(_:origin:extras:openID:)`` found can open now, within the caller's
  /// turn, with the events, observers and errors ``open(_:origin:extras:)`` has.
  @MainActor
  package func open(now link: OpenNow, openID: UInt64) -> Result<RouteResult, RoutingError> {
    let instant = WaypointClock.live.instant
    let start = instant()
    let request = link.request
    emit(RouteEvent(openID: openID, phase: .prepare, url: link.url, origin: request.origin))
    do throws(RoutingError) {
      try notifyWill(request, openID: openID)
      let value: any Sendable
      do {
        value = try link.handler.handleNow(request)
      } catch let error as RoutingError {
        throw error
      } catch {
        throw RouterBuilder.handlerFailed(error, route: request.route, url: request.url.string)
      }
      var result = RouteResult(value, for: request)
      result.url = link.url
      emit(
        RouteEvent(
          openID: openID, phase: .did, url: link.url, origin: request.origin, route: request.route,
          duration: instant() - start))
      return .success(result)
    } catch {
      emitEnding(
        error, chosen: request, url: link.url, origin: request.origin, openID: openID, duration: instant() - start
      )
      return .failure(error)
    }
  }

  // MARK: - Steps

  /// Runs the routes `candidates` gives in turn until one handles the URL (or the fallback does);
  /// `chosen` is the request last run.
  private func handle(
    _ candidates: inout RouteCandidates, openID: UInt64, chosen: inout RouteRequest?
  ) async throws(RoutingError) -> RouteResult {
    var reported = 0
    while true {
      let choice: (request: RouteRequest, entry: RouteEntry?)
      do {
        choice = try candidates.next()
      } catch {
        reportDeclines(candidates, from: &reported, openID: openID, because: "its canHandle said no")
        throw error
      }
      reportDeclines(candidates, from: &reported, openID: openID, because: "its canHandle said no")
      chosen = choice.request
      try notifyWill(choice.request, openID: openID)
      switch try await run(choice.request, chain: choice.entry?.chain ?? fallback) {
      case .handled(let result):
        return result
      case .declined(let decline):
        guard let route = choice.request.route else {
          throw RoutingError(
            .declined, "the fallback handler declined '\(candidates.url)'" + Self.because(decline.reason),
            url: candidates.url)
        }
        candidates.decline(route)
        reportDeclines(candidates, from: &reported, openID: openID, because: decline.reason)
      }
    }
  }

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

  private func notifyWill(_ request: RouteRequest, openID: UInt64) throws(RoutingError) {
    for observer in observers {
      do {
        try observer.willOpen(request)
      } catch var error as RoutingError {
        error.check = error.check ?? "observer \(type(of: observer))"
        throw error
      } catch {
        var vetoed = RoutingError(
          .rejected, "an observer vetoed '\(request.url.string)': \(error)", url: request.url.string)
        vetoed.check = "observer \(type(of: observer))"
        throw vetoed
      }
    }
    guard hub.isListened else { return }
    hub.send(
      RouteEvent(openID: openID, phase: .will, url: request.url.string, origin: request.origin, route: request.route)
        .redacted(by: redaction))
  }

  /// What running a chain gave: a result, or a decline (see ``RouteDecline``).
  private enum Ran {
    case handled(RouteResult)
    case declined(RouteDecline)
  }

  /// Runs a chain composed at build time; an error that is not a `RoutingError` (or a
  /// ``RouteDecline``) came from a middleware (the handler's are wrapped inside the chain).
  private func run(_ request: RouteRequest, chain: RouteNext?) async throws(RoutingError) -> Ran {
    guard let chain else { throw RoutingError.notFound(request.url.string) }
    do {
      return .handled(try await chain(request))
    } catch let error as RoutingError {
      throw error
    } catch let decline as RouteDecline {
      return .declined(decline)
    } catch {
      throw RoutingError(
        .middlewareFailed, "a middleware failed for '\(request.url.string)': \(error)", url: request.url.string,
        underlying: error as? any WaypointError)
    }
  }

  // MARK: - Callbacks and events

  /// Emits a `declined` event for each route `candidates` recorded since `reported`.
  private func reportDeclines(
    _ candidates: RouteCandidates, from reported: inout Int, openID: UInt64, because reason: String
  ) {
    for route in candidates.declined.dropFirst(reported) {
      emit(
        RouteEvent(
          openID: openID, phase: .declined, url: candidates.url, origin: candidates.origin, route: route, duration: nil,
          error: RoutingError(
            .declined, "the route \(route.description) declined '\(candidates.url)'" + Self.because(reason),
            url: candidates.url,
            pattern: route.pattern, routeName: route.name)))
    }
    reported = candidates.declined.count
  }

  private static func because(_ reason: String) -> String {
    reason.isEmpty ? "" : ": \(reason)"
  }

  private func callBack(_ url: String?, with items: @autoclosure () -> [QueryItem]) async {
    guard let url, let callbackOpener else { return }
    await callbackOpener.open(LinkText.appending(items(), to: url))
  }

  /// Tells every observer and event stream of `event`, redacted; makes nothing when none listens.
  func emit(_ event: @autoclosure () -> RouteEvent) {
    guard !observers.isEmpty || hub.isListened else { return }
    let event = event().redacted(by: redaction)
    for observer in observers {
      switch event.phase {
      case .received: observer.received(event)
      case .waited: observer.waited(event)
      case .dropped: observer.dropped(event)
      case .prepare: observer.prepare(event)
      case .declined: observer.declined(event)
      case .redirected: observer.redirected(event)
      case .did: observer.didOpen(event)
      case .unmatched, .refused, .failed: observer.failed(event)
      case .will: break
      }
    }
    hub.send(event)
  }
}
