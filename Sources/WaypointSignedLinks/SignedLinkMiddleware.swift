public import Waypoint

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Lets through only links that its ``LinkVerifier`` accepts.
///
/// Anything else is `rejected` with the verifier's reason. By default it checks links from
/// outside the app only, and not the screen the app's own middleware shows in front of one
/// (a sign-in screen: the app wrote that URL).
///
/// ```swift
/// let keys = try KeyRing([VerificationKey(fileText: publicKeyFile)])
/// builder.use(SignedLinkMiddleware(keys: keys))
/// ```
///
/// See ``SignedLinkFormat`` for what the signature covers.
public struct SignedLinkMiddleware: RouteMiddleware {
  /// The verifier every link it applies to goes through.
  public let verifier: LinkVerifier
  private let appliesTo: @Sendable (RouteRequest) -> Bool

  /// A middleware checking links with `verifier`.
  ///
  /// - Parameters:
  ///   - verifier: The keys, clock, skew and nonce policy.
  ///   - appliesTo: Which requests must be signed; by default those from outside the app, but
  ///     not the URLs the app's own middleware sent them to (`RouteRequest.isAppRedirect`: a
  ///     sign-in screen shown in front of a link), which the app wrote.
  public init(
    verifier: LinkVerifier,
    appliesTo: @escaping @Sendable (RouteRequest) -> Bool = { $0.origin.isExternal && !$0.isAppRedirect }
  ) {
    self.verifier = verifier
    self.appliesTo = appliesTo
  }

  /// A middleware accepting links signed with any key of `keys` (no nonces, a 30-second clock skew).
  ///
  /// - Parameters:
  ///   - keys: The keys a signature may be made with.
  ///   - appliesTo: Which requests must be signed; by default those from outside the app, but
  ///     not the URLs the app's own middleware sent them to, which the app wrote.
  ///   - now: The clock expiry and not-before times are checked against (tests pass their own).
  public init(
    keys: KeyRing,
    appliesTo: @escaping @Sendable (RouteRequest) -> Bool = { $0.origin.isExternal && !$0.isAppRedirect },
    now: @escaping @Sendable () -> Date = { WaypointClock.live.now() }
  ) {
    self.init(verifier: LinkVerifier(keys: keys, now: now), appliesTo: appliesTo)
  }

  /// Lets a request through now when it need not be signed (an app's own link, by default).
  ///
  /// - Parameter request: The request on its way to the handler.
  /// - Returns: Whether `request` needs no signature.
  @MainActor public func passesNow(_ request: RouteRequest) -> Bool {
    !appliesTo(request)
  }

  /// Checks the link of requests it applies to, then goes on with the format's items (`kid`,
  /// `exp`, `nbf`, `nonce`, `sig`) removed from the request's URL and query.
  ///
  /// - Parameters:
  ///   - request: The request; it goes on untouched when the middleware does not apply to it.
  ///   - next: The rest of the chain, called with the verified request.
  /// - Returns: What `next` returns.
  /// - Throws: `rejected` with the verifier's reason when the link is refused, or what `next`
  ///   throws.
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    guard appliesTo(request) else { return try await next(request) }
    try verify(request.url.string)
    var verified = request
    let names = Set(verifier.format.keys)
    try verified.setQuery(request.query.filter { !names.contains($0.name) })
    return try await next(verified)
  }

  /// Checks `url` as ``handle(_:next:)`` does.
  ///
  /// - Throws: `rejected` with the reason.
  @discardableResult
  public func verify(_ url: String) throws(RoutingError) -> VerifiedLink {
    do {
      return try verifier.verify(url)
    } catch {
      throw RoutingError(.rejected, "refused signed link '\(url)': \(error)", url: url)
    }
  }
}
