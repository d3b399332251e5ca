public import Waypoint
internal import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Checks signed links against the keys it trusts.
///
/// It checks the signature, the key id, the times and, for one-time links, the nonce. It holds
/// public keys only (for Ed25519), so an app that ships it holds nothing that could sign a link.
///
/// ```swift
/// let verifier = LinkVerifier(
///   keys: try KeyRing([VerificationKey(fileText: publicKeyFile)], revoked: ["2025-01"]),
///   nonces: .checkWhenPresent(MemoryNonceStore()))
/// let link = try verifier.verify("notes://note/42?kid=2026-11&exp=1767225600&sig=…")
/// link.keyID   // "2026-11"
/// ```
///
/// A link is refused, with a distinct ``SignedLinkRefusal``, when it is unsigned, when its
/// signature is not the last item or not base64url of the right length, when an item of the
/// format appears twice, when its key id is missing, unknown or revoked, when the signature does
/// not match, when its expiry is missing, malformed or past, when it is not yet valid, and when
/// its nonce was seen before (or is missing where nonces are required).
public struct LinkVerifier: Sendable {
  /// What the verifier does with nonces.
  public enum NoncePolicy: Sendable {
    /// Nonces are signed like any item but not remembered.
    case ignore
    /// A link with a nonce is accepted once; a link without one is accepted as usual.
    case checkWhenPresent(any NonceStore)
    /// Every link must have a nonce, accepted once.
    case require(any NonceStore)
  }

  /// The keys the verifier trusts and the ids it refuses.
  public let keys: KeyRing
  /// Where the key id, times, nonce and signature are.
  public let format: SignedLinkFormat
  /// How far the verifier's clock may be from the signer's: a link is accepted this long after
  /// its expiry and this long before its not-before time.
  public let clockSkew: Duration
  /// What the verifier does with nonces.
  public let nonces: NoncePolicy
  private let now: @Sendable () -> Date

  /// A verifier trusting `keys`.
  ///
  /// - Parameters:
  ///   - keys: The keys a signature may be made with.
  ///   - format: Where the items are.
  ///   - clockSkew: The allowance for clocks that disagree. Default 30 seconds.
  ///   - nonces: Whether links are one-time. Default ``NoncePolicy/ignore``.
  ///   - now: The clock.
  public init(
    keys: KeyRing, format: SignedLinkFormat = SignedLinkFormat(), clockSkew: Duration = .seconds(30),
    nonces: NoncePolicy = .ignore, now: @escaping @Sendable () -> Date = { WaypointClock.live.now() }
  ) {
    self.keys = keys
    self.format = format
    self.clockSkew = clockSkew
    self.nonces = nonces
    self.now = now
  }

  /// Checks `url` and returns what it was signed with.
  ///
  /// Nothing is remembered for a link that is refused: a nonce is claimed only when every other
  /// check passed.
  ///
  /// - Throws: The ``SignedLinkRefusal`` that says why.
  public func verify(_ url: String) throws(SignedLinkRefusal) -> VerifiedLink {
    let link = try SignedLinkItems(url, format: format)
    let keyID = link.keyID
    let key: VerificationKey
    switch keys.lookUp(keyID) {
    case .revoked: throw .revokedKeyID(keyID)
    case .unknown: throw .unknownKeyID(keyID, trusted: keys.keyIDs)
    case .trusted(let trusted): key = trusted
    }
    guard key.isValid(link.signature, for: link.canonical) else { throw .badSignature(keyID: keyID) }
    let expiry = try Self.seconds(link.expiry, item: format.expiryKey)
    let skew = Int(clockSkew.components.seconds)
    let current = UnixTime.clamped(now())
    guard current < expiry.addingReportingOverflow(skew).partialValue else {
      throw .expired(secondsAgo: current - expiry)
    }
    var notBefore: Int?
    if let text = link.notBefore {
      let start = try Self.seconds(text, item: format.notBeforeKey)
      guard current.addingReportingOverflow(skew).partialValue >= start else {
        throw .notYetValid(secondsAhead: start - current)
      }
      notBefore = start
    }
    let store: (any NonceStore)?
    switch nonces {
    case .ignore: store = nil
    case .checkWhenPresent(let nonces): store = nonces
    case .require(let nonces):
      guard link.nonce != nil else { throw .missingNonce(item: format.nonceKey) }
      store = nonces
    }
    if let store, let nonce = link.nonce {
      let until = Date(timeIntervalSince1970: TimeInterval(expiry) + TimeInterval(skew))
      guard store.claim(nonce, keyID: keyID, validUntil: until, now: Date(timeIntervalSince1970: TimeInterval(current)))
      else { throw .replayed }
    }
    return VerifiedLink(
      keyID: keyID, expiry: Date(timeIntervalSince1970: TimeInterval(expiry)),
      notBefore: notBefore.map { Date(timeIntervalSince1970: TimeInterval($0)) }, nonce: link.nonce)
  }

  /// A Unix time in seconds: ASCII digits only, at most 12 of them.
  private static func seconds(_ text: String, item: String) throws(SignedLinkRefusal) -> Int {
    guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text)
    else { throw .malformedTime(item: item, value: String(text.prefix(40))) }
    return value
  }
}

/// What a verified link was signed with.
public struct VerifiedLink: Sendable, Hashable {
  /// The id of the key that signed it.
  public let keyID: String
  /// When it stops being valid.
  public let expiry: Date
  /// When it started being valid, when it says.
  public let notBefore: Date?
  /// Its nonce, when it has one.
  public let nonce: String?
}

/// Why a signed link was refused.
public enum SignedLinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// It has no signature item.
  case unsigned(item: String)
  /// A signature item is not the last query item.
  case signatureNotLast(item: String)
  /// An item of the format appears more than once.
  case repeatedItem(String)
  /// The signature is not base64url of a signature's length.
  case malformedSignature
  /// It names no key.
  case missingKeyID(item: String)
  /// It names a key the verifier does not know.
  case unknownKeyID(String, trusted: [String])
  /// It names a key the verifier refuses.
  case revokedKeyID(String)
  /// The signature is not the named key's signature of the link: the link was changed after signing.
  case badSignature(keyID: String)
  /// It has no expiry.
  case missingExpiry(item: String)
  /// A time item is not Unix seconds.
  case malformedTime(item: String, value: String)
  /// It expired this many seconds ago.
  case expired(secondsAgo: Int)
  /// It becomes valid in this many seconds.
  case notYetValid(secondsAhead: Int)
  /// It has no nonce, and the verifier requires one.
  case missingNonce(item: String)
  /// Its nonce was accepted before (or can no longer be told apart from one that was).
  case replayed

  /// The reason, for people.
  public var description: String {
    switch self {
    case .unsigned(let item): return "the link is not signed (it has no '\(item)' query item)"
    case .signatureNotLast(let item): return "the signature ('\(item)') must be the last query item"
    case .repeatedItem(let item):
      return "the link has more than one '\(item)' query item; a signed link has each once"
    case .malformedSignature:
      return "the signature is not base64url of a 64-byte Ed25519 or 32-byte HMAC signature"
    case .missingKeyID(let item): return "the link names no key (it has no '\(item)' query item)"
    case .unknownKeyID(let id, let trusted):
      return "the link is signed with key '\(id)', which this app does not know (it trusts: "
        + (trusted.isEmpty ? "no keys" : trusted.map { "'\($0)'" }.joined(separator: ", ")) + ")"
    case .revokedKeyID(let id): return "the link is signed with key '\(id)', which is revoked"
    case .badSignature(let id):
      return "the signature does not match key '\(id)': the link was changed after signing, or signed with another key"
    case .missingExpiry(let item): return "the link has no expiry ('\(item)')"
    case .malformedTime(let item, let value): return "'\(item)=\(value)' is not a Unix time in seconds"
    case .expired(let seconds): return "the link expired \(seconds) s ago"
    case .notYetValid(let seconds): return "the link is not valid for another \(seconds) s"
    case .missingNonce(let item): return "the link has no nonce ('\(item)'), and links here are one-time"
    case .replayed: return "the link was already used (its nonce was seen before)"
    }
  }
}

/// A link split into what its signature covers and the items of the format, decoded.
struct SignedLinkItems {
  /// The canonical form's bytes: the link without its last (signature) item.
  let canonical: [UInt8]
  let signature: [UInt8]
  let keyID: String
  let expiry: String
  let notBefore: String?
  let nonce: String?

  init(_ url: String, format: SignedLinkFormat) throws(SignedLinkRefusal) {
    var link = LinkText(url)
    let items = link.items ?? []
    var found: [String: String] = [:]
    var signatureAt: Int?
    for (index, item) in items.enumerated() {
      let (name, value) = Self.decode(item)
      guard format.keys.contains(name) else { continue }
      guard found[name] == nil else { throw .repeatedItem(name) }
      found[name] = value
      if name == format.signatureKey { signatureAt = index }
    }
    guard let signatureAt else { throw .unsigned(item: format.signatureKey) }
    guard signatureAt == items.count - 1 else { throw .signatureNotLast(item: format.signatureKey) }
    let raw = items[signatureAt]
    guard let equals = raw.firstIndex(of: "="), let signature = Base64URL.decode(raw[raw.index(after: equals)...]),
      signature.count == 64 || signature.count == 32
    else { throw .malformedSignature }
    // What was signed: the link as sent without its last item (a link with no other item had no `?`).
    link.items = items.count > 1 ? Array(items.dropLast()) : nil
    canonical = Array(link.string.utf8)
    self.signature = signature
    guard let keyID = found[format.keyIDKey] else { throw .missingKeyID(item: format.keyIDKey) }
    guard let expiry = found[format.expiryKey] else { throw .missingExpiry(item: format.expiryKey) }
    self.keyID = keyID
    self.expiry = expiry
    notBefore = found[format.notBeforeKey]
    nonce = found[format.nonceKey]
  }

  /// An item's name and value, percent-decoded as the app's request reads them (`+` as a space);
  /// an item that does not decode keeps its raw text, which no key of the format equals.
  static func decode(_ item: Substring) -> (String, String) {
    let equals = item.firstIndex(of: "=")
    let name = equals.map { item[..<$0] } ?? item
    let value = equals.map { item[item.index(after: $0)...] } ?? ""
    let decodedName = (try? PercentCoding.decode(name, plusAsSpace: true)) ?? name
    let decodedValue = (try? PercentCoding.decode(value, plusAsSpace: true)) ?? value
    return (String(decodedName), String(decodedValue))
  }
}

/// Unix times as signed links carry them: whole seconds from 0 to 999,999,999,999 (12 digits,
/// past the year 30,000), so a time never overflows an `Int` and every written time reads back.
enum UnixTime {
  /// The times a link can carry.
  static let range = 0...999_999_999_999

  /// `date` in whole seconds, or `nil` when it is outside ``range``.
  static func seconds(_ date: Date) -> Int? {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds >= 0, seconds <= Double(range.upperBound) else { return nil }
    return Int(seconds)
  }

  /// `date` in whole seconds, held within ±10¹⁵ so that a clock far off (or not finite) still
  /// compares with any time a link carries instead of trapping on conversion.
  static func clamped(_ date: Date) -> Int {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard !seconds.isNaN else { return 0 }
    return Int(min(max(seconds, -1e15), 1e15))
  }
}
