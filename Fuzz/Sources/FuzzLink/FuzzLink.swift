@preconcurrency import Crypto
import Foundation
import FuzzSupport
import WaypointSignedLinks

/// The link verifier: no input crashes it, and its verdict equals ``ReferenceLinkCheck``'s on
/// every input, so nothing is accepted that a trusted key did not sign (the fuzzer cannot forge a
/// signature; it mutates the signed seeds in `Fuzz/Corpus/Link`).
///
/// Keys: `k1` (Ed25519, seed 32 × 0x01) and `h1` (HMAC, the bytes of `hmacSecret`) are trusted;
/// `k0` (Ed25519, seed 32 × 0x03) is revoked. The clock is 1,800,000,000 with a 30-second skew.
enum Fixture {
  static let hmacSecret = Array("the fuzzer's HMAC secret, 32 b!!".utf8)
  static let trusted = key(seed: 1)
  static let revoked = key(seed: 3)

  /// The Ed25519 key whose seed is `byte` repeated (any 32 bytes are a valid seed).
  static func key(seed byte: UInt8) -> Curve25519.Signing.PrivateKey {
    guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: byte, count: 32)) else {
      fatalError("a 32-byte Ed25519 seed was refused")
    }
    return key
  }
  static let now = 1_800_000_000

  static let verifier: LinkVerifier = {
    let ring = try? KeyRing(
      [
        .ed25519(trusted.publicKey, id: "k1"), .ed25519(revoked.publicKey, id: "k0"),
        .hmac(SymmetricKey(data: hmacSecret), id: "h1"),
      ], revoked: ["k0"])
    guard let ring else { fatalError("the fixture's key ring was refused") }
    return LinkVerifier(keys: ring, clockSkew: .seconds(30), now: { Date(timeIntervalSince1970: TimeInterval(now)) })
  }()

  static let reference = ReferenceLinkCheck(
    ed25519: ["k1": trusted.publicKey, "k0": revoked.publicKey], hmac: ["h1": SymmetricKey(data: hmacSecret)],
    revoked: ["k0"], now: now, skew: 30)
}

/// Checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let accepted: Bool
  do {
    _ = try Fixture.verifier.verify(url)
    accepted = true
  } catch {
    require(!error.description.isEmpty, "a refusal without a reason for \(url.debugDescription)")
    accepted = false
  }
  let expected = Fixture.reference.accepts(url)
  require(
    accepted == expected,
    "the verifier \(accepted ? "accepted" : "refused") \(url.debugDescription), the reference \(expected ? "accepts" : "refuses") it"
  )
  return 0
}

/// Makes the fixture before the first input, so its keys are not counted as that input's
/// allocations (the leak check cannot see pointers kept in enum payloads with spare bits set).
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  _ = Fixture.verifier
  _ = Fixture.reference
  return 0
}
