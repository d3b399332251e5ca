import Foundation
import Testing
import WaypointSignedLinks

@testable import WaypointLinkService

@Suite("A deferred token signs its purpose: no other signed link under the service's key redeems")
struct TokenPurposeTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The refusal of `token`, or `nil` when it checks out.
  static func refusal(_ token: String, by tokens: DeferredTokens) -> DeferredTokens.Refusal? {
    if case .failure(let refusal) = tokens.check(token) { return refusal }
    return nil
  }

  @Test("a token checks out; the short link signed with a nonce, or signed for another use, is no token")
  func purpose() throws {
    let key = try SigningKey.generateEd25519(id: "service")
    let tokens = try DeferredTokens(
      key: key, origin: "https://notes.example.com", lifetime: .seconds(86_400), now: { Self.now })
    let token = try tokens.issue(code: "welcome")
    #expect(token.hasPrefix("https://notes.example.com/welcome?use=deferred&"))
    #expect(Self.refusal(token, by: tokens) == nil)
    let signer = LinkSigner(key: key)
    // What `waypoint sign --nonce` makes of the short link under the same key.
    let signedLink = try signer.sign(
      "https://notes.example.com/welcome", expiresAt: Self.now + 3_600, nonce: "abc")
    #expect(Self.refusal(signedLink, by: tokens) == .refused("the token carries items a token does not"))
    let otherUse = try signer.sign(
      "https://notes.example.com/welcome?use=share", expiresAt: Self.now + 3_600, nonce: "abc")
    #expect(Self.refusal(otherUse, by: tokens) == .refused("a signed link made for another use, not a token"))
    // The purpose changed on a real token: its signature no longer holds.
    let changed = token.replacingOccurrences(of: "use=deferred", with: "use=deferrex")
    guard case .refused? = Self.refusal(changed, by: tokens) else {
      Issue.record("a token with its purpose changed was taken")
      return
    }
  }
}
