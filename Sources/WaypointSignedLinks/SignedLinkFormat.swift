internal import Crypto
internal import WaypointMatching

/// How a signed link is written and what its signature covers.
///
/// The **canonical form** of a link is the link exactly as sent, byte for byte (scheme, host,
/// path, every other query item in its order and encoding, and the fragment), with the signature
/// item removed. The signature item must be the last query item. The expiry is a query item
/// (`exp=<Unix seconds>`) and is signed like everything else. The signature is the lowercase hex
/// HMAC-SHA256 of the canonical form's UTF-8 bytes:
///
/// ```
/// notes://note/42?ref=mail&exp=1767225600&sig=5d41402abc4b2a76b9719d911017c592…#top
///                          └ signed ───────┘ └ removed before checking ──────┘
/// canonical: notes://note/42?ref=mail&exp=1767225600#top
/// ```
public struct SignedLinkFormat: Sendable, Hashable {
  /// The query key of the signature.
  ///
  /// Default `sig`.
  public var signatureKey = "sig"
  /// The query key of the expiry, in Unix seconds.
  ///
  /// Default `exp`.
  public var expiryKey = "exp"

  /// The default format: `exp` and `sig`.
  public init() {}

  /// Whether `mac` is the HMAC-SHA256 of `canonical` under `key`, compared in constant time.
  static func isValid(_ mac: [UInt8], of canonical: [UInt8], key: [UInt8]) -> Bool {
    HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: canonical, using: SymmetricKey(data: key))
  }

  /// The bytes of a key, kept as a `Sendable` value.
  static func bytes(of key: SymmetricKey) -> [UInt8] {
    key.withUnsafeBytes { Array($0) }
  }

  /// The lowercase hex HMAC-SHA256 of `canonical`.
  static func signature(of canonical: String, key: [UInt8]) -> String {
    let mac = HMAC<SHA256>.authenticationCode(for: Array(canonical.utf8), using: SymmetricKey(data: key))
    return mac.map { byte in
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }

  /// The bytes of a hex string, or `nil`.
  static func bytes(ofHex hex: Substring) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = PercentCoding.hexValue(digits[index]), let low = PercentCoding.hexValue(digits[index + 1])
      else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }
}
