import Foundation
import Logging
import SQLiteNIO
import Waypoint
import WaypointLinkSite

/// The embedded store: one SQLite file, in write-ahead-log mode.
///
/// sqlite-nio rather than GRDB: it runs each statement on SwiftNIO's thread pool behind `async`
/// calls, as Hummingbird and postgres-nio do, with no second concurrency model beside them, and
/// it vendors its own SQLite. Each statement is atomic on its own and no operation needs two to
/// be (a redeem's purge of spent nonces and its claim are independent): the connection is opened
/// in SQLite's serialized mode and may be used from any thread. The file is readable by its
/// owner alone: it holds the token key.
package final class SQLiteLinkStore: LinkStore {
  private let connection: SQLiteConnection
  private let purge = Purge()
  /// The file.
  package let path: String

  /// Opens (or creates) the store at `path`.
  package init(path: String, logger: Logger = Logger(label: "waypoint.links.sqlite")) async throws {
    self.path = path
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
    connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
  }

  package func prepare() async throws {
    for statement in [
      "PRAGMA journal_mode=WAL", "PRAGMA busy_timeout=5000", "PRAGMA synchronous=NORMAL",
      // `key` is the code in lower case (codes ignore case); `body` is NULL once removed.
      // `seed` is the body the links file last wrote, so a start rewrites only what the file changed.
      """
      CREATE TABLE IF NOT EXISTS links (key TEXT PRIMARY KEY, code TEXT NOT NULL, body TEXT, seed TEXT,
        version INTEGER NOT NULL)
      """,
      "CREATE INDEX IF NOT EXISTS links_by_version ON links(version)",
      """
      CREATE TABLE IF NOT EXISTS clicks (day TEXT NOT NULL, code TEXT NOT NULL, route TEXT NOT NULL,
        platform TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL,
        PRIMARY KEY (day, code, route, platform, kind))
      """,
      "CREATE TABLE IF NOT EXISTS redeemed (nonce TEXT PRIMARY KEY, expires INTEGER NOT NULL)",
      "CREATE INDEX IF NOT EXISTS redeemed_by_expiry ON redeemed(expires)",
      "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
      // One row per open an app reported, under its random id: a batch sent again adds nothing.
      """
      CREATE TABLE IF NOT EXISTS opens (id TEXT PRIMARY KEY, hour INTEGER NOT NULL, code TEXT NOT NULL,
        revision INTEGER NOT NULL, source TEXT NOT NULL, platform TEXT NOT NULL)
      """,
    ] {
      _ = try await connection.query(statement)
    }
  }

  package func seed(_ link: LinkSiteFile.Link, over expected: String?) async throws {
    _ = try await connection.query(
      """
      INSERT INTO links (key, code, body, seed, version)
        VALUES (?1, ?2, ?3, ?3, (SELECT COALESCE(MAX(version), 0) + 1 FROM links))
      ON CONFLICT (key) DO UPDATE SET code = excluded.code, body = excluded.body, seed = excluded.seed,
        version = excluded.version
        WHERE links.seed IS NOT excluded.seed AND links.body IS NOT NULL AND links.body IS ?4
      """, [.text(link.code.lowercased()), .text(link.code), .text(link.stored), expected.map { .text($0) } ?? .null])
  }

  package func add(_ link: LinkSiteFile.Link) async throws -> Bool {
    let rows = try await connection.query(
      """
      INSERT INTO links (key, code, body, version)
        VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(version), 0) + 1 FROM links))
      ON CONFLICT (key) DO NOTHING
      RETURNING version
      """, [.text(link.code.lowercased()), .text(link.code), .text(link.stored)])
    return !rows.isEmpty
  }

  package func replace(_ old: String, with new: LinkSiteFile.Link) async throws -> Bool {
    let rows = try await connection.query(
      """
      UPDATE links SET body = ?3, version = (SELECT MAX(version) + 1 FROM links)
        WHERE key = ?1 AND body = ?2 RETURNING version
      """, [.text(new.code.lowercased()), .text(old), .text(new.stored)])
    return !rows.isEmpty
  }

  package func stored(code: String) async throws -> StoredLink? {
    let rows = try await connection.query(
      "SELECT body, seed FROM links WHERE key = ?1", [.text(code.lowercased())])
    return rows.first.map { StoredLink(body: $0.column("body")?.string, seed: $0.column("seed")?.string) }
  }

  package func add(_ opens: [ShortLinkOpen]) async throws -> Int {
    var added = 0
    var start = 0
    while start < opens.count {
      let chunk = opens[start..<min(start + 500, opens.count)]
      var binds: [SQLiteData] = []
      for open in chunk {
        binds += [
          .text(open.id), .integer(Int(open.hour)), .text(open.code), .integer(open.revision), .text(open.source),
          .text(open.platform),
        ]
      }
      let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
      added +=
        try await connection.query(
          "INSERT INTO opens (id, hour, code, revision, source, platform) VALUES \(values) "
            + "ON CONFLICT (id) DO NOTHING RETURNING id", binds
        ).count
      start += chunk.count
    }
    return added
  }

  package func opens(code: String?) async throws -> [OpenCount] {
    let select = "SELECT hour, code, revision, source, platform, COUNT(*) AS count FROM opens"
    let group = " GROUP BY hour, code, revision, source, platform"
    let rows =
      if let code {
        try await connection.query(select + " WHERE lower(code) = lower(?1)" + group, [.text(code)])
      } else {
        try await connection.query(select + group)
      }
    return OpenCount.byDay(
      rows.map { row in
        (
          hour: Int64(row.column("hour")?.integer ?? 0), code: row.column("code")?.string ?? "",
          revision: row.column("revision")?.integer ?? 0, source: row.column("source")?.string ?? "",
          platform: row.column("platform")?.string ?? "", count: row.column("count")?.integer ?? 0
        )
      })
  }

  package func remove(code: String) async throws -> Bool {
    let rows = try await connection.query(
      """
      UPDATE links SET body = NULL, version = (SELECT MAX(version) + 1 FROM links)
        WHERE key = ?1 AND body IS NOT NULL RETURNING version
      """, [.text(code.lowercased())])
    return !rows.isEmpty
  }

  package func changes(after version: Int64) async throws -> [LinkChange] {
    let rows = try await connection.query(
      "SELECT version, code, body FROM links WHERE version > ?1 ORDER BY version", [.integer(Int(version))])
    return rows.map { row in
      LinkChange(
        version: Int64(row.column("version")?.integer ?? 0), code: row.column("code")?.string ?? "",
        body: row.column("body")?.string)
    }
  }

  package func add(_ clicks: [ClickKey: Int], batch: String, now: Int64) async throws {
    // A statement that fails is not written, so a retry never adds twice: the batch id is not
    // needed here.
    // At most 500 rows a statement; a failed statement's rows and those after it are thrown
    // back to the caller, which keeps them, so a click is counted once or kept.
    let rows = Array(clicks)
    var start = 0
    while start < rows.count {
      let chunk = rows[start..<min(start + 500, rows.count)]
      var binds: [SQLiteData] = []
      for (key, count) in chunk {
        binds += [
          .text(key.day), .text(key.code), .text(key.route), .text(key.platform), .text(key.kind), .integer(count),
        ]
      }
      let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
      do {
        _ = try await connection.query(
          "INSERT INTO clicks (day, code, route, platform, kind, count) VALUES \(values) "
            + "ON CONFLICT (day, code, route, platform, kind) DO UPDATE SET count = clicks.count + excluded.count",
          binds)
      } catch {
        throw UnrecordedClicks(
          clicks: Dictionary(uniqueKeysWithValues: rows[start...].map { ($0.key, $0.value) }), reason: "\(error)")
      }
      start += chunk.count
    }
  }

  package func clicks(code: String?) async throws -> [ClickCount] {
    let rows: [SQLiteRow]
    let select = "SELECT day, code, route, platform, kind, count FROM clicks"
    let order = " ORDER BY day, code, route, platform, kind"
    if let code {
      rows = try await connection.query(select + " WHERE lower(code) = lower(?1)" + order, [.text(code)])
    } else {
      rows = try await connection.query(select + order)
    }
    return rows.map { row in
      ClickCount(
        day: row.column("day")?.string ?? "", code: row.column("code")?.string ?? "",
        route: row.column("route")?.string ?? "", platform: row.column("platform")?.string ?? "",
        kind: row.column("kind")?.string ?? "", count: row.column("count")?.integer ?? 0)
    }
  }

  package func redeem(nonce: String, expires: Int64, now: Int64) async throws -> Bool {
    if purge.due(at: now) {
      _ = try await connection.query("DELETE FROM redeemed WHERE expires < ?1", [.integer(Int(now))])
    }
    let rows = try await connection.query(
      "INSERT INTO redeemed (nonce, expires) VALUES (?1, ?2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce",
      [.text(nonce), .integer(Int(expires))])
    return !rows.isEmpty
  }

  package func setting(_ name: String, orSet value: String) async throws -> String {
    let rows = try await connection.query(
      """
      INSERT INTO settings (name, value) VALUES (?1, ?2)
      ON CONFLICT (name) DO UPDATE SET value = settings.value RETURNING value
      """, [.text(name), .text(value)])
    return rows.first?.column("value")?.string ?? value
  }

  package func close() async throws {
    try await connection.close()
  }
}
