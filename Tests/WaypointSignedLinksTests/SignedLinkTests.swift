@preconcurrency import Crypto
import Foundation
import Testing
import Waypoint
import WaypointSignedLinks

@Suite("Signed links")
struct SignedLinkTests {
  let signer = LinkSigner(key: Keys.current)

  func verdict(_ url: String, _ verifier: LinkVerifier = Keys.verifier()) -> SignedLinkRefusal? {
    do {
      _ = try verifier.verify(url)
      return nil
    } catch {
      return error
    }
  }

  @Test("a signed link carries kid, exp and then sig as its last query items, before the fragment")
  func format() throws {
    let link = try signer.sign("notes://note/42?ref=mail#top", expiresAt: Keys.later)
    #expect(link.hasPrefix("notes://note/42?ref=mail&kid=2026-11&exp=1800003600&sig="))
    #expect(link.hasSuffix("#top"))
    let signature = try #require(link.split(separator: "sig=").last?.split(separator: "#").first)
    #expect(signature.count == 86, "64 bytes in base64url without padding")
    #expect(try signer.sign("notes://a", expiresAt: Keys.later).hasPrefix("notes://a?kid=2026-11&exp=1800003600&sig="))
    let timed = try signer.sign("notes://a", expiresAt: Keys.later, notBefore: Keys.now, nonce: "n1")
    #expect(timed.hasPrefix("notes://a?kid=2026-11&exp=1800003600&nbf=1800000000&nonce=n1&sig="))
  }

  @Test("the signature is standard Ed25519 over the canonical form, checkable with any Ed25519 library")
  func interoperable() throws {
    let link = try signer.sign("notes://note/42?ref=mail#top", expiresAt: Keys.later)
    let signatureText = try #require(link.split(separator: "&sig=").last?.split(separator: "#").first)
    var base64 = signatureText.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let signature = try #require(Data(base64Encoded: base64))
    let publicKey = try Curve25519.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 32)).publicKey
    let canonical = "notes://note/42?ref=mail&kid=2026-11&exp=1800003600#top"
    #expect(publicKey.isValidSignature(signature, for: Data(canonical.utf8)))
  }

  @Test("a valid link passes, from either trusted key, and says what signed it")
  func valid() throws {
    for url in ["notes://note/42?ref=mail#top", "notes://a", "https://notes.example.com/n/9?x=%20&y=+"] {
      #expect(verdict(try signer.sign(url, expiresAt: Keys.later)) == nil, "\(url)")
      #expect(verdict(try LinkSigner(key: Keys.next).sign(url, expiresAt: Keys.later)) == nil, "\(url)")
    }
    let link = try Keys.verifier().verify(try signer.sign("notes://a", expiresAt: Keys.later, nonce: "x"))
    #expect(link.keyID == "2026-11" && link.expiry == Keys.later && link.nonce == "x" && link.notBefore == nil)
  }

  @Test("any change to the link is tampering")
  func tampered() throws {
    let link = try signer.sign("notes://note/42?ref=mail#top", expiresAt: Keys.later)
    let tamperings = [
      link.replacingOccurrences(of: "note/42", with: "note/43"),
      link.replacingOccurrences(of: "ref=mail", with: "ref=evil"),
      link.replacingOccurrences(of: "exp=1800003600", with: "exp=1900003600"),
      link.replacingOccurrences(of: "#top", with: "#bottom"),
      link.replacingOccurrences(of: "notes://", with: "NOTES://"),
      link.replacingOccurrences(of: "?ref=mail", with: "?admin=1&ref=mail"),
      link.replacingOccurrences(of: "kid=2026-11", with: "kid=2027-05"),
    ]
    for url in tamperings {
      let refusal = verdict(url)
      #expect(refusal == .badSignature(keyID: "2026-11") || refusal == .badSignature(keyID: "2027-05"), "\(url)")
    }
    var flipped = Array(link)
    let index = try #require(link.range(of: "sig=")).upperBound.utf16Offset(in: link)
    flipped[index] = flipped[index] == "A" ? "B" : "A"
    #expect(verdict(String(flipped)) == .badSignature(keyID: "2026-11"))
  }

  @Test("HMAC keys sign and verify where the verifier may sign too")
  func hmac() throws {
    let link = try LinkSigner(key: Keys.hmac).sign("notes://a", expiresAt: Keys.later)
    let signature = try #require(link.split(separator: "sig=").last)
    #expect(signature.count == 43, "32 bytes in base64url")
    let verifier = LinkVerifier(keys: try KeyRing([Keys.hmac.verificationKey]), now: { Keys.now })
    #expect(throws: Never.self) { try verifier.verify(link) }
    #expect(!Keys.hmac.verificationKey.isPublicKey && Keys.current.verificationKey.isPublicKey)
    #expect(Keys.hmac.fileText == nil, "an HMAC secret is never written to a key file")
    #expect(throws: SigningKeyError.self) { try SigningKey.hmac(SymmetricKey(size: .init(bitCount: 64)), id: "short") }
  }

  @Test("the signer refuses links that already carry an item of the format")
  func signerRefuses() {
    for url in ["notes://a?exp=1", "notes://a?sig", "notes://a?kid=x", "notes://a?nonce=1", "notes://a?nbf=1"] {
      #expect(throws: RoutingError.self, "\(url)") { try signer.sign(url, expiresAt: Keys.later) }
    }
    #expect(throws: RoutingError.self) { try signer.sign("notes://a", expiresAt: Keys.later, nonce: "") }
  }

  @Test("nonces made by the signer are random and 22 characters long")
  func nonces() {
    let made = Set((0..<100).map { _ in LinkSigner.makeNonce() })
    #expect(made.count == 100 && made.allSatisfy { $0.count == 22 })
  }

  @Test("key files round-trip, name their key, and refuse other kinds and bad bytes with a clear message")
  func keyFiles() throws {
    let privateText = try #require(Keys.current.fileText)
    let publicText = try #require(Keys.current.verificationKey.fileText)
    #expect(privateText.hasPrefix("waypoint ed25519 private key\nkey-id: 2026-11\nkey: "))
    #expect(publicText.hasPrefix("waypoint ed25519 public key\nkey-id: 2026-11\nkey: "))
    let reread = try SigningKey(fileText: "# a comment\n\n" + privateText.replacingOccurrences(of: "\n", with: "\r\n"))
    let link = try LinkSigner(key: reread).sign("notes://a", expiresAt: Keys.later)
    #expect(verdict(link) == nil)
    let cases: [(String, String)] = [
      ("", "the file is empty"),
      (publicText, "this is an Ed25519 public key file, not an Ed25519 private key file"),
      ("hello\n", "expected 'waypoint ed25519 private key' as the first line"),
      ("waypoint ed25519 private key\nkey-id: a\n", "must have a 'key' line"),
      ("waypoint ed25519 private key\nkey: AAAA\n", "must have a 'key-id' line"),
      ("waypoint ed25519 private key\nkey-id: a\nkey-id: b\nkey: x", "line 3: 'key-id' is given twice"),
      ("waypoint ed25519 private key\nkey-id: a\nkey: AA==\n", "is not base64url"),
      ("waypoint ed25519 private key\nkey-id: a\nkey: AAAA\n", "has 3 bytes; an Ed25519 private key file holds 32"),
      ("waypoint ed25519 private key\nkey-id: a\ncolour: red\n", "unknown field 'colour'"),
      ("waypoint ed25519 private key\nkey-id \n", "expected 'field: value'"),
    ]
    for (text, message) in cases {
      #expect(throws: SigningKeyError.self, "\(text)") { try SigningKey(fileText: text) }
      do {
        _ = try SigningKey(fileText: text)
      } catch {
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }

  @Test("key ids: odd characters sign and verify, control characters and empty ids are refused")
  func keyIDs() throws {
    for id in ["ключ 2026", "a&b=c", "x/y?z#w", "100%", "team+links", "🔑"] {
      let key = Keys.ed25519(id)
      let link = try LinkSigner(key: key).sign("notes://a?q=1", expiresAt: Keys.later)
      let verifier = LinkVerifier(keys: try KeyRing([key.verificationKey]), now: { Keys.now })
      #expect(try verifier.verify(link).keyID == id, "\(link)")
      #expect(try VerificationKey(fileText: try #require(key.verificationKey.fileText)).keyID == id)
      let stranger = LinkVerifier(keys: try KeyRing([Keys.current.verificationKey]), now: { Keys.now })
      #expect(throws: SignedLinkRefusal.unknownKeyID(id, trusted: ["2026-11"])) { try stranger.verify(link) }
    }
    for id in ["", "a\u{0}b", "line\nbreak", " padded", String(repeating: "k", count: 129)] {
      #expect(throws: SigningKeyError.self, "\(id.debugDescription)") { try SigningKey.generateEd25519(id: id) }
    }
    #expect(throws: SigningKeyError.self) {
      try KeyRing([Keys.current.verificationKey, Keys.ed25519("2026-11", seed: 9).verificationKey])
    }
  }

  @Test("in a router, external links must be signed and internal ones need not be")
  func router() async throws {
    var builder = RouterBuilder()
    builder.use(SignedLinkMiddleware(verifier: Keys.verifier()))
    builder.add("notes://note/<int:id>", exposure: .public) { request in try request.int("id") }
    builder.add("notes://query", exposure: .public) { request in request.query.map(\.name) }
    builder.add("notes://url", exposure: .public) { request in request.url.string }
    let router = try builder.build()
    let signed = try signer.sign("notes://note/5", expiresAt: Keys.later)
    #expect(try await router.open(signed, origin: .external()).value(as: Int.self) == 5)
    #expect(try await router.open("notes://note/5").value(as: Int.self) == 5)
    let query = try signer.sign("notes://query?a=1", expiresAt: Keys.later, notBefore: Keys.now, nonce: "n")
    let names = try await router.open(query, origin: .external())
    #expect(try names.value(as: [String].self) == ["a"], "handlers do not see kid, exp, nbf, nonce and sig \(names)")
    let link = try signer.sign("notes://url?a=1#f", expiresAt: Keys.later)
    let opened = try await router.open(link, origin: .external())
    #expect(try opened.value(as: String.self) == "notes://url?a=1#f", "the request's URL agrees with its query")
    #expect(opened.url == link, "the result names the link as it arrived")
    await #expect(throws: RoutingError.self) { _ = try await router.open("notes://note/5", origin: .external()) }
    do {
      _ = try await router.open(signed.replacingOccurrences(of: "/5?", with: "/6?"), origin: .universalLink)
      Issue.record("a tampered link was accepted")
    } catch {
      #expect(error.code == .rejected && error.message.contains("does not match key '2026-11'"))
    }
  }
}
