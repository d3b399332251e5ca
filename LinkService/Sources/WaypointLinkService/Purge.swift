import Synchronization

/// Whether a purge of spent nonces is due: at most once a minute per process, so a redeem costs
/// one indexed insert, not a scan.
final class Purge: Sendable {
  private let last = Mutex(ContinuousClock.Instant.now - .seconds(120))

  func due() -> Bool {
    last.withLock { last in
      guard last.duration(to: .now) >= .seconds(60) else { return false }
      last = .now
      return true
    }
  }
}
