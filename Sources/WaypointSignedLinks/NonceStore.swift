internal import Waypoint

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Remembers the nonces of one-time links, so that each is accepted once while it is valid.
///
/// ``LinkVerifier`` claims a nonce only after every other check passed. A store shared by
/// several processes (a server farm) would keep its nonces in a shared database; an app keeps
/// them in memory with ``MemoryNonceStore``.
public protocol NonceStore: Sendable {
  /// Records `nonce` of the key `keyID` as used, and returns whether it was new. A store must
  /// never return `true` twice for the same nonce and key while the link is valid.
  ///
  /// - Parameters:
  ///   - nonce: The link's nonce, decoded.
  ///   - keyID: The key that signed it.
  ///   - validUntil: The last moment the link can be accepted (its expiry plus the clock skew);
  ///     after that the verifier refuses it anyway, so the store may forget it.
  ///   - now: The verifier's clock.
  /// - Returns: Whether the nonce was new; `false` refuses the link as replayed.
  func claim(_ nonce: String, keyID: String, validUntil: Date, now: Date) -> Bool
}

/// A bounded in-memory ``NonceStore``.
///
/// It forgets nonces whose links have expired. When it is full of links that are still valid, it
/// forgets the one that expires first and from then on refuses every one-time link that expires
/// no later than it did, since it can no longer tell whether such a link was used: memory stays
/// bounded and a replay is never accepted, at the price of refusing some links that expire soonest.
///
/// ```swift
/// let verifier = LinkVerifier(keys: keys, nonces: .require(MemoryNonceStore(capacity: 10_000)))
/// ```
public final class MemoryNonceStore: NonceStore {
  private struct State {
    var seen: [String: Date] = [:]
    /// Links valid until this moment or earlier are refused: a nonce of one was forgotten.
    var horizon = Date.distantPast
  }

  /// The most nonces kept.
  public let capacity: Int
  private let state = Locked(State())

  /// A store keeping at most `capacity` nonces (at least 1).
  ///
  /// Default 10,000.
  public init(capacity: Int = 10_000) {
    self.capacity = max(1, capacity)
  }

  /// How many nonces are kept now.
  public var count: Int { state.withLock { $0.seen.count } }

  /// Records `nonce` as used unless it was seen, or can no longer be told apart from one that was.
  ///
  /// - Parameters:
  ///   - nonce: The link's nonce, decoded.
  ///   - keyID: The key that signed it; the same nonce under another key is another nonce.
  ///   - validUntil: The last moment the link can be accepted: the store keeps the nonce until
  ///     then, and refuses a link valid no later than a nonce it had to forget.
  ///   - now: The verifier's clock; when the store is full, it first forgets the nonces whose
  ///     links expired before it.
  /// - Returns: Whether the nonce was new.
  public func claim(_ nonce: String, keyID: String, validUntil: Date, now: Date) -> Bool {
    let key = keyID + "\u{0}" + nonce
    return state.withLock { state in
      guard validUntil > state.horizon, state.seen[key] == nil else { return false }
      if state.seen.count >= capacity {
        state.seen = state.seen.filter { $0.value >= now }
      }
      if state.seen.count >= capacity, let first = state.seen.min(by: { $0.value < $1.value }) {
        state.seen.removeValue(forKey: first.key)
        state.horizon = max(state.horizon, first.value)
        guard validUntil > state.horizon else { return false }
      }
      state.seen[key] = validUntil
      return true
    }
  }
}
