import Foundation
import Testing

@testable import WaypointLinkService

@Suite("Spent rows purged at most once a minute of the service's clock")
struct PurgeTests {
  @Test("a purge is due the first time, then once 60 seconds of the caller's clock have passed")
  func due() {
    let purge = Purge()
    #expect(purge.due(at: 1_000))
    #expect(!purge.due(at: 1_059))
    #expect(purge.due(at: 1_060))
    // A clock set back waits for the minute after the last purge.
    #expect(!purge.due(at: 900))
    #expect(purge.due(at: 1_120))
  }

  @Test("the store forgets a spent nonce once it expired and a minute passed, with no waiting")
  func spentNonces() async throws {
    let harness = try await Harness()
    do {
      let store = harness.store
      #expect(try await store.redeem(nonce: "a", expires: 1_000, now: 900))
      #expect(try await !store.redeem(nonce: "a", expires: 1_000, now: 950))
      // 30 seconds after the last purge: none runs, and the spent nonce is still refused.
      #expect(try await store.redeem(nonce: "b", expires: 2_000, now: 930))
      #expect(try await !store.redeem(nonce: "a", expires: 1_000, now: 940))
      // Past its expiry and a minute on: the purge takes it away, so the store no longer knows it
      // (the token itself had expired, and the service refuses it before the store is asked).
      #expect(try await store.redeem(nonce: "c", expires: 2_000, now: 1_100))
      #expect(try await store.redeem(nonce: "a", expires: 1_000, now: 1_101))
      // The nonce that has not expired is kept.
      #expect(try await !store.redeem(nonce: "b", expires: 2_000, now: 1_102))
    } catch {
      try await harness.close()
      throw error
    }
    try await harness.close()
  }
}
