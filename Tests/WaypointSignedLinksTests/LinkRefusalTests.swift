import Foundation
import Testing
import Waypoint
import WaypointSignedLinks

/// Every way a link from outside is refused, each with its own reason, and what a verifier
/// remembers of one-time links.
@Suite("Signed link refusals")
struct LinkRefusalTests {
  let signer = LinkSigner(key: Keys.current)

  func refusal(_ url: String, _ verifier: LinkVerifier = Keys.verifier()) -> SignedLinkRefusal? {
    do {
      _ = try verifier.verify(url)
      return nil
    } catch {
      return error
    }
  }

  @Test("unsigned, misplaced, repeated and malformed items are refused with distinct reasons")
  func structure() throws {
    let link = try signer.sign("notes://note/1?ref=mail", expiresAt: Keys.later)
    let signature = String(try #require(link.split(separator: "&sig=").last))
    let body = String(link.dropLast(signature.count + 5))
    let cases: [(String, SignedLinkRefusal)] = [
      ("notes://note/1", .unsigned(item: "sig")),
      (body, .unsigned(item: "sig")),
      (link + "&more=1", .signatureNotLast(item: "sig")),
      (link + "&sig=" + signature, .repeatedItem("sig")),
      (body + "&exp=1900000000&sig=" + signature, .repeatedItem("exp")),
      (body.replacingOccurrences(of: "?ref", with: "?kid=2027-05&ref") + "&sig=" + signature, .repeatedItem("kid")),
      (body + "&nonce=a&nonce=b&sig=" + signature, .repeatedItem("nonce")),
      (body + "&%73ig=x&sig=" + signature, .repeatedItem("sig")),
      (body + "&sig=" + signature.dropLast(), .malformedSignature),
      (body + "&sig=" + signature + "==", .malformedSignature),
      (body + "&sig=" + signature.replacingOccurrences(of: "-", with: "+"), .malformedSignature),
      (body + "&sig", .malformedSignature),
      ("notes://note/1?exp=1800003600&sig=" + signature, .missingKeyID(item: "kid")),
      ("notes://note/1?kid=2026-11&sig=" + signature, .missingExpiry(item: "exp")),
    ]
    for (url, expected) in cases {
      #expect(refusal(url) == expected, "\(url)")
    }
    #expect(Set(cases.map { $0.1.description }).count == Set(cases.map(\.1)).count, "each reason reads differently")
  }

  @Test("unknown, revoked and missing key ids are refused with distinct messages")
  func keyIDs() throws {
    let unknown = try LinkSigner(key: Keys.ed25519("staging")).sign("notes://a", expiresAt: Keys.later)
    let revoked = try LinkSigner(key: Keys.old).sign("notes://a", expiresAt: Keys.later)
    #expect(refusal(unknown) == .unknownKeyID("staging", trusted: ["2026-11", "2027-05"]))
    #expect(refusal(revoked) == .revokedKeyID("2025-01"))
    let messages = [
      refusal(unknown)?.description, refusal(revoked)?.description,
      SignedLinkRefusal.missingKeyID(item: "kid").description,
    ]
    #expect(
      messages[0]
        == "the link is signed with key 'staging', which this app does not know (it trusts: '2026-11', '2027-05')")
    #expect(messages[1] == "the link is signed with key '2025-01', which is revoked")
    #expect(messages[2] == "the link names no key (it has no 'kid' query item)")
    // A key that is trusted and revoked at once is refused: revoking wins.
    let both = LinkVerifier(
      keys: try KeyRing([Keys.current.verificationKey], revoked: ["2026-11"]), now: { Keys.now })
    #expect(refusal(try signer.sign("notes://a", expiresAt: Keys.later), both) == .revokedKeyID("2026-11"))
  }

  @Test("expiry at the boundary second, with and without clock skew")
  func expiryBoundary() throws {
    let link = try signer.sign("notes://a", expiresAt: Keys.now)
    #expect(refusal(link, Keys.verifier(at: Keys.now.addingTimeInterval(-1))) == nil, "valid the second before")
    #expect(refusal(link, Keys.verifier(at: Keys.now)) == .expired(secondsAgo: 0), "expired at its second")
    #expect(refusal(link, Keys.verifier(at: Keys.now.addingTimeInterval(0.999))) == .expired(secondsAgo: 0))
    let skewed = Keys.verifier(skew: .seconds(30), at: Keys.now.addingTimeInterval(29))
    #expect(refusal(link, skewed) == nil, "within the skew")
    #expect(
      refusal(link, Keys.verifier(skew: .seconds(30), at: Keys.now.addingTimeInterval(30))) == .expired(secondsAgo: 30))
    #expect(SignedLinkRefusal.expired(secondsAgo: 90).description == "the link expired 90 s ago")
  }

  @Test("not-yet-valid links are refused until their time, less the clock skew")
  func notBefore() throws {
    let link = try signer.sign("notes://a", expiresAt: Keys.later, notBefore: Keys.now.addingTimeInterval(60))
    #expect(refusal(link) == .notYetValid(secondsAhead: 60))
    #expect(refusal(link, Keys.verifier(skew: .seconds(30))) == .notYetValid(secondsAhead: 60))
    #expect(refusal(link, Keys.verifier(skew: .seconds(60))) == nil)
    #expect(refusal(link, Keys.verifier(at: Keys.now.addingTimeInterval(60))) == nil)
    #expect(refusal(link)?.description == "the link is not valid for another 60 s")
  }

  @Test("times that are not plain Unix seconds are refused")
  func malformedTimes() throws {
    for value in ["-5", "+1900000000", "1e12", "", "0x10", "１８００", "1234567890123"] {
      // A signer whose expiry item has another name signs `exp=<value>` as an ordinary item, so the
      // signature is good and only the time check can refuse the link.
      let link = try LinkSigner(key: Keys.current, format: Self.formatWithOtherExpiryKey).sign(
        "notes://a?exp=\(value)", expiresAt: Keys.later)
      let read = value.replacingOccurrences(of: "+", with: " ")  // a query reads `+` as a space
      #expect(refusal(link) == .malformedTime(item: "exp", value: read), "\(link)")
    }
    let badExpiry = try signer.sign("notes://a", expiresAt: Keys.later).replacingOccurrences(
      of: "exp=1800003600", with: "exp=soon")
    #expect(refusal(badExpiry) == .badSignature(keyID: "2026-11"), "the signature is checked before the expiry is read")
  }

  @Test("times no link can carry are refused by the signer; a clock far off is compared, never a trap")
  func farTimes() throws {
    for seconds in [-1, 1e12, 1e300, .infinity, -.infinity, .nan] as [Double] {
      #expect(throws: RoutingError.self, "\(seconds)") {
        try signer.sign("notes://a", expiresAt: Date(timeIntervalSince1970: seconds))
      }
      #expect(throws: RoutingError.self, "\(seconds)") {
        try signer.sign("notes://a", expiresAt: Keys.later, notBefore: Date(timeIntervalSince1970: seconds))
      }
    }
    let last = try signer.sign("notes://a", expiresAt: Date(timeIntervalSince1970: 999_999_999_999))
    #expect(refusal(last) == nil, "the last time a link can carry reads back")
    let link = try signer.sign("notes://a", expiresAt: Keys.later)
    for seconds in [1e300, .infinity] as [Double] {
      #expect(refusal(link, Keys.verifier(at: Date(timeIntervalSince1970: seconds))) != nil)
    }
    for seconds in [-1e300, -.infinity, .nan] as [Double] {
      #expect(refusal(link, Keys.verifier(at: Date(timeIntervalSince1970: seconds))) == nil)
    }
  }

  static var formatWithOtherExpiryKey: SignedLinkFormat {
    var format = SignedLinkFormat()
    format.expiryKey = "valid_until"
    return format
  }

  @Test("a one-time link is accepted once; nothing is remembered for a refused link")
  func nonces() throws {
    let store = MemoryNonceStore()
    let verifier = Keys.verifier(nonces: .checkWhenPresent(store))
    let once = try signer.sign("notes://invite/7", expiresAt: Keys.later, nonce: "n-1")
    #expect(refusal(once, verifier) == nil)
    #expect(refusal(once, verifier) == .replayed)
    #expect(refusal(try signer.sign("notes://invite/8", expiresAt: Keys.later, nonce: "n-2"), verifier) == nil)
    #expect(refusal(try signer.sign("notes://plain", expiresAt: Keys.later), verifier) == nil, "no nonce, no check")
    let tampered = try signer.sign("notes://invite/9", expiresAt: Keys.later, nonce: "n-3")
      .replacingOccurrences(of: "invite/9", with: "invite/0")
    #expect(refusal(tampered, verifier) == .badSignature(keyID: "2026-11"))
    #expect(store.count == 2, "the tampered link's nonce was not claimed")
    let strict = Keys.verifier(nonces: .require(MemoryNonceStore()))
    #expect(refusal(try signer.sign("notes://plain", expiresAt: Keys.later), strict) == .missingNonce(item: "nonce"))
    // The same nonce under another key is another link.
    let fromNext = try LinkSigner(key: Keys.next).sign("notes://invite/7", expiresAt: Keys.later, nonce: "n-1")
    #expect(refusal(fromNext, verifier) == nil)
  }

  @Test("a full nonce store forgets expired nonces first, then refuses rather than risk a replay")
  func boundedNonces() throws {
    let store = MemoryNonceStore(capacity: 2)
    let start = Keys.now
    #expect(store.claim("a", keyID: "k", validUntil: start.addingTimeInterval(10), now: start))
    #expect(store.claim("b", keyID: "k", validUntil: start.addingTimeInterval(20), now: start))
    // Full of live nonces: the one valid until +10 s is forgotten, so links valid until then are refused.
    #expect(store.claim("c", keyID: "k", validUntil: start.addingTimeInterval(30), now: start))
    #expect(store.count == 2)
    #expect(!store.claim("a", keyID: "k", validUntil: start.addingTimeInterval(10), now: start), "a replay of 'a'")
    #expect(!store.claim("d", keyID: "k", validUntil: start.addingTimeInterval(5), now: start))
    #expect(!store.claim("b", keyID: "k", validUntil: start.addingTimeInterval(20), now: start))
    // Later, the expired ones are dropped without refusing anything new.
    #expect(store.claim("e", keyID: "k", validUntil: start.addingTimeInterval(100), now: start.addingTimeInterval(40)))
    #expect(store.claim("f", keyID: "k", validUntil: start.addingTimeInterval(100), now: start.addingTimeInterval(40)))
    #expect(store.count == 2)
  }

  @Test("Stress: 10,000 links verified from 8 tasks: nothing lost, nothing accepted wrongly")
  func concurrentBatchStress() async throws {
    let store = MemoryNonceStore(capacity: 20_000)
    let verifier = Keys.verifier(nonces: .checkWhenPresent(store))
    let signers = [LinkSigner(key: Keys.current), LinkSigner(key: Keys.next), LinkSigner(key: Keys.old)]
    // Each link: valid, tampered, revoked, expired, or a one-time link sent twice.
    var links: [(url: String, valid: Bool)] = []
    for index in 0..<10_000 {
      let signer = signers[index % 2]
      switch index % 5 {
      case 0: links.append((try signer.sign("notes://note/\(index)", expiresAt: Keys.later), true))
      case 1:
        let link = try signer.sign("notes://note/\(index)", expiresAt: Keys.later)
        links.append((link.replacingOccurrences(of: "note/\(index)?", with: "note/\(index + 1)?"), false))
      case 2: links.append((try signers[2].sign("notes://note/\(index)", expiresAt: Keys.later), false))
      case 3: links.append((try signer.sign("notes://note/\(index)", expiresAt: Keys.now), false))
      default:
        let link = try signer.sign("notes://note/\(index)", expiresAt: Keys.later, nonce: "once-\(index)")
        links.append((link, true))
        links.append((link, false))  // the replay: exactly one of the two is accepted
      }
    }
    let batch = links
    // Each task returns the links it accepted and how many it refused.
    let verdicts = await withTaskGroup(of: ([String], Int).self) { group in
      for worker in 0..<8 {
        group.addTask {
          var accepted: [String] = []
          var refused = 0
          for index in stride(from: worker, to: batch.count, by: 8) {
            do {
              _ = try verifier.verify(batch[index].url)
              accepted.append(batch[index].url)
            } catch {
              refused += 1
            }
          }
          return (accepted, refused)
        }
      }
      return await group.reduce(into: [([String], Int)]()) { $0.append($1) }
    }
    let accepted = verdicts.flatMap(\.0)
    let refused = verdicts.map(\.1).reduce(0, +)
    #expect(Set(accepted) == Set(batch.filter(\.valid).map(\.url)), "exactly the valid links were accepted")
    #expect(accepted.count == Set(accepted).count, "no one-time link was accepted twice")
    #expect(accepted.count + refused == batch.count, "every link got a verdict")
  }
}
