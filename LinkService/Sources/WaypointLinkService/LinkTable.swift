import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Waypoint
import WaypointLinkSite

/// The links a server answers from, in memory: each checked against the manifest when it
/// arrives, so a request costs one dictionary lookup.
///
/// The store is the truth; ``LinkSync`` brings in what another server wrote.
final class LinkTable: Sendable {
  private struct State {
    var entries: [String: LinkSite.Entry] = [:]
    /// The version each code was last written at, removed ones too: two reads that overlap
    /// never put back an older state.
    var versions: [String: Int64] = [:]
    var version: Int64 = 0
  }

  private let state = Mutex(State())
  let site: LinkSiteFile
  let router: Router
  private let logger: Logger

  init(site: LinkSiteFile, router: Router, logger: Logger) {
    self.site = site
    self.router = router
    self.logger = logger
  }

  /// The link of `code` (codes ignore case).
  func entry(_ code: String) -> LinkSite.Entry? {
    state.withLock { $0.entries[code.lowercased()] }
  }

  /// Whether the table has seen `code` written at some time: a code it knows but does not serve
  /// was removed (or no longer opens a route of the manifest).
  func knows(_ code: String) -> Bool {
    state.withLock { $0.versions[code.lowercased()] != nil }
  }

  /// The links served, by lowercased code, and every code the table has seen written.
  var snapshot: (entries: [String: LinkSite.Entry], known: [String]) {
    state.withLock { ($0.entries, Array($0.versions.keys)) }
  }

  /// Every link, by code.
  var entries: [LinkSite.Entry] {
    state.withLock { Array($0.entries.values) }.sorted { $0.link.code < $1.link.code }
  }

  /// The store's version the table has read up to.
  var version: Int64 { state.withLock { $0.version } }

  /// Applies `changes`: a link the manifest no longer opens is left out, with a log line.
  func apply(_ changes: [LinkChange]) {
    var checked: [(LinkChange, LinkSite.Entry?)] = []
    for change in changes {
      guard let link = change.link else {
        if change.body != nil {
          logger.error(
            "a stored link cannot be read; served as removed", metadata: ["code": "\(printable(change.code))"])
        }
        checked.append((change, nil))
        continue
      }
      switch LinkSite.entry(for: link, in: site, router: router) {
      case .success(let entry): checked.append((change, entry))
      case .failure(let problem):
        logger.warning("link not served", metadata: ["code": "\(printable(link.code))", "why": "\(problem.message)"])
        checked.append((change, nil))
      }
    }
    state.withLock { state in
      for (change, entry) in checked {
        let key = change.code.lowercased()
        guard change.version > state.versions[key, default: 0] else { continue }
        state.versions[key] = change.version
        state.entries[key] = entry
        state.version = max(state.version, change.version)
      }
    }
  }
}

/// Reads the store's changes into the table every `interval`, so a link written on another
/// server is served here within it.
struct LinkSync: Service {
  let store: any LinkStore
  let table: LinkTable
  let interval: Duration
  let logger: Logger

  func run() async throws {
    // Shutdown cancels the loop's sleep; that is its end, not a failure of the service.
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        await sync()
      }
    }
  }

  /// One read of the store's changes.
  func sync() async {
    do {
      table.apply(try await store.changes(after: table.version))
    } catch {
      logger.error("reading links failed", metadata: ["error": "\(error)"])
    }
  }
}

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

  init(store: any LinkStore, interval: Duration, logger: Logger) {
    self.store = store
    self.interval = interval
    self.logger = logger
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
    if !counts.isEmpty { batches.append((id: UUID().uuidString, clicks: counts)) }
    for batch in batches {
      do {
        try await store.add(batch.clicks, batch: batch.id)
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

/// `YYYY-MM-DD` of `date` in UTC.
func utcDay(_ date: Date) -> String {
  // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
  let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
  let era = (days >= 0 ? days : days - 146_096) / 146_097
  let dayOfEra = days - era * 146_097
  let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
  let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
  let monthIndex = (5 * dayOfYear + 2) / 153
  let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
  let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
  return "\(year)-\(two(month))-\(two(day))"
}
