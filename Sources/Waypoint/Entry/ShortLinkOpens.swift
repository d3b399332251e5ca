import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The opens of short links the app resolved from its own table, waiting to be reported to the
/// link service (`POST /v1/opens`) in batches.
///
/// An open is a random id, the code, its revision, the door it came in by, the platform and the
/// hour: nothing of the device, its address or the exact time. The id makes a batch sent twice
/// (an answer lost on the way) count once. Opens the service could not take are kept, within a
/// limit of time and of number, and sent with the next batch; the link never waits for any of it.
final class ShortLinkOpens: Sendable {
  /// One open, as the service takes it.
  struct Open: Codable, Sendable, Equatable {
    var id: String
    var code: String
    var revision: Int
    var source: String
    var platform: String
    /// Hours since 1970 (UTC).
    var hour: Int64
  }

  private struct State {
    var waiting: [(open: Open, at: ContinuousClock.Instant)] = []
    var sending = false
  }

  /// The most opens kept: the oldest go first past it.
  static let maxWaiting = 10_000
  /// The most opens one request carries.
  static let batchSize = 500

  private let state = Mutex(State())

  /// How many opens wait to be reported.
  var count: Int { state.withLock { $0.waiting.count } }

  /// Keeps `open`; `true` when no send is under way (the caller starts one).
  func add(_ open: Open) -> Bool {
    state.withLock { state in
      state.waiting.append((open, .now))
      if state.waiting.count > Self.maxWaiting { state.waiting.removeFirst(state.waiting.count - Self.maxWaiting) }
      defer { state.sending = true }
      return !state.sending
    }
  }

  /// The next batch, after forgetting opens kept longer than `keep`.
  func batch(keep: Duration) -> [Open] {
    state.withLock { state in
      state.waiting.removeAll { $0.at.duration(to: .now) > keep }
      return state.waiting.prefix(Self.batchSize).map(\.open)
    }
  }

  /// Forgets the opens of `ids` (reported, or refused for good).
  func remove(_ ids: Set<String>) {
    state.withLock { state in state.waiting.removeAll { ids.contains($0.open.id) } }
  }

  /// Ends the send under way; `true` when opens still wait (the caller goes on).
  func finishSending() -> Bool {
    state.withLock { state in
      state.sending = !state.waiting.isEmpty
      return state.sending
    }
  }

  /// `kind`, a door's name, as the service takes a source: 1 to 32 letters, digits, `-`, `_`
  /// and `.`, any other character a `-` (an app's own door may be named anyhow).
  static func source(_ kind: String) -> String {
    let kept = kind.utf8.prefix(32).map { byte -> Character in
      let isWord =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      return isWord ? Character(Unicode.Scalar(byte)) : "-"
    }
    return kept.isEmpty ? "other" : String(kept)
  }

  /// A new open's id: 128 random bits in hex.
  static func makeID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
