import Synchronization

/// A token bucket: `burst` requests at once, then `perSecond` on average.
final class RateLimiter: Sendable {
  private struct State {
    var tokens: Double
    var last: ContinuousClock.Instant
  }

  private let state: Mutex<State>
  let perSecond: Double
  let burst: Double

  init(perSecond: Double, burst: Double) {
    self.perSecond = perSecond
    self.burst = burst
    state = Mutex(State(tokens: burst, last: .now))
  }

  /// Takes one token: `false` when none is left.
  func take() -> Bool {
    state.withLock { state in
      let now = ContinuousClock.now
      let elapsed = state.last.duration(to: now)
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      state.tokens = min(burst, state.tokens + seconds * perSecond)
      state.last = now
      guard state.tokens >= 1 else { return false }
      state.tokens -= 1
      return true
    }
  }
}
