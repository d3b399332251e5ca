#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Checks that a manifest's bytes were signed by a key the app trusts.
///
/// `ManifestVerifier` in `WaypointSignedLinks` checks Ed25519 signatures made with
/// `waypoint sign --manifest`; ``RouterHolder/replace(signedManifest:signature:verifiedBy:)``
/// calls it before reading the manifest.
public protocol ManifestVerifying: Sendable {
  /// Returns when `signature` is a valid signature of exactly `manifest`'s bytes by a trusted key.
  ///
  /// - Parameters:
  ///   - manifest: The manifest's bytes, exactly as they arrived.
  ///   - signature: The detached signature that came with them.
  /// - Throws: `untrustedManifest` with the reason.
  func verify(manifest: Data, signature: Data) throws(ManifestError)
}
