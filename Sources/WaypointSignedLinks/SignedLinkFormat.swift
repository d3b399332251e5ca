/// How a signed link is written and what its signature covers.
///
/// A signed link carries, as its last query items, the id of the key that signed it (`kid`), its
/// expiry in Unix seconds (`exp`), optionally the time it becomes valid (`nbf`) and a one-time
/// `nonce`, and finally the signature (`sig`), which must be the last item:
///
/// ```
/// notes://note/42?ref=mail&kid=2026-11&exp=1767225600&sig=Zk9v…#top
///                 └ signed ─────────────────────────┘ └ removed ┘
/// canonical: notes://note/42?ref=mail&kid=2026-11&exp=1767225600#top
/// ```
///
/// The **canonical form** is the link exactly as sent, byte for byte (scheme, host, path, every
/// query item in its order and encoding, and the fragment), with the signature item removed; the
/// key id, expiry, not-before time and nonce are inside it. The signature is Ed25519 (64 bytes)
/// or HMAC-SHA256 (32 bytes), as the key with that id is, over the canonical form's UTF-8 bytes,
/// written in base64url without padding. The verifier takes the algorithm from its own key,
/// never from the link.
public struct SignedLinkFormat: Sendable, Hashable {
  /// The query key of the signature.
  ///
  /// Default `sig`.
  public var signatureKey = "sig"
  /// The query key of the expiry, in Unix seconds.
  ///
  /// Default `exp`.
  public var expiryKey = "exp"
  /// The query key of the signing key's id.
  ///
  /// Default `kid`.
  public var keyIDKey = "kid"
  /// The query key of the time the link becomes valid, in Unix seconds.
  ///
  /// Default `nbf`.
  public var notBeforeKey = "nbf"
  /// The query key of a one-time link's nonce.
  ///
  /// Default `nonce`.
  public var nonceKey = "nonce"

  /// The default format: `kid`, `exp`, `nbf`, `nonce` and `sig`.
  public init() {}

  /// Every key the format reads, which the middleware removes from a verified request.
  public var keys: [String] { [keyIDKey, expiryKey, notBeforeKey, nonceKey, signatureKey] }
}
