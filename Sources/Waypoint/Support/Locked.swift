import Foundation

/// A value behind a lock that the thread sanitizer understands.
///
/// `Synchronization.Mutex` waits on a futex on Linux, which the thread sanitizer cannot see, so it
/// reports races inside correctly locked sections under contention. `NSLock` is a
/// `pthread_mutex`, which it sees, so Waypoint's shared state (and its users' sanitizer runs) stay
/// free of false reports.
package final class Locked<Value>: @unchecked Sendable {
  // Safety: `value` is only read or written while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
