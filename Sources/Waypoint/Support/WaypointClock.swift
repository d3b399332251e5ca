#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The one place Waypoint reads the time, draws random bytes and makes ids.
///
/// No other file calls `Date()`, `ContinuousClock.now`, `UUID()` or a random number generator
/// (`ClockReadsTests` fails on one). A component whose timing a test must control takes the
/// clock's reading as a parameter with the live one as its default — the inbox's `now` (how long
/// a link stays parked), the screen views' `now` (time on screen), a link verifier's `now`
/// (expiry) — so a test moves a value instead of waiting:
///
/// ```swift
/// let time = Mutex(Date(timeIntervalSince1970: 1_000))
/// var clock = WaypointClock.live
/// clock.now = { time.withLock { $0 } }
/// let inbox = LinkInbox(router: holder, policy: policy, now: clock.now)
/// time.withLock { $0 += 3_601 }  // an hour later, at once
/// ```
public struct WaypointClock: Sendable {
  /// The wall time: timestamps, expiry of links and tokens, the day a click counts for.
  public var now: @Sendable () -> Date
  /// The monotonic time durations are measured on: a screen's time on screen, a link's open.
  public var instant: @Sendable () -> ContinuousClock.Instant
  /// `count` random bytes; the live clock's come from the system's secure generator, so nonces
  /// and secrets may use them.
  public var randomBytes: @Sendable (_ count: Int) -> [UInt8]
  /// A new id, unique in the process and across runs: a UUID's string for the live clock.
  public var newID: @Sendable () -> String

  /// A clock from its four sources.
  ///
  /// - Parameters:
  ///   - now: The wall time.
  ///   - instant: The monotonic time.
  ///   - randomBytes: Random bytes, as many as asked.
  ///   - newID: A new id.
  public init(
    now: @escaping @Sendable () -> Date, instant: @escaping @Sendable () -> ContinuousClock.Instant,
    randomBytes: @escaping @Sendable (_ count: Int) -> [UInt8], newID: @escaping @Sendable () -> String
  ) {
    self.now = now
    self.instant = instant
    self.randomBytes = randomBytes
    self.newID = newID
  }

  /// The system's clocks, its secure random generator and UUIDs.
  public static let live = WaypointClock(
    now: { Date() },
    instant: { ContinuousClock.now },
    randomBytes: { count in
      var generator = SystemRandomNumberGenerator()
      return (0..<max(count, 0)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    },
    newID: { UUID().uuidString })
}
