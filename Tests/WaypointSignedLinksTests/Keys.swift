@preconcurrency import Crypto
import Foundation
import WaypointSignedLinks

/// Fixed keys, so signatures in the tests are the same every run.
enum Keys {
  /// The value of `make`, which cannot fail for the fixed inputs here.
  static func fixed<Value>(_ what: String, _ make: () throws -> Value) -> Value {
    do {
      return try make()
    } catch {
      preconditionFailure("the fixture \(what) could not be made: \(error)")
    }
  }

  /// An Ed25519 key whose private seed is `byte` repeated (any 32 bytes are a valid seed).
  static func ed25519(_ id: String, seed byte: UInt8 = 7) -> SigningKey {
    fixed("key \(id)") {
      try SigningKey.ed25519(
        Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: byte, count: 32)), id: id)
    }
  }

  static let current = ed25519("2026-11", seed: 1)
  static let next = ed25519("2027-05", seed: 2)
  static let old = ed25519("2025-01", seed: 3)
  static let hmac = fixed("HMAC key") {
    try SigningKey.hmac(SymmetricKey(data: Array("a server's own link secret, 32 b".utf8)), id: "server")
  }
  /// `current` and `next` trusted, `old` revoked.
  static let ring = fixed("key ring") {
    try KeyRing([current.verificationKey, next.verificationKey], revoked: ["2025-01"])
  }

  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let later = now.addingTimeInterval(3600)

  /// A verifier trusting `current` and `next`, refusing `old`, with no clock skew at `now`.
  static func verifier(
    skew: Duration = .zero, nonces: LinkVerifier.NoncePolicy = .ignore, at time: Date = now
  ) -> LinkVerifier {
    LinkVerifier(keys: ring, clockSkew: skew, nonces: nonces, now: { time })
  }
}
