import Synchronization

/// Hands events to every `AsyncStream` subscriber and numbers the opens.
///
/// Shared by every copy of a router (and by a holder across replacements); a holder's manifest
/// events go through one of their own.
final class EventHub<Event: Sendable>: Sendable {
  private struct State {
    var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
    var nextSubscriber = 0
  }

  private let state = Locked(State())
  private let openCounter = Atomic<UInt64>(0)
  private let listeners = Atomic<Int>(0)

  /// Whether any stream is open, so a router with neither streams nor observers makes no event.
  var isListened: Bool { listeners.load(ordering: .relaxed) > 0 }

  /// A new number for an open.
  func nextOpenID() -> UInt64 {
    openCounter.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// A stream of every event from now on; it ends when the consumer stops.
  func stream(bufferingNewest limit: Int) -> AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(limit))
    let key = state.withLock { state in
      defer { state.nextSubscriber += 1 }
      state.subscribers[state.nextSubscriber] = continuation
      return state.nextSubscriber
    }
    listeners.wrappingAdd(1, ordering: .relaxed)
    continuation.onTermination = { [weak self] _ in
      guard let self, self.state.withLock({ $0.subscribers.removeValue(forKey: key) }) != nil else { return }
      self.listeners.wrappingSubtract(1, ordering: .relaxed)
    }
    return stream
  }

  /// Sends `event` to every subscriber.
  func send(_ event: Event) {
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for subscriber in subscribers { subscriber.yield(event) }
  }
}
