@preconcurrency import Crypto
import Foundation
import Testing
import Waypoint
import WaypointSignedLinks

@Suite("Signed links")
struct SignedLinkTests {
  static var key: SymmetricKey { SymmetricKey(data: Array("the notes app's link-signing key".utf8)) }
  static var otherKey: SymmetricKey { SymmetricKey(data: Array("another key entirely".utf8)) }
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let later = now.addingTimeInterval(3600)

  let signer = LinkSigner(key: key)
  let middleware = SignedLinkMiddleware(keys: [key], now: { now })

  func reason(_ url: String, _ middleware: SignedLinkMiddleware? = nil) -> String? {
    do {
      try (middleware ?? self.middleware).verify(url)
      return nil
    } catch {
      #expect(error.code == .rejected)
      return error.message
    }
  }

  @Test("a signed link carries exp then sig as its last query items, before the fragment")
  func format() throws {
    let link = try signer.sign("notes://note/42?ref=mail#top", expiresAt: Self.later)
    #expect(link.hasPrefix("notes://note/42?ref=mail&exp=1800003600&sig="))
    #expect(link.hasSuffix("#top"))
    let signature = try #require(link.split(separator: "sig=").last?.split(separator: "#").first)
    #expect(signature.count == 64)
    #expect(try signer.sign("notes://a", expiresAt: Self.later).hasPrefix("notes://a?exp=1800003600&sig="))
  }

  @Test("a valid link passes")
  func valid() throws {
    for url in ["notes://note/42?ref=mail#top", "notes://a", "https://notes.example.com/n/9?x=%20&y=+"] {
      #expect(reason(try signer.sign(url, expiresAt: Self.later)) == nil, "\(url)")
    }
  }

  @Test("any change to the link is tampering")
  func tampered() throws {
    let link = try signer.sign("notes://note/42?ref=mail#top", expiresAt: Self.later)
    let tamperings = [
      link.replacingOccurrences(of: "note/42", with: "note/43"),
      link.replacingOccurrences(of: "ref=mail", with: "ref=evil"),
      link.replacingOccurrences(of: "exp=1800003600", with: "exp=1900003600"),
      link.replacingOccurrences(of: "#top", with: "#bottom"),
      link.replacingOccurrences(of: "notes://", with: "NOTES://"),
      link.replacingOccurrences(of: "?ref=mail", with: "?admin=1&ref=mail"),
    ]
    for url in tamperings {
      #expect(reason(url)?.contains("the signature does not match") == true, "\(url)")
    }
    var flipped = Array(link)
    let index = try #require(link.range(of: "sig=")).upperBound.utf16Offset(in: link)
    flipped[index] = flipped[index] == "a" ? "b" : "a"
    #expect(reason(String(flipped))?.contains("does not match") == true)
  }

  @Test("an expired link is refused, saying how long ago")
  func expired() throws {
    let link = try signer.sign("notes://note/1", expiresAt: Self.now.addingTimeInterval(-90))
    #expect(reason(link)?.hasSuffix("the link expired 90 s ago (exp=1799999910)") == true)
    #expect(reason(try signer.sign("notes://note/1", expiresAt: Self.now))?.contains("expired 0 s ago") == true)
  }

  @Test("unsigned, malformed and misplaced signatures are refused with their reason")
  func missing() throws {
    #expect(reason("notes://note/1")?.hasSuffix("the link is not signed (it has no 'sig' query item)") == true)
    #expect(reason("notes://note/1?exp=1900000000")?.contains("not signed") == true)
    #expect(reason("notes://note/1?sig=zz")?.contains("is not 64 hex digits") == true)
    let signed = try signer.sign("notes://note/1", expiresAt: Self.later)
    let moved = signed.replacingOccurrences(of: "?exp=", with: "?x=1&exp=") + "&more=1"
    #expect(reason(moved)?.contains("must be the last query item") == true)
    let noExpiry = "notes://note/1?sig=" + String(repeating: "0", count: 64)
    #expect(reason(noExpiry)?.contains("does not match") == true)
  }

  @Test("a signature with another key is refused; rotation accepts any listed key")
  func keys() throws {
    let foreign = try LinkSigner(secret: Array("another key entirely".utf8)).sign(
      "notes://note/1", expiresAt: Self.later)
    #expect(reason(foreign)?.contains("does not match") == true)
    let rotating = SignedLinkMiddleware(
      secrets: [Array("another key entirely".utf8), Array("the notes app's link-signing key".utf8)], now: { Self.now })
    #expect(reason(foreign, rotating) == nil)
    #expect(reason(try signer.sign("notes://note/1", expiresAt: Self.later), rotating) == nil)
  }

  @Test("the signer refuses links that already carry exp or sig")
  func signerRefuses() {
    #expect(throws: RoutingError.self) { try signer.sign("notes://a?exp=1", expiresAt: Self.later) }
    #expect(throws: RoutingError.self) { try signer.sign("notes://a?sig", expiresAt: Self.later) }
  }

  @Test("in a router, external links must be signed and internal ones need not be")
  func router() async throws {
    var builder = RouterBuilder()
    builder.use(SignedLinkMiddleware(keys: [Self.key], now: { Self.now }))
    builder.add("notes://note/<int:id>", exposure: .public) { request in try request.int("id") }
    builder.add("notes://query", exposure: .public) { request in request.query.map(\.name) }
    builder.add("notes://url", exposure: .public) { request in request.url.string }
    let router = try builder.build()
    let signed = try signer.sign("notes://note/5", expiresAt: Self.later)
    #expect(try await router.open(signed, origin: .external()).value(as: Int.self) == 5)
    #expect(try await router.open("notes://note/5").value(as: Int.self) == 5)
    let names = try await router.open(try signer.sign("notes://query?a=1", expiresAt: Self.later), origin: .external())
    #expect(try names.value(as: [String].self) == ["a"], "handlers do not see exp and sig")
    let link = try signer.sign("notes://url?a=1#f", expiresAt: Self.later)
    let opened = try await router.open(link, origin: .external())
    #expect(try opened.value(as: String.self) == "notes://url?a=1#f", "the request's URL agrees with its query")
    #expect(opened.url == link, "the result names the link as it arrived")
    do {
      _ = try await router.open("notes://note/5", origin: .external())
      Issue.record("an unsigned external link was accepted")
    } catch {
      #expect(error.code == .rejected)
    }
    do {
      _ = try await router.open(signed.replacingOccurrences(of: "/5?", with: "/6?"), origin: .universalLink)
      Issue.record("a tampered link was accepted")
    } catch {
      #expect(error.message.contains("does not match"))
    }
  }
}
