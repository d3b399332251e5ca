public import Waypoint

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A detached signature of a manifest file.
///
/// It holds the id of the key that made it and the Ed25519 signature of the file's exact bytes,
/// and is written as a ``KeyFile`` of kind `manifestSignature`.
public struct ManifestSignature: Sendable, Hashable {
  /// The id of the key that made the signature.
  public let keyID: String
  /// The signature bytes.
  public let signature: [UInt8]

  /// Reads a signature file.
  ///
  /// - Throws: ``SigningKeyError`` naming what is wrong with it.
  public init(fileText: String) throws(SigningKeyError) {
    let file = try KeyFile(text: fileText, expecting: .manifestSignature)
    keyID = file.keyID
    signature = file.key
  }

  init(keyID: String, signature: [UInt8]) {
    self.keyID = keyID
    self.signature = signature
  }

  /// The signature file's text.
  public var fileText: String { KeyFile(kind: .manifestSignature, keyID: keyID, key: signature).text }
}

/// Signs manifest files with an Ed25519 key (`waypoint sign --manifest` uses it).
///
/// ```swift
/// let signature = try ManifestSigner(key: privateKey).sign(manifest: manifestData)
/// try signature.fileText.write(toFile: "routes.json.sig", atomically: true, encoding: .utf8)
/// ```
public struct ManifestSigner: Sendable {
  /// The key manifests are signed with.
  public let key: SigningKey

  /// A signer with `key`.
  public init(key: SigningKey) {
    self.key = key
  }

  /// The signature of `manifest`'s exact bytes.
  ///
  /// - Throws: ``SigningKeyError`` when the key is not an Ed25519 key (a manifest is checked by
  ///   apps, which must hold public keys only).
  public func sign(manifest: Data) throws(SigningKeyError) -> ManifestSignature {
    guard key.material.ed25519 != nil else {
      throw SigningKeyError("manifests are signed with Ed25519 keys only; key '\(key.keyID)' is an HMAC secret")
    }
    return ManifestSignature(keyID: key.keyID, signature: key.signature(for: Array(manifest)))
  }
}

/// Checks manifest signatures against trusted Ed25519 public keys; pass it to
/// `RouterHolder.replace(signedManifest:signature:verifiedBy:)`.
///
/// ```swift
/// let verifier = ManifestVerifier(keys: try KeyRing([VerificationKey(fileText: bundledPublicKey)]))
/// try holder.replace(signedManifest: manifestData, signature: signatureData, verifiedBy: verifier)
/// ```
public struct ManifestVerifier: ManifestVerifying {
  /// The keys a manifest may be signed with.
  public let keys: KeyRing

  /// A verifier trusting `keys`' Ed25519 keys (an HMAC key in the ring is never accepted for a manifest).
  public init(keys: KeyRing) {
    self.keys = keys
  }

  /// Returns the signing key's id when `signature` (a signature file's bytes) is a trusted key's
  /// signature of exactly `manifest`.
  ///
  /// - Parameters:
  ///   - manifest: The manifest file's exact bytes, as signed.
  ///   - signature: The signature file's bytes: UTF-8 text naming the key id and the signature.
  /// - Returns: The id of the key that signed the manifest.
  /// - Throws: `untrustedManifest` with the reason.
  @discardableResult
  public func check(manifest: Data, signature: Data) throws(ManifestError) -> String {
    guard let text = String(validating: Array(signature), as: UTF8.self) else {
      throw untrusted("the signature file is not UTF-8 text")
    }
    let parsed: ManifestSignature
    do {
      parsed = try ManifestSignature(fileText: text)
    } catch {
      throw untrusted("the signature file cannot be read: \(error)")
    }
    switch keys.lookUp(parsed.keyID) {
    case .revoked: throw untrusted("it is signed with key '\(parsed.keyID)', which is revoked")
    case .unknown:
      let trusted = keys.keyIDs.map { "'\($0)'" }.joined(separator: ", ")
      throw untrusted(
        "it is signed with key '\(parsed.keyID)', which this app does not know (it trusts: "
          + (trusted.isEmpty ? "no keys" : trusted) + ")")
    case .trusted(let key):
      guard key.isPublicKey else {
        throw untrusted("key '\(parsed.keyID)' is an HMAC secret; manifests are checked with Ed25519 public keys only")
      }
      guard key.isValid(parsed.signature, for: Array(manifest)) else {
        throw untrusted(
          "the signature does not match key '\(parsed.keyID)': the manifest's bytes changed after signing "
            + "(even reformatting changes them), or another key signed it")
      }
      return parsed.keyID
    }
  }

  /// Checks the signature as ``check(manifest:signature:)`` does.
  ///
  /// - Parameters:
  ///   - manifest: The manifest file's exact bytes, as signed.
  ///   - signature: The signature file's bytes.
  /// - Throws: `untrustedManifest` with the reason.
  public func verify(manifest: Data, signature: Data) throws(ManifestError) {
    try check(manifest: manifest, signature: signature)
  }

  private func untrusted(_ reason: String) -> ManifestError {
    ManifestError(.untrustedManifest, "untrusted manifest: \(reason)")
  }
}
