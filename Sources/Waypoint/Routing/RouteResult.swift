/// What a route's chain gave: the route that took the request, and its outcome: the handler's
/// value, or a redirect the router follows.
///
/// ```swift
/// let result = try await router.open("myapp://user/42")
/// result.route?.name               // "user"
/// let profile = try result.value(as: Profile.self)
/// ```
///
/// A result that ``Router/open(_:origin:extras:)-(String,_,_)`` returns always has a value: the router follows
/// redirects itself. Middleware sees both kinds, and tells them apart with ``outcome``.
public struct RouteResult: Sendable {
  /// What a chain ends in.
  public enum Outcome: Sendable {
    /// The handler's value.
    case value(any Sendable)
    /// Open this URL instead, through the whole pipeline again, so a redirect can never skip a
    /// check.
    case redirect(to: String)
  }

  /// The URL that was handled: for a result of `open`, the last URL it opened, as it arrived.
  public var url: String
  /// The route that handled it, or `nil` when the fallback handler did.
  public var route: RouteDefinition?
  /// The handler's value, or where to go instead.
  public var outcome: Outcome
  /// The link a middleware parked on the way (see ``park(_:until:showing:)``); a ``LinkInbox``
  /// keeps it and opens it again on ``LinkInbox/resume(_:)``.
  public var parked: ParkedLink?
  /// Whether a route's declared redirect (not a middleware) made this result: its target is
  /// filled from the link, so it reaches only what the link's origin may reach.
  var isDeclaredRedirect = false

  /// A result carrying `value` for `request`.
  ///
  /// - Parameters:
  ///   - value: What the caller of `open` gets back.
  ///   - request: The request handled; the result takes its URL and route.
  public init(_ value: any Sendable, for request: RouteRequest) {
    self.url = request.url.string
    self.route = request.route
    self.outcome = .value(value)
  }

  /// A result that sends the request on to `url`: the router opens it through every middleware
  /// again, so a redirect can never skip a check.
  ///
  /// A middleware's redirect is the app's choice, not the link's: `url` reaches internal routes
  /// even for a link from outside (the request says ``RouteRequest/isAppRedirect``), so a
  /// sign-in screen need not be public. Never redirect to a URL read from the link; carry it
  /// as an encoded query item instead:
  ///
  /// ```swift
  /// let next = QueryItem(name: "next", value: request.url.string)
  /// return .redirect(to: LinkText.appending([next], to: "myapp://login"), from: request)
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL to open instead, chosen by the app.
  ///   - request: The request being sent on; the result takes its URL and route.
  /// - Returns: A result whose outcome is ``Outcome/redirect(to:)``.
  public static func redirect(to url: String, from request: RouteRequest) -> RouteResult {
    var result = RouteResult((), for: request)
    result.outcome = .redirect(to: url)
    return result
  }

  /// A result that parks `request`'s link until the app says `gate` is passed (sign-in done),
  /// and opens `url` meanwhile (the sign-in screen), through every middleware like a redirect.
  ///
  /// Opened through a ``LinkInbox``, the link is kept and opened again, with its origin and
  /// extras, on ``LinkInbox/resume(_:)``; the router reports a `waited` event either way.
  ///
  /// ```swift
  /// struct SignInFirst: RouteMiddleware {
  ///   let session: Session
  ///   func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
  ///     guard request.route?.name != "login", !session.isSignedIn else { return try await next(request) }
  ///     return .park(request, until: "signIn", showing: "notes://login")
  ///   }
  /// }
  /// // when sign-in succeeds:
  /// inbox.resume("signIn")
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request whose link waits; its URL, origin and extras are kept.
  ///   - gate: What the app must pass first, the name it later gives ``LinkInbox/resume(_:)``.
  ///   - url: The URL to open meanwhile, as a middleware's redirect; `nil`, the default, opens
  ///     nothing in the link's place.
  /// - Returns: A result carrying the parked link: a redirect to `url`, or the value `()`
  ///   without one.
  public static func park(_ request: RouteRequest, until gate: String, showing url: String? = nil) -> RouteResult {
    var result = url.map { redirect(to: $0, from: request) } ?? RouteResult((), for: request)
    result.parked = ParkedLink(gate: gate, url: request.url.string, origin: request.origin, extras: request.extras)
    return result
  }

  /// The URL to open instead, when the outcome is a redirect.
  public var redirect: String? {
    guard case .redirect(let target) = outcome else { return nil }
    return target
  }

  /// The value as `type`.
  ///
  /// - Throws: `typeMismatch` naming both types when the value is of another type, or when the
  ///   outcome is a redirect.
  public func value<Value>(as type: Value.Type) throws(RoutingError) -> Value {
    switch outcome {
    case .value(let value as Value):
      return value
    case .value(let value):
      throw RoutingError(
        .typeMismatch, "the result of '\(url)' is a \(Swift.type(of: value)), not a \(Value.self)", url: url)
    case .redirect(let target):
      throw RoutingError(
        .typeMismatch, "the result of '\(url)' is a redirect to '\(target)', not a \(Value.self)", url: url)
    }
  }
}
