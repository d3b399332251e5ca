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
  package var usesFallback: Bool { request != nil && entry == nil }

  /// The URL the route redirects to, its parameters filled from the request and the original
  /// query and fragment kept; `nil` when the route does not redirect or a value does not fit.
  package var redirect: String? {
    guard let request, let template = entry?.redirect else { return nil }
    return template.fill(from: request)
  }
}

extension Router {
  /// Resolves `url` as `open` does, running nothing: parses it, takes the best route `origin`
  /// may reach whose handler's `canHandle` accepts the request, checks its callbacks, and
  /// otherwise falls back to the fallback handler when there is one (for a URL that routes
  /// matched and all declined, as ``RouterBuilder/whenEveryRouteDeclines`` says).
  ///
  /// `canOpen`, `waypoint resolve` and the demo resolve through this method; `open` takes the
  /// same candidates in the same order (`RouteCandidates`) and goes on past a handler that declines.
  ///
  /// The map page's twin: `resolve` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
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
      let parsed = try table.parse(url)
      if dotSegments.applies(to: origin) { try DotSegmentPolicy.check(parsed, origin: origin) }
      let query = parsed.queryItems
      let callbacks = self.callbacks.callbacks(in: query)
      // Nearly every URL goes to its best match: that request is made here, without the
      // resumable candidates, which take over only when the best match is passed over.
      guard let best = table.match(parsed) else {
        var candidates = RouteCandidates(
          router: self, url: url, parsed: parsed, query: query, origin: origin, extras: extras, callbacks: callbacks,
          isAppRedirect: false, openID: 0, exhausted: true)
        let (request, entry) = try candidates.next()
        return Resolution(url: url, request: request, error: nil, entry: entry)
      }
      let entry = best.payload
      if RouteCandidates.reaches(entry, from: origin, isAppRedirect: false) {
        let request = RouteRequest(
          url: parsed, query: query, route: entry.route, parameters: best.parameters, extras: extras, origin: origin,
          callbacks: callbacks, declinedRoutes: [], isAppRedirect: false, openID: 0)
        if entry.handler?.canHandle(request) ?? true {
          try checkCallbacks(request)
          return Resolution(url: url, request: request, error: nil, entry: entry)
        }
      }
      var candidates = RouteCandidates(
        router: self, url: url, parsed: parsed, query: query, origin: origin, extras: extras, callbacks: callbacks,
        isAppRedirect: false, openID: 0, passedOver: best.payload)
      let (request, next) = try candidates.next()
      return Resolution(url: url, request: request, error: nil, entry: next)
    } catch {
      return Resolution(url: url, request: nil, error: error, entry: nil)
    }
  }

  /// Whether `open` would find a route for `url` from `origin` (the fallback handler aside).
  ///
  /// Resolves through ``resolve(_:origin:extras:)`` and runs no handler, middleware or observer.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - origin: Where it would come from; an external origin reaches only public routes.
  /// - Returns: `true` when a route takes `url`; `false` when the URL does not resolve or only
  ///   the fallback handler would take it.
  public func canOpen(_ url: String, origin: Origin = .internal) -> Bool {
    resolve(url, origin: origin).route != nil
  }

  /// The requests `url` may go to, best first: see `RouteCandidates`.
  ///
  /// An app redirect (see ``RouteRequest/isAppRedirect``) reaches internal routes from any origin.
  func candidates(
    for url: String, origin: Origin, extras: [String: any Sendable], isAppRedirect: Bool = false, openID: UInt64 = 0
  ) throws(RoutingError) -> RouteCandidates {
    let parsed = try table.parse(url)
    if dotSegments.applies(to: origin) { try DotSegmentPolicy.check(parsed, origin: origin) }
    let query = parsed.queryItems
    return RouteCandidates(
      router: self, url: url, parsed: parsed, query: query, origin: origin, extras: extras,
      callbacks: callbacks.callbacks(in: query), isAppRedirect: isAppRedirect, openID: openID)
  }

  /// The table's candidates for one URL as requests, best first: each visible route whose
  /// handler's `canHandle` accepts it, then the fallback's (see ``DeclinePolicy``).
  ///
  /// ``resolve(_:origin:extras:)`` takes the first; `open` takes the next one each time a handler
  /// declines with ``RouteDecline`` (after ``decline(_:)``). Every request is made afresh from
  /// the URL as it arrived and the caller's extras, so nothing one route did reaches the next.
  ///
  /// The first route comes from `RouteTable.match`, the lookup the benchmarks measure; the
  /// resumable search (`RouteTable.candidates(for:)`), which gives the same routes in the same
  /// order, starts only when that route is passed over (not reachable from the origin, or it
  /// declined), and skips it.
  struct RouteCandidates {
    let router: Router
    let url: String
    let parsed: ParsedURL
    /// The URL's query items, decoded once for every request of this URL.
    let query: [QueryItem]
    let origin: Origin
    let extras: [String: any Sendable]
    let callbacks: CallbackURLs
    /// Whether the app's middleware chose the URL, so internal routes are reachable.
    let isAppRedirect: Bool
    /// The number of the open the requests belong to (0 for a resolve).
    let openID: UInt64
    /// The best match's entry once given, so the resumable search skips it.
    private var best: RouteEntry?
    /// Whether no route is left.
    private var exhausted = false
    /// The resumable search, once started.
    private var search: ResumableSearch?
    /// The routes that matched and declined so far, best first.
    private(set) var declined: [RouteDefinition] = []
    /// Whether the fallback's request was given, so it is given once.
    private(set) var fallbackTaken = false

    /// The resumable search behind one reference, so the candidates stay cheap to copy.
    private final class ResumableSearch {
      var iterator: RouteTable<RouteEntry>.Candidates.Iterator

      init(_ iterator: RouteTable<RouteEntry>.Candidates.Iterator) {
        self.iterator = iterator
      }
    }

    /// The candidates of one URL.
    ///
    /// `passedOver` is the best match when the caller looked at it and passed it over (its
    /// route was not reachable, or its handler declined and is recorded so): the candidates
    /// start after it. `exhausted` says the caller found that no route matches.
    init(
      router: Router, url: String, parsed: ParsedURL, query: [QueryItem], origin: Origin,
      extras: [String: any Sendable], callbacks: CallbackURLs, isAppRedirect: Bool, openID: UInt64,
      passedOver: RouteEntry? = nil, exhausted: Bool = false
    ) {
      self.router = router
      self.url = url
      self.parsed = parsed
      self.query = query
      self.origin = origin
      self.extras = extras
      self.callbacks = callbacks
      self.isAppRedirect = isAppRedirect
      self.openID = openID
      self.exhausted = exhausted
      if let passedOver {
        best = passedOver
        if Self.reaches(passedOver, from: origin, isAppRedirect: isAppRedirect) { declined.append(passedOver.route) }
      }
    }

    /// Whether a URL from `origin` may reach `entry`'s route: an external origin reaches public
    /// routes only, unless the app's middleware chose the URL.
    static func reaches(_ entry: RouteEntry, from origin: Origin, isAppRedirect: Bool) -> Bool {
      !origin.isExternal || isAppRedirect || entry.route.exposure == .public
    }

    /// Records that `route`'s handler declined after it was chosen.
    mutating func decline(_ route: RouteDefinition) {
      declined.append(route)
    }

    /// The next route that matches the URL, best first.
    private mutating func nextCandidate() -> RouteMatch<RouteEntry>? {
      if exhausted { return nil }
      if let search {
        guard let next = search.iterator.next() else {
          exhausted = true
          return nil
        }
        return next
      }
      guard let best else {
        guard let match = router.table.match(parsed) else {
          exhausted = true
          return nil
        }
        self.best = match.payload
        return match
      }
      let started = ResumableSearch(router.table.candidates(for: parsed).makeIterator())
      search = started
      // The search gives the best match first: it was given already.
      var next = started.iterator.next()
      if next?.payload === best { next = started.iterator.next() }
      if next == nil { exhausted = true }
      return next
    }

    /// The next request and its route's entry (`nil` for the fallback).
    ///
    /// - Throws: `declined` when routes matched and none is left to take the URL (and the
    ///   fallback may not, or there is none), `notFound` when none matched and there is no
    ///   fallback or it was taken, `callbackNotAllowed` for a callback off the allow-list.
    mutating func next() throws(RoutingError) -> (RouteRequest, RouteEntry?) {
      while let candidate = nextCandidate() {
        let entry = candidate.payload
        guard Self.reaches(entry, from: origin, isAppRedirect: isAppRedirect) else { continue }
        let request = RouteRequest(
          url: parsed, query: query, route: entry.route, parameters: candidate.parameters, extras: extras,
          origin: origin, callbacks: callbacks, declinedRoutes: declined, isAppRedirect: isAppRedirect,
          openID: openID)
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
        url: parsed, query: query, route: nil, parameters: [:], extras: extras, origin: origin, callbacks: callbacks,
        declinedRoutes: declined, isAppRedirect: isAppRedirect, openID: openID)
      try router.checkCallbacks(request)
      return (request, nil)
    }
  }

  func checkCallbacks(_ request: RouteRequest) throws(RoutingError) {
    let asked = request.callbacks
    func refusing(_ url: String?) -> String? { url.flatMap { callbacks.allows($0) ? nil : $0 } }
    if let refused = refusing(asked.success) ?? refusing(asked.error) ?? refusing(asked.cancel) {
      throw RoutingError(
        .callbackNotAllowed,
        "the callback '\(refused)' of '\(request.url.string)' is not on the allow-list; no callback was opened",
        url: request.url.string)
    }
  }
}
