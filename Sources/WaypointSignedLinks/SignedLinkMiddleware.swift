@preconcurrency public import Crypto
public import Waypoint

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Lets through only links signed with one of its keys and not yet expired; anything else is `rejected` with the reason
/// (no signature, no or bad expiry, a signature that does not match, expired).
///
/// See ``SignedLinkFormat`` for what the signature covers.
///
/// ```swift
/// builder.use(SignedLinkMiddleware(keys: [current, previous]))   // external links only, by default
/// ```
public struct SignedLinkMiddleware: RouteMiddleware {
  private let keys: [[UInt8]]
  private let format: SignedLinkFormat
  private let appliesTo: @Sendable (RouteRequest) -> Bool
  private let now: @Sendable () -> Date

  /// A middleware accepting links signed with any of `keys` (list the newest first to rotate).
  ///
  /// - Parameters:
  ///   - keys: The keys a signature may be made with.
  ///   - format: Where the expiry and signature are.
  ///   - appliesTo: Which requests must be signed; by default those from outside the app.
  ///   - now: The clock expiry is checked against.
  public init(
    keys: [SymmetricKey], format: SignedLinkFormat = SignedLinkFormat(),
    appliesTo: @escaping @Sendable (RouteRequest) -> Bool = { $0.origin.isExternal },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.keys = keys.map(SignedLinkFormat.bytes(of:))
    self.format = format
    self.appliesTo = appliesTo
    self.now = now
  }

  /// A middleware accepting links signed with any of `secrets` (each a key's bytes).
  public init(
    secrets: [[UInt8]], format: SignedLinkFormat = SignedLinkFormat(),
    appliesTo: @escaping @Sendable (RouteRequest) -> Bool = { $0.origin.isExternal },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.keys = secrets
    self.format = format
    self.appliesTo = appliesTo
    self.now = now
  }

  /// Checks the signature and expiry of requests it applies to, then goes on with the expiry
  /// and signature items removed from the request's URL (and so from its query).
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    guard appliesTo(request) else { return try await next(request) }
    try verify(request.url.string)
    var verified = request
    try verified.setQuery(request.query.filter { $0.name != format.signatureKey && $0.name != format.expiryKey })
    return try await next(verified)
  }

  /// Checks `url`'s signature, then its expiry.
  ///
  /// - Throws: `rejected` with the reason.
  public func verify(_ url: String) throws(RoutingError) {
    var link = LinkText(url)
    let items = link.items ?? []
    let signaturePrefix = format.signatureKey + "="
    guard let last = items.last, last.hasPrefix(signaturePrefix) else {
      if items.contains(where: { $0.hasPrefix(signaturePrefix) }) {
        throw reject(url, "the signature ('\(format.signatureKey)') must be the last query item")
      }
      throw reject(url, "the link is not signed (it has no '\(format.signatureKey)' query item)")
    }
    guard let mac = SignedLinkFormat.bytes(ofHex: last.dropFirst(signaturePrefix.count)), mac.count == 32 else {
      throw reject(url, "the signature is not 64 hex digits")
    }
    // What was signed: the link as sent without its last item (a link with no other item had no `?`).
    link.items = items.count > 1 ? Array(items.dropLast()) : nil
    let canonical = Array(link.string.utf8)
    guard keys.contains(where: { SignedLinkFormat.isValid(mac, of: canonical, key: $0) }) else {
      throw reject(url, "the signature does not match: the link was changed after signing, or signed with another key")
    }
    let expiryPrefix = format.expiryKey + "="
    guard let expiryItem = items.dropLast().last(where: { $0.hasPrefix(expiryPrefix) }) else {
      throw reject(url, "the link has no expiry ('\(format.expiryKey)')")
    }
    guard let expiry = Int(expiryItem.dropFirst(expiryPrefix.count)) else {
      throw reject(url, "the expiry '\(expiryItem.dropFirst(expiryPrefix.count))' is not a Unix time in seconds")
    }
    let current = Int(now().timeIntervalSince1970.rounded(.down))
    guard current < expiry else {
      throw reject(url, "the link expired \(current - expiry) s ago (\(format.expiryKey)=\(expiry))")
    }
  }

  private func reject(_ url: String, _ reason: String) -> RoutingError {
    RoutingError(.rejected, "refused signed link '\(url)': \(reason)", url: url)
  }
}
