import Foundation
import Synchronization
import WaypointLinkSite

/// Where the link service keeps what must outlive a process: the links, the click counts, the
/// deferred tokens already redeemed, and the key that signs tokens.
///
/// Every server of a deployment shares one store, so a link made on one is served by all, a
/// token is redeemed once across them, and their click counts add up. ``SQLiteLinkStore`` is the
/// embedded one.
package protocol LinkStore: Sendable {
  /// Creates the tables when they are missing.
  func prepare() async throws
  /// Writes `link`, a links file's, under its code when the file changed it since it was last
  /// seeded (or the code is new): a link changed through the admin API stays so until the file
  /// changes that link, and a removed one stays removed for good (codes ignore case).
  func seed(_ link: LinkSiteFile.Link) async throws
  /// Writes `link` when no link ever had its code; `false` when one has, or had (a removed code
  /// is never issued again).
  func add(_ link: LinkSiteFile.Link) async throws -> Bool
  /// Writes `new` under its code when the link there is exactly `old` (as the store keeps it);
  /// `false` when another write came first.
  func replace(_ old: String, with new: LinkSiteFile.Link) async throws -> Bool
  /// Removes the link of `code`, leaving its tombstone; `false` when there was none.
  func remove(code: String) async throws -> Bool
  /// What the store holds under `code`: `nil` when no link ever had it.
  func stored(code: String) async throws -> StoredLink?
  /// Counts `opens` reported by apps, each once by its id; the number new.
  func add(_ opens: [AppOpen]) async throws -> Int
  /// The opens apps reported, by hour, link, revision, source and platform; of one link's code
  /// when given.
  func opens(code: String?) async throws -> [OpenCount]
  /// The changes after `version`, oldest first: each link written or removed since, with the
  /// version it was written at (a removed link comes back as `nil`).
  func changes(after version: Int64) async throws -> [LinkChange]
  /// Adds `clicks` to the counts, once for `batch`: a batch retried after an error that left it
  /// unknown whether it was written is not added twice.
  ///
  /// - Throws: ``UnrecordedClicks`` with the clicks certainly not written (retried under a new
  ///   batch); any other error leaves the whole batch to be retried under the same id.
  func add(_ clicks: [ClickKey: Int], batch: String) async throws
  /// The counts, by day, link, route, platform and kind; of one link's code when given.
  func clicks(code: String?) async throws -> [ClickCount]
  /// Marks the token nonce `nonce` redeemed: `true` the first time, `false` after.
  ///
  /// - Parameters:
  ///   - nonce: The token's nonce.
  ///   - expires: When the token expires (Unix seconds); a nonce is kept at least until then.
  ///   - now: The time now (Unix seconds); nonces expired before it may be forgotten.
  /// - Returns: Whether this call redeemed it.
  /// - Throws: When the store fails.
  func redeem(nonce: String, expires: Int64, now: Int64) async throws -> Bool
  /// The value of the setting `name`, written as `value` by whichever server asks first.
  func setting(_ name: String, orSet value: String) async throws -> String
  /// Closes the store.
  func close() async throws
}

/// What a store holds under a code.
package struct StoredLink: Sendable, Equatable {
  /// The link (JSON), or `nil` for a tombstone: the code was removed and is never issued again.
  package var body: String?
  /// The links file's link the code was last seeded with (JSON), when any.
  package var seed: String?
}

/// One open of a short link an app resolved from its own table, as the app reports it.
///
/// Nothing of the device: the id is random for each open, and the time is the hour.
package struct AppOpen: Sendable, Hashable, Codable {
  /// 16 to 64 lowercase hex digits, random for each open: a batch sent twice counts once.
  package var id: String
  /// The link's code.
  package var code: String
  /// The link's revision the app opened.
  package var revision: Int
  /// The door the link came in by (`universalLink`, `url`, `notification`, …).
  package var source: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// Hours since 1970 in UTC.
  package var hour: Int64
}

/// A count of opens reported by apps (or, with source `resolve`, answered by `/v1/resolve`).
package struct OpenCount: Sendable, Hashable, Codable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The link's revision; `nil` for an open through `/v1/resolve` (always the live one).
  package var revision: Int?
  /// The door, or `resolve`.
  package var source: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// How many.
  package var count: Int
}

extension OpenCount {
  /// Counts by hour folded into counts by day, in order of day, code, revision, source and
  /// platform.
  static func byDay(
    _ hours: [(hour: Int64, code: String, revision: Int, source: String, platform: String, count: Int)]
  ) -> [OpenCount] {
    var days: [OpenCount: Int] = [:]
    for row in hours {
      let key = OpenCount(
        day: utcDay(Date(timeIntervalSince1970: Double(row.hour) * 3_600)), code: row.code, revision: row.revision,
        source: row.source, platform: row.platform, count: 0)
      days[key, default: 0] += row.count
    }
    return days.map { key, count in
      var total = key
      total.count = count
      return total
    }.sorted(by: OpenCount.order)
  }

  /// The order counts are listed in.
  static func order(_ left: OpenCount, _ right: OpenCount) -> Bool {
    (left.day, left.code, left.revision ?? 0, left.source, left.platform)
      < (right.day, right.code, right.revision ?? 0, right.source, right.platform)
  }
}

/// A link written or removed.
package struct LinkChange: Sendable {
  /// The store's version of the change, increasing.
  package var version: Int64
  /// The code, as written.
  package var code: String
  /// The link as the store keeps it (JSON), or `nil` when it was removed.
  package var body: String?

  /// The link, or `nil` when it was removed or its JSON cannot be read (which the table logs and
  /// serves as removed, so one bad row never stops the reading of the rest).
  var link: LinkSiteFile.Link? { body.flatMap { try? LinkSiteFile.Link.stored($0) } }
}

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

/// What one click is counted by: never an address or anything else of the device's.
package struct ClickKey: Sendable, Hashable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The route the link opens.
  package var route: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// `person`, `previewer` (a link preview's fetch) or `bot` (a crawler or a tool).
  package var kind: String
}

/// A count of clicks.
package struct ClickCount: Sendable, Hashable, Codable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The route the link opens.
  package var route: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// `person`, `previewer` or `bot`.
  package var kind: String
  /// How many.
  package var count: Int

  /// A count of `count` clicks.
  package init(day: String, code: String, route: String, platform: String, kind: String, count: Int) {
    self.day = day
    self.code = code
    self.route = route
    self.platform = platform
    self.kind = kind
    self.count = count
  }
}

extension LinkSiteFile.Link {
  /// The link as the store keeps it: JSON.
  var stored: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
  }

  /// A link the store kept.
  static func stored(_ text: String) throws -> LinkSiteFile.Link {
    try JSONDecoder().decode(LinkSiteFile.Link.self, from: Data(text.utf8))
  }
}
