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
  private struct State {
    var waiting: [(open: ShortLinkOpen, at: ContinuousClock.Instant)] = []
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
  func add(_ open: ShortLinkOpen) -> Bool {
    state.withLock { state in
      state.waiting.append((open, WaypointClock.live.instant()))
      if state.waiting.count > Self.maxWaiting { state.waiting.removeFirst(state.waiting.count - Self.maxWaiting) }
      defer { state.sending = true }
      return !state.sending
    }
  }

  /// The next batch, after forgetting opens kept longer than `keep`.
  func batch(keep: Duration) -> [ShortLinkOpen] {
    let now = WaypointClock.live.instant()
    return state.withLock { state in
      state.waiting.removeAll { $0.at.duration(to: now) > keep }
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
}
