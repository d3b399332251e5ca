@preconcurrency import Crypto
import Foundation

/// A plain second reading of the signed-link rules, written from `SignedLinkFormat`'s
/// documentation with Foundation and swift-crypto directly, which the fuzzer compares
/// `LinkVerifier` against on every input: string searches instead of `LinkText`, Foundation's
/// percent- and base64-decoding instead of Waypoint's.
struct ReferenceLinkCheck {
  var ed25519: [String: Curve25519.Signing.PublicKey]
  var hmac: [String: SymmetricKey]
  var revoked: Set<String>
  var now: Int
  var skew: Int

  /// Whether `url` is a link the rules accept.
  func accepts(_ url: String) -> Bool {
    let beforeFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    guard let question = beforeFragment.firstIndex(of: "?") else { return false }
    let items = beforeFragment[beforeFragment.index(after: question)...].split(
      separator: "&", omittingEmptySubsequences: false)
    var values: [String: String] = [:]
    for (index, item) in items.enumerated() {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      guard ["sig", "exp", "kid", "nbf", "nonce"].contains(name) else { continue }
      if values[name] != nil { return false }
      if name == "sig", index != items.count - 1 { return false }
      values[name] = parts.count > 1 ? (name == "sig" ? String(parts[1]) : Self.decode(parts[1])) : ""
    }
    guard let signatureText = values["sig"], let keyID = values["kid"], let expiryText = values["exp"] else {
      return false
    }
    guard let signature = Self.base64URL(signatureText), signature.count == 64 || signature.count == 32 else {
      return false
    }
    if revoked.contains(keyID) { return false }
    // The canonical form: the link with its last item and the separator before it removed.
    let lastItem = items[items.count - 1]
    let cut = beforeFragment.index(lastItem.startIndex, offsetBy: -1)
    let canonical = String(url[..<cut]) + String(url[lastItem.endIndex...])
    let bytes = Data(canonical.utf8)
    if let key = ed25519[keyID] {
      guard signature.count == 64, key.isValidSignature(signature, for: bytes) else { return false }
    } else if let key = hmac[keyID] {
      guard signature.count == 32, HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: bytes, using: key)
      else { return false }
    } else {
      return false
    }
    guard let expiry = Self.seconds(expiryText), now < expiry + skew else { return false }
    if let notBefore = values["nbf"] {
      guard let start = Self.seconds(notBefore), now + skew >= start else { return false }
    }
    return true
  }

  /// A query name or value decoded as an app reads it: `+` is a space, `%XX` a byte; undecodable
  /// text is kept as written.
  static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? String(text)
  }

  /// Unix seconds: 1–12 ASCII digits.
  static func seconds(_ text: String) -> Int? {
    guard (1...12).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// Canonical base64url without padding: decoded by Foundation, and written back the same.
  static func base64URL(_ text: String) -> Data? {
    guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    guard let data = Data(base64Encoded: standard) else { return nil }
    let written = data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    return written == text ? data : nil
  }
}
