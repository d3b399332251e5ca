import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Counts clicks in memory and adds them to the store every `interval` and once more when the
/// server stops, after the last request.
///
/// A batch the store certainly did not write goes back into the counts; a batch whose fate is
/// unknown (the store failed after it may have committed) is retried under its own id, which the
/// store writes once. So no click is lost while the process runs its shutdown, and none is
/// counted twice.
final class ClickRecorder: Service {
  private struct Pending {
    var counts: [ClickKey: Int] = [:]
    var retries: [(id: String, clicks: [ClickKey: Int])] = []
  }

  private let pending = Mutex(Pending())
  let store: any LinkStore
  let interval: Duration
  let logger: Logger
  /// The service's clock and ids (``LinkServiceConfiguration/now`` and ``LinkServiceConfiguration/newID``).
  private let now: @Sendable () -> Date
  private let newID: @Sendable () -> String

  init(
    store: any LinkStore, interval: Duration, logger: Logger, now: @escaping @Sendable () -> Date,
    newID: @escaping @Sendable () -> String
  ) {
    self.store = store
    self.interval = interval
    self.logger = logger
    self.now = now
    self.newID = newID
  }

  /// Counts one click.
  func record(_ key: ClickKey) {
    pending.withLock { $0.counts[key, default: 0] += 1 }
  }

  /// How many clicks wait to be written.
  var waiting: Int {
    pending.withLock { pending in
      pending.counts.values.reduce(0, +) + pending.retries.reduce(0) { $0 + $1.clicks.values.reduce(0, +) }
    }
  }

  func run() async throws {
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: self.interval)
        await self.flush()
      }
    }
    // The server stops before this service (it was added first), so no click comes after this.
    // The last writes run in a task of their own: when the run was cancelled rather than shut
    // down, the store would refuse a cancelled task's statements. A store that is down gets ten
    // seconds to come back.
    let recorder = self
    await Task.detached {
      for attempt in 0..<20 where recorder.waiting > 0 {
        if attempt > 0 { try? await Task.sleep(for: .milliseconds(500)) }
        await recorder.flush()
      }
    }.value
    if waiting > 0 { logger.error("clicks not written at shutdown", metadata: ["clicks": "\(waiting)"]) }
  }

  /// Writes what is counted, retried batches first.
  func flush() async {
    let (retries, counts) = pending.withLock { pending in
      defer { pending = Pending() }
      return (pending.retries, pending.counts)
    }
    var batches = retries
    if !counts.isEmpty { batches.append((id: newID(), clicks: counts)) }
    let now = Int64(now().timeIntervalSince1970)
    for batch in batches {
      do {
        try await store.add(batch.clicks, batch: batch.id, now: now)
      } catch let unwritten as UnrecordedClicks {
        pending.withLock { $0.counts.merge(unwritten.clicks, uniquingKeysWith: +) }
        logger.error("writing clicks failed; kept for the next write", metadata: ["error": "\(unwritten.reason)"])
      } catch {
        pending.withLock { $0.retries.append(batch) }
        logger.error("writing clicks failed; the batch is retried", metadata: ["error": "\(error)"])
      }
    }
  }
}
