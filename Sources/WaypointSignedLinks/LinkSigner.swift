public import Waypoint
internal import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Signs links for a ``LinkVerifier`` that trusts its key.
///
/// A verifier (and ``SignedLinkMiddleware``) with the matching public key accepts the links
/// until they expire. A signer runs where the private key is: a server, or `waypoint sign`.
///
/// ```swift
/// let signer = LinkSigner(key: try SigningKey(fileText: privateKeyFile))
/// let link = try signer.sign("notes://note/42?ref=mail", expiresAt: Date(timeIntervalSinceNow: 86_400))
/// // notes://note/42?ref=mail&kid=2026-11&exp=1767225600&sig=…
/// let once = try signer.sign("notes://invite/7", expiresAt: tomorrow, nonce: LinkSigner.makeNonce())
/// ```
public struct LinkSigner: Sendable {
  /// The key links are signed with.
  public let key: SigningKey
  /// Where the key id, times, nonce and signature go.
  public let format: SignedLinkFormat

  /// A signer with `key`.
  ///
  /// - Parameters:
  ///   - key: The key links are signed with; its id goes into each link.
  ///   - format: The query items' names; `kid`, `exp`, `nbf`, `nonce` and `sig` by default. The
  ///     verifier must use the same.
  public init(key: SigningKey, format: SignedLinkFormat = SignedLinkFormat()) {
    self.key = key
    self.format = format
  }

  /// `url` with the key id, expiry, optional not-before time and nonce, and the signature added
  /// as its last query items, before any fragment.
  ///
  /// - Parameters:
  ///   - url: The link as it will be sent; nothing in it may change after signing.
  ///   - expiry: When the link stops being valid (rounded down to the second).
  ///   - notBefore: When it starts being valid, if later than now.
  ///   - nonce: A value that makes the link one-time for a verifier with a nonce store
  ///     (``makeNonce()`` makes one).
  /// - Returns: The signed link.
  /// - Throws: `invalidParameter` when the link already has an item of the format, the nonce
  ///   is empty, or a time is outside what a link can carry (0 through 999,999,999,999 Unix seconds).
  public func sign(
    _ url: String, expiresAt expiry: Date, notBefore: Date? = nil, nonce: String? = nil
  ) throws(RoutingError) -> String {
    var link = LinkText(url)
    for name in format.keys where link.hasItem(named: name) {
      throw RoutingError(.invalidParameter, "'\(url)' already has a '\(name)' query item", url: url, parameter: name)
    }
    if let nonce, nonce.isEmpty {
      throw RoutingError(.invalidParameter, "a nonce must not be empty", url: url, parameter: format.nonceKey)
    }
    var items = [
      QueryItem(name: format.keyIDKey, value: key.keyID),
      QueryItem(name: format.expiryKey, value: try Self.seconds(expiry, url: url, item: format.expiryKey)),
    ]
    if let notBefore {
      items.append(
        QueryItem(name: format.notBeforeKey, value: try Self.seconds(notBefore, url: url, item: format.notBeforeKey)))
    }
    if let nonce { items.append(QueryItem(name: format.nonceKey, value: nonce)) }
    link.append(items)
    let signature = key.signature(for: Array(link.string.utf8))
    link.append(raw: [Substring("\(format.signatureKey)=\(Base64URL.encode(signature))")])
    return link.string
  }

  /// A new random nonce: 16 bytes from the system's secure generator, in base64url.
  public static func makeNonce() -> String {
    Base64URL.encode(WaypointClock.live.randomBytes(16))
  }

  /// `date` in whole Unix seconds, as the item is written.
  private static func seconds(_ date: Date, url: String, item: String) throws(RoutingError) -> String {
    guard let seconds = UnixTime.seconds(date) else {
      throw RoutingError(
        .invalidParameter,
        "'\(item)' would be \(date.timeIntervalSince1970) s; a signed link carries times from 0 to "
          + "\(UnixTime.range.upperBound) Unix seconds, which a verifier reads",
        url: url, parameter: item)
    }
    return String(seconds)
  }
}
