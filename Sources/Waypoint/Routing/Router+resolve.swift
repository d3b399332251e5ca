/// What a router makes of one URL without running anything: the route and its request, the
/// fallback's request, or the error.
///
/// ```swift
/// let resolution = router.resolve("myapp://user/42", origin: .external())
/// resolution.route?.name                                  // "user"
/// resolution.request?.values(from: [.path, .default])     // id=42 (path), tab=posts (default)
/// ```
public struct Resolution: Sendable {
  /// The URL as given.
  public let url: String
  /// The request the route (or the fallback) would get; `nil` when the URL did not resolve.
  public let request: RouteRequest?
  /// Why the URL did not resolve, or `nil`.
  public let error: RoutingError?
  /// The route's compiled entry; `nil` for the fallback and for errors.
  let entry: RouteEntry?

  /// The route that takes the URL; `nil` for the fallback and for errors.
  public var route: RouteDefinition? { entry?.route }

  /// Whether the URL goes to the router's fallback handler (no route took it).
  public var usesFallback: Bool { request != nil && entry == nil }

  /// The URL the route redirects to, its parameters filled from the request and the original
  /// query and fragment kept; `nil` when the route does not redirect or a value does not fit.
  public var redirect: String? {
    guard let request, let template = entry?.redirect else { return nil }
    return RedirectTemplate.fill(template, from: request)
  }
}

extension Router {
  /// Resolves `url` as `open` does, running nothing: parses it, takes the best route `origin`
  /// may reach whose handler's `canHandle` accepts the request, checks its callbacks, and
  /// otherwise falls back to the fallback handler when there is one (for a URL that routes
  /// matched and all declined, as ``RouterBuilder/whenEveryRouteDeclines`` says).
  ///
  /// `open`, `canOpen`, `waypoint resolve` and the demo all resolve through this method.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - origin: Where it comes from; an external origin reaches only public routes, and an
  ///     internal route then answers exactly as an unknown URL does.
  ///   - extras: In-process values for the request.
  /// - Returns: The resolution; its `error` is `invalidURL`, `notFound`, `declined` or
  ///   `callbackNotAllowed` when it did not resolve.
  public func resolve(_ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:]) -> Resolution {
    do {
      var choices = try self.choices(for: url, origin: origin, extras: extras)
      let (request, entry) = try choices.next()
      return Resolution(url: url, request: request, error: nil, entry: entry)
    } catch {
      return Resolution(url: url, request: nil, error: error, entry: nil)
    }
  }

  /// Whether `open` would find a route for `url` from `origin` (the fallback handler aside).
  ///
  /// Resolves through ``resolve(_:origin:extras:)`` and runs no handler, middleware or observer.
  public func canOpen(_ url: String, origin: Origin = .internal) -> Bool {
    resolve(url, origin: origin).route != nil
  }

  /// The requests `url` may go to, best first: see ``Choices``.
  func choices(
    for url: String, origin: Origin, extras: [String: any Sendable]
  ) throws(RoutingError) -> Choices {
    let parsed = try table.parse(url)
    if dotSegments.applies(to: origin) { try DotSegmentPolicy.check(parsed, origin: origin) }
    return Choices(
      router: self, url: url, parsed: parsed, candidates: table.candidates(for: parsed).makeIterator(), origin: origin,
      extras: extras, callbacks: callbacks.callbacks(in: parsed.queryItems))
  }

  /// The requests one URL may go to, best first: each visible route whose handler's `canHandle`
  /// accepts it, then the fallback's (see ``DeclinePolicy``).
  ///
  /// ``resolve(_:origin:extras:)`` takes the first; `open` takes the next one each time a handler
  /// declines with ``RouteDecline`` (after ``decline(_:)``). Every request is made afresh from
  /// the URL as it arrived and the caller's extras, so nothing one route did reaches the next.
  struct Choices {
    let router: Router
    let url: String
    let parsed: ParsedURL
    var candidates: RouteTable<RouteEntry>.Candidates.Iterator
    let origin: Origin
    let extras: [String: any Sendable]
    let callbacks: CallbackURLs
    /// The routes that matched and declined so far, best first.
    private(set) var declined: [RouteDefinition] = []
    /// Whether the fallback's request was given, so it is given once.
    private(set) var fallbackTaken = false

    /// Records that `route`'s handler declined after it was chosen.
    mutating func decline(_ route: RouteDefinition) {
      declined.append(route)
    }

    /// The next request and its route's entry (`nil` for the fallback).
    ///
    /// - Throws: `declined` when routes matched and none is left to take the URL (and the
    ///   fallback may not, or there is none), `notFound` when none matched and there is no
    ///   fallback or it was taken, `callbackNotAllowed` for a callback off the allow-list.
    mutating func next() throws(RoutingError) -> (RouteRequest, RouteEntry?) {
      while let candidate = candidates.next() {
        let entry = candidate.payload
        guard !origin.isExternal || entry.route.exposure == .public else { continue }
        let request = RouteRequest(
          url: parsed, route: entry.route, path: Array(candidate.parameters), rest: candidate.rest, extras: extras,
          origin: origin, callbacks: callbacks, declinedRoutes: declined)
        guard entry.handler?.canHandle(request) ?? true else {
          declined.append(entry.route)
          continue
        }
        try router.checkCallbacks(request)
        return (request, entry)
      }
      let fallbackMayServe = router.fallback != nil && !fallbackTaken
      if !declined.isEmpty, !fallbackMayServe || router.whenEveryRouteDeclines == .fail {
        throw RoutingError(
          .declined, "every route for '\(url)' declined it: \(declined.map(\.description).joined(separator: ", "))",
          url: url)
      }
      guard fallbackMayServe else { throw RoutingError.notFound(url) }
      fallbackTaken = true
      let request = RouteRequest(
        url: parsed, route: nil, path: [], rest: nil, extras: extras, origin: origin, callbacks: callbacks,
        declinedRoutes: declined)
      try router.checkCallbacks(request)
      return (request, nil)
    }
  }

  func checkCallbacks(_ request: RouteRequest) throws(RoutingError) {
    let asked = [request.callbacks.success, request.callbacks.error, request.callbacks.cancel].compactMap { $0 }
    if let refused = asked.first(where: { !callbacks.allows($0) }) {
      throw RoutingError(
        .callbackNotAllowed,
        "the callback '\(refused)' of '\(request.url.string)' is not on the allow-list; no callback was opened",
        url: request.url.string)
    }
  }
}
