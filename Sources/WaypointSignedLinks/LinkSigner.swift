@preconcurrency public import Crypto
public import Waypoint

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Signs links so that ``SignedLinkMiddleware`` accepts them until they expire.
///
/// ```swift
/// let signer = LinkSigner(key: SymmetricKey(data: secret))
/// let link = try signer.sign("notes://note/42?ref=mail", expiresAt: Date(timeIntervalSinceNow: 86_400))
/// // notes://note/42?ref=mail&exp=1767225600&sig=…
/// ```
public struct LinkSigner: Sendable {
  private let key: [UInt8]
  /// Where the expiry and signature go.
  public let format: SignedLinkFormat

  /// A signer with `key`.
  public init(key: SymmetricKey, format: SignedLinkFormat = SignedLinkFormat()) {
    self.key = SignedLinkFormat.bytes(of: key)
    self.format = format
  }

  /// A signer with a key made of `secret`'s bytes (at least 32 of them are recommended).
  public init(secret: [UInt8], format: SignedLinkFormat = SignedLinkFormat()) {
    self.key = secret
    self.format = format
  }

  /// `url` with an expiry and a signature added as its last query items, before any fragment.
  ///
  /// - Throws: `invalidParameter` when the link already has an expiry or signature item.
  public func sign(_ url: String, expiresAt expiry: Date) throws(RoutingError) -> String {
    var link = LinkText(url)
    for key in [format.expiryKey, format.signatureKey] where link.hasItem(named: key) {
      throw RoutingError(.invalidParameter, "'\(url)' already has a '\(key)' query item", url: url, parameter: key)
    }
    let seconds = Int(expiry.timeIntervalSince1970.rounded(.down))
    link.append(raw: [Substring("\(format.expiryKey)=\(seconds)")])
    let signature = SignedLinkFormat.signature(of: link.string, key: key)
    link.append(raw: [Substring("\(format.signatureKey)=\(signature)")])
    return link.string
  }
}
