import Synchronization

/// Whether a purge of spent rows is due: at most once a minute of the caller's clock (the
/// service's, passed in as seconds since 1970), so a write costs one indexed insert, not a scan.
final class Purge: Sendable {
  private let last = Mutex(Int64.min)

  /// Whether `now` is a minute or more past the last purge (the first time, always); if so, `now`
  /// is the last purge from then on.
  func due(at now: Int64) -> Bool {
    last.withLock { last in
      guard last == .min || now - last >= 60 else { return false }
      last = now
      return true
    }
  }
}
