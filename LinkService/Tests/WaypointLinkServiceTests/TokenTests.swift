import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Waypoint
import WaypointLinkService
import WaypointLinkSite
import WaypointSignedLinks

@Suite(
  "Deferred tokens: redeemed once for the link's route and values; every tampered, replayed or expired one refused")
struct TokenTests {
  /// A token as an iPhone's page carries it.
  static func token(_ client: any TestClientProtocol, code: String = "welcome") async throws -> String {
    try #require(copied(from: try await client.get("/\(code)", agent: iPhone).text))
  }

  @Test("a token is redeemed once for the route, target and values; the second time is refused")
  func once() async throws {
    try await withHarness { _, client in
      let token = try await Self.token(client)
      let first = try await client.redeem(token)
      #expect(first.status == .ok)
      #expect(first.json["route"] as? String == "note")
      #expect(first.json["target"] as? String == "NoteEditor")
      #expect(first.json["url"] as? String == "https://notes.example.com/n/42")
      #expect(first.json["values"] as? [String: String] == ["id": "42"])
      let second = try await client.redeem(token)
      #expect(second.status == .conflict)
      // Google Play's referrer carries the same kind of token.
      let location = try #require(try await client.get("/welcome", agent: android).headers[.location])
      let referrer = try #require(location.components(separatedBy: "referrer=").last?.removingPercentEncoding)
      let fromPlay = String(referrer.dropFirst("waypoint_token=".count))
      #expect(try await client.redeem(fromPlay).status == .ok)
      #expect(try await client.redeem(fromPlay).status == .conflict)
    }
  }

  @Test("10 probes: tampered code, signature, expiry, nonce, key, origin; replay; expiry; garbage; no body")
  func probes() async throws {
    try await withHarness { harness, client in
      let token = try await Self.token(client)
      let other = try SigningKey.generateEd25519(id: "attacker")
      let forged = try LinkSigner(key: other).sign(
        "https://notes.example.com/welcome", expiresAt: harness.clock.now + 3_600, nonce: "abc")
      let probes: [(String, String)] = [
        ("another code", token.replacingOccurrences(of: "/welcome?", with: "/Welcome?")),
        ("a signature changed", String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")),
        ("a later expiry", token.replacingOccurrences(of: "exp=", with: "exp=9")),
        ("another nonce", token.replacingOccurrences(of: "nonce=", with: "nonce=x")),
        ("another key", forged),
        ("another origin", token.replacingOccurrences(of: "https://notes.example.com", with: "https://evil.example")),
        ("no signature", String(token[..<token.range(of: "&sig=")!.lowerBound])),
        ("garbage", "https://notes.example.com/welcome?" + String(repeating: "a=1&", count: 300)),
      ]
      for (name, probe) in probes {
        let response = try await client.redeem(probe)
        #expect(response.status == .badRequest, "\(name): \(response.status) \(response.text)")
      }
      #expect(try await client.execute(uri: "/v1/deferred/redeem", method: .post).status == .badRequest)
      // The token itself still works after every probe (none spent it), once.
      #expect(try await client.redeem(token).status == .ok)
      #expect(try await client.redeem(token).status == .conflict)
      // An unspent token past its day: refused as expired.
      let late = try await Self.token(client)
      harness.clock.advance(86_400 + 60)
      #expect(try await client.redeem(late).status == .gone)
    }
  }

  @Test("a token of a removed link is refused")
  func removedLink() async throws {
    try await withHarness { harness, client in
      let token = try await Self.token(client)
      let removed = try await client.admin("/v1/links/welcome", method: .delete, key: harness.adminKey)
      #expect(removed.status == .noContent)
      #expect(try await client.redeem(token).status == .notFound)
    }
  }
}
