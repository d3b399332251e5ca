import Foundation
import Synchronization

/// A token bucket: `burst` requests at once, then `perSecond` on average, timed by the service's
/// clock (``LinkServiceConfiguration/now``), so a test moves it rather than waiting.
///
/// A clock that goes back (the system's time set back) refills nothing and takes nothing away.
final class RateLimiter: Sendable {
  private struct State {
    var tokens: Double
    var last: Date
  }

  private let state: Mutex<State>
  let perSecond: Double
  let burst: Double
  private let now: @Sendable () -> Date

  init(perSecond: Double, burst: Double, now: @escaping @Sendable () -> Date) {
    self.perSecond = perSecond
    self.burst = burst
    self.now = now
    state = Mutex(State(tokens: burst, last: now()))
  }

  /// Takes one token: `false` when none is left.
  func take() -> Bool {
    let now = now()
    return state.withLock { state in
      let seconds = max(0, now.timeIntervalSince(state.last))
      state.tokens = min(burst, state.tokens + seconds * perSecond)
      state.last = max(state.last, now)
      guard state.tokens >= 1 else { return false }
      state.tokens -= 1
      return true
    }
  }
}
