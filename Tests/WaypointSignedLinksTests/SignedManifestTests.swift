import Foundation
import Testing
import Waypoint
import WaypointSignedLinks

/// Manifests replaced at run time: signature first, then revision, then a full build, and only
/// then the swap; the old router serves on through every failure.
@Suite("Signed manifests")
struct SignedManifestTests {
  static let verifier = ManifestVerifier(keys: Keys.ring)

  static func manifest(revision: Int?, promo: String = "spring", extra: String = "") -> Data {
    let revisionField = revision.map { "\"revision\": \($0), " } ?? ""
    return Data(
      """
      {\(revisionField)"routes": [
        {"name": "promo", "pattern": "shop://promo/\(promo)", "target": "Promo", "exposure": "public"}\(extra)
      ]}
      """.utf8)
  }

  static func sign(_ data: Data, with key: SigningKey = Keys.current) throws -> Data {
    Data(try ManifestSigner(key: key).sign(manifest: data).fileText.utf8)
  }

  static func holder() throws -> RouterHolder {
    var builder = RouterBuilder()
    builder.register(target: "Promo") { request in request.url.string }
    builder.add(try RouteManifest(data: manifest(revision: 5)))
    return try RouterHolder(builder: builder)
  }

  /// Replaces with `data` signed as given, returning the refusal's codes, or `[]` when applied.
  static func replace(_ holder: RouterHolder, _ data: Data, signature: Data) -> [String] {
    do {
      try holder.replace(signedManifest: data, signature: signature, verifiedBy: verifier)
      return []
    } catch {
      return error.diagnostics.map(\.code)
    }
  }

  @Test("a newer signed manifest is applied and reported")
  func applied() async throws {
    let holder = try Self.holder()
    #expect(holder.revision == 5, "the holder starts at its builder's manifest revision")
    let events = holder.manifestEvents()
    let next = Self.manifest(revision: 6, promo: "summer")
    #expect(Self.replace(holder, next, signature: try Self.sign(next)) == [])
    #expect(holder.revision == 6)
    #expect(holder.router.canOpen("shop://promo/summer") && !holder.router.canOpen("shop://promo/spring"))
    var iterator = events.makeAsyncIterator()
    let event = try #require(await iterator.next())
    #expect(event.outcome == .applied && event.revision == 6 && event.previousRevision == 5)
    #expect(event.description == "applied revision 6 (in use: 5)")
  }

  @Test("every bad replacement is refused, leaves the router serving and reports why")
  func refused() async throws {
    let holder = try Self.holder()
    let events = holder.manifestEvents()
    let newer = Self.manifest(revision: 7, promo: "summer")
    let reformatted = Data(String(decoding: newer, as: UTF8.self).replacingOccurrences(of: ": ", with: ":").utf8)
    let older = Self.manifest(revision: 4, promo: "old")
    let same = Self.manifest(revision: 5, promo: "same")
    let unrevised = Self.manifest(revision: nil, promo: "none")
    let broken = Self.manifest(
      revision: 8, extra: #", {"name": "promo", "pattern": "shop://promo/:id", "target": "Promo"}"#)
    let duplicateKey = Data(
      #"{"revision": 9, "routes": [{"pattern": "shop://x", "exposure": "internal", "exposure": "public"}]}"#.utf8)
    let cases: [(String, Data, Data, String)] = [
      ("unsigned", newer, Data(), "untrustedManifest"),
      ("signature over other bytes with the same JSON meaning", reformatted, try Self.sign(newer), "untrustedManifest"),
      ("changed after signing", Self.manifest(revision: 7, promo: "evil"), try Self.sign(newer), "untrustedManifest"),
      ("signed with a revoked key", newer, try Self.sign(newer, with: Keys.old), "untrustedManifest"),
      ("signed with an unknown key", newer, try Self.sign(newer, with: Keys.ed25519("x")), "untrustedManifest"),
      (
        "signed with a trusted id but another key", newer, try Self.sign(newer, with: Keys.ed25519("2026-11", seed: 9)),
        "untrustedManifest"
      ),
      ("a rollback to an older valid manifest", older, try Self.sign(older), "staleManifest"),
      ("the revision in use served again", same, try Self.sign(same), "staleManifest"),
      ("no revision", unrevised, try Self.sign(unrevised), "staleManifest"),
      ("signed but does not build", broken, try Self.sign(broken), "duplicateName"),
      ("signed but has a key twice", duplicateKey, try Self.sign(duplicateKey), "invalidManifest"),
    ]
    var iterator = events.makeAsyncIterator()
    for (label, data, signature, code) in cases {
      let codes = Self.replace(holder, data, signature: signature)
      #expect(codes.contains(code), "\(label): \(codes)")
      #expect(
        holder.revision == 5 && holder.router.canOpen("shop://promo/spring"), "\(label): the old router serves on")
      let event = try #require(await iterator.next())
      #expect(event.outcome == .refused && event.error != nil, "\(label)")
    }
  }

  @Test("the verifier's messages name the key and the reason")
  func messages() throws {
    let data = Self.manifest(revision: 9)
    #expect(throws: Never.self) { try Self.verifier.verify(manifest: data, signature: try Self.sign(data)) }
    func message(_ signature: Data) -> String {
      do {
        try Self.verifier.verify(manifest: data, signature: signature)
        return ""
      } catch {
        #expect(error.code == .untrustedManifest)
        return error.message
      }
    }
    #expect(message(try Self.sign(data, with: Keys.old)).hasSuffix("key '2025-01', which is revoked"))
    #expect(message(try Self.sign(data, with: Keys.ed25519("ci"))).contains("key 'ci', which this app does not know"))
    #expect(message(Data("hello".utf8)).contains("the signature file cannot be read"))
    #expect(message(Data([0xFF, 0xFE])).contains("not UTF-8"))
    #expect(message(try Self.sign(Data("other".utf8))).contains("the manifest's bytes changed after signing"))
    #expect(throws: SigningKeyError.self) { try ManifestSigner(key: Keys.hmac).sign(manifest: data) }
  }

  @Test("Stress: replacements racing from many tasks only ever move the revision forward")
  func racingReplacementsStress() async throws {
    let holder = try Self.holder()
    let signed = try (6...40).map { revision in
      let data = Self.manifest(revision: revision, promo: "r\(revision)")
      return (revision, data, try Self.sign(data))
    }
    let applied = await withTaskGroup(of: Int?.self) { group in
      for (revision, data, signature) in signed.shuffled() {
        group.addTask { Self.replace(holder, data, signature: signature).isEmpty ? revision : nil }
      }
      return await group.reduce(into: [Int]()) { if let revision = $1 { $0.append(revision) } }
    }
    #expect(applied.contains(40), "the newest is always applied: nothing newer can refuse it")
    #expect(holder.revision == 40 && holder.router.canOpen("shop://promo/r40"))
  }
}
