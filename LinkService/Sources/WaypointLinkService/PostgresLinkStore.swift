import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Waypoint
import WaypointLinkSite

/// The store several servers share: one PostgreSQL database (postgres-nio's pooled client).
///
/// Links are written under a table lock, each at the next version, so versions commit in order
/// and a server reading the changes after the last version it saw never steps over a write that
/// commits late. Servers poll for changes (``LinkServiceConfiguration/syncInterval``, half a
/// second by default) rather than LISTEN: polling passes through connection poolers in
/// transaction mode, survives a dropped connection without a missed notification, and is the
/// same path as SQLite's; a poll is one indexed query.
///
/// The store is a service of the process's `ServiceGroup` (postgres-nio's client runs as one):
/// put it before the server (``LinkServer``), so it starts first and stops last, after the last
/// clicks are written.
package final class PostgresLinkStore: LinkStore, Service {
  private let client: PostgresClient
  private let logger: Logger
  private let purge = Purge()

  /// Connects to the database at `url` (`postgres://user:password@host:port/database`).
  ///
  /// TLS is not used: the token key and the links travel in clear, so keep the database on
  /// loopback or a private network.
  package init(url: String, logger: Logger = Logger(label: "waypoint.links.postgres")) throws {
    guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme),
      let host = parts.host, !host.isEmpty
    else { throw LinkSiteError("the --postgres value is not a postgres://user:password@host:port/database URL") }
    let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    let configuration = PostgresClient.Configuration(
      host: host, port: parts.port ?? 5432, username: parts.user ?? "postgres", password: parts.password,
      database: database.isEmpty ? nil : database, tls: .disable)
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.client = client
    self.logger = logger
  }

  /// Runs the client's connection pool until the group shuts down.
  package func run() async {
    await client.run()
  }

  package func prepare() async throws {
    // Two servers starting together race to create the tables: one at a time.
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(8317)", logger: logger)
      for statement: PostgresQuery in [
        """
        CREATE TABLE IF NOT EXISTS links (key TEXT PRIMARY KEY, code TEXT NOT NULL, body TEXT, seed TEXT,
          version BIGINT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS links_by_version ON links(version)",
        """
        CREATE TABLE IF NOT EXISTS clicks (day TEXT NOT NULL, code TEXT NOT NULL, route TEXT NOT NULL,
          platform TEXT NOT NULL, kind TEXT NOT NULL, count BIGINT NOT NULL,
          PRIMARY KEY (day, code, route, platform, kind))
        """,
        "CREATE TABLE IF NOT EXISTS redeemed (nonce TEXT PRIMARY KEY, expires BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS redeemed_by_expiry ON redeemed(expires)",
        // The click batches written, so a batch retried after a lost answer is not added twice.
        "CREATE TABLE IF NOT EXISTS click_batches (id TEXT PRIMARY KEY, written BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        // One row per open an app reported, under its random id: a batch sent again adds nothing.
        """
        CREATE TABLE IF NOT EXISTS opens (id TEXT PRIMARY KEY, hour BIGINT NOT NULL, code TEXT NOT NULL,
          revision BIGINT NOT NULL, source TEXT NOT NULL, platform TEXT NOT NULL)
        """,
      ] {
        try await connection.query(statement, logger: logger)
      }
    }
  }

  package func seed(_ link: LinkSiteFile.Link, over expected: String?) async throws {
    let key = link.code.lowercased()
    let body = link.stored
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("LOCK TABLE links IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      try await connection.query(
        """
        INSERT INTO links (key, code, body, seed, version)
          VALUES (\(key), \(link.code), \(body), \(body), (SELECT COALESCE(MAX(version), 0) + 1 FROM links))
        ON CONFLICT (key) DO UPDATE SET code = excluded.code, body = excluded.body, seed = excluded.seed,
          version = excluded.version
          WHERE links.seed IS DISTINCT FROM excluded.seed AND links.body IS NOT NULL
            AND links.body IS NOT DISTINCT FROM \(expected)
        """, logger: logger)
    }
  }

  package func add(_ link: LinkSiteFile.Link) async throws -> Bool {
    // A code that was ever written is never written again by `add`: a tombstone stays. The table
    // is locked so versions commit in order.
    let key = link.code.lowercased()
    let body = link.stored
    return try await client.withTransaction(logger: logger) { connection in
      try await connection.query("LOCK TABLE links IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      let rows = try await connection.query(
        """
        INSERT INTO links (key, code, body, version)
          VALUES (\(key), \(link.code), \(body), (SELECT COALESCE(MAX(version), 0) + 1 FROM links))
        ON CONFLICT (key) DO NOTHING RETURNING version
        """, logger: logger)
      for try await _ in rows { return true }
      return false
    }
  }

  package func replace(_ old: String, with new: LinkSiteFile.Link) async throws -> Bool {
    let key = new.code.lowercased()
    let body = new.stored
    return try await client.withTransaction(logger: logger) { connection in
      try await connection.query("LOCK TABLE links IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      let rows = try await connection.query(
        """
        UPDATE links SET body = \(body), version = (SELECT MAX(version) + 1 FROM links)
          WHERE key = \(key) AND body = \(old) RETURNING version
        """, logger: logger)
      for try await _ in rows { return true }
      return false
    }
  }

  package func stored(code: String) async throws -> StoredLink? {
    let rows = try await client.query(
      "SELECT body, seed FROM links WHERE key = \(code.lowercased())", logger: logger)
    for try await (body, seed) in rows.decode((String?, String?).self) { return StoredLink(body: body, seed: seed) }
    return nil
  }

  package func add(_ opens: [ShortLinkOpen]) async throws -> Int {
    guard !opens.isEmpty else { return 0 }
    let ids = opens.map(\.id)
    let hours = opens.map(\.hour)
    let codes = opens.map(\.code)
    let revisions = opens.map { Int64($0.revision) }
    let sources = opens.map(\.source)
    let platforms = opens.map(\.platform)
    let rows = try await client.query(
      """
      INSERT INTO opens (id, hour, code, revision, source, platform)
        SELECT * FROM unnest(\(ids)::text[], \(hours)::bigint[], \(codes)::text[], \(revisions)::bigint[],
          \(sources)::text[], \(platforms)::text[])
      ON CONFLICT (id) DO NOTHING RETURNING id
      """, logger: logger)
    var added = 0
    for try await _ in rows { added += 1 }
    return added
  }

  package func opens(code: String?) async throws -> [OpenCount] {
    let rows =
      if let code {
        try await client.query(
          """
          SELECT hour, code, revision, source, platform, COUNT(*) FROM opens WHERE lower(code) = lower(\(code))
            GROUP BY hour, code, revision, source, platform
          """, logger: logger)
      } else {
        try await client.query(
          "SELECT hour, code, revision, source, platform, COUNT(*) FROM opens GROUP BY hour, code, revision, source, platform",
          logger: logger)
      }
    var counted: [(hour: Int64, code: String, revision: Int, source: String, platform: String, count: Int)] = []
    for try await (hour, code, revision, source, platform, count) in rows.decode(
      (Int64, String, Int64, String, String, Int64).self)
    {
      counted.append((hour, code, Int(revision), source, platform, Int(count)))
    }
    return OpenCount.byDay(counted)
  }

  package func remove(code: String) async throws -> Bool {
    let key = code.lowercased()
    return try await client.withTransaction(logger: logger) { connection in
      try await connection.query("LOCK TABLE links IN SHARE ROW EXCLUSIVE MODE", logger: logger)
      let rows = try await connection.query(
        """
        UPDATE links SET body = NULL, version = (SELECT MAX(version) + 1 FROM links)
          WHERE key = \(key) AND body IS NOT NULL RETURNING version
        """, logger: logger)
      for try await _ in rows { return true }
      return false
    }
  }

  package func changes(after version: Int64) async throws -> [LinkChange] {
    let rows = try await client.query(
      "SELECT version, code, body FROM links WHERE version > \(version) ORDER BY version", logger: logger)
    var changes: [LinkChange] = []
    for try await (version, code, body) in rows.decode((Int64, String, String?).self) {
      changes.append(LinkChange(version: version, code: code, body: body))
    }
    return changes
  }

  package func add(_ clicks: [ClickKey: Int], batch: String, now: Int64) async throws {
    guard !clicks.isEmpty else { return }
    let rows = Array(clicks)
    let days = rows.map(\.key.day)
    let codes = rows.map(\.key.code)
    let routes = rows.map(\.key.route)
    let platforms = rows.map(\.key.platform)
    let kinds = rows.map(\.key.kind)
    let counts = rows.map { Int64($0.value) }
    // One transaction: the batch is marked written and every count added, or neither. An error
    // (a connection lost after the commit, say) leaves it unknown, and the caller retries under
    // the same id, which the mark turns away if the first attempt was written.
    try await client.withTransaction(logger: logger) { connection in
      let marked = try await connection.query(
        """
        INSERT INTO click_batches (id, written) VALUES (\(batch), extract(epoch from now())::bigint)
        ON CONFLICT (id) DO NOTHING RETURNING id
        """, logger: logger)
      var first = false
      for try await _ in marked { first = true }
      guard first else { return }
      try await connection.query(
        """
        INSERT INTO clicks (day, code, route, platform, kind, count)
          SELECT * FROM unnest(\(days)::text[], \(codes)::text[], \(routes)::text[], \(platforms)::text[],
            \(kinds)::text[], \(counts)::bigint[])
        ON CONFLICT (day, code, route, platform, kind) DO UPDATE SET count = clicks.count + excluded.count
        """, logger: logger)
    }
    if purge.due(at: now) {
      _ = try? await client.query(
        "DELETE FROM click_batches WHERE written < extract(epoch from now())::bigint - 86400", logger: logger)
    }
  }

  package func clicks(code: String?) async throws -> [ClickCount] {
    let rows =
      if let code {
        try await client.query(
          """
          SELECT day, code, route, platform, kind, count FROM clicks WHERE lower(code) = lower(\(code))
            ORDER BY day, code, route, platform, kind
          """, logger: logger)
      } else {
        try await client.query(
          "SELECT day, code, route, platform, kind, count FROM clicks ORDER BY day, code, route, platform, kind",
          logger: logger)
      }
    var counts: [ClickCount] = []
    for try await (day, code, route, platform, kind, count) in rows.decode(
      (String, String, String, String, String, Int64).self)
    {
      counts.append(ClickCount(day: day, code: code, route: route, platform: platform, kind: kind, count: Int(count)))
    }
    return counts
  }

  package func redeem(nonce: String, expires: Int64, now: Int64) async throws -> Bool {
    // By the database's clock, not a server's: a server whose clock runs ahead must not forget a
    // nonce another server still accepts.
    if purge.due(at: now) {
      try await client.query("DELETE FROM redeemed WHERE expires < extract(epoch from now())::bigint", logger: logger)
    }
    let rows = try await client.query(
      "INSERT INTO redeemed (nonce, expires) VALUES (\(nonce), \(expires)) ON CONFLICT (nonce) DO NOTHING RETURNING nonce",
      logger: logger)
    for try await _ in rows { return true }
    return false
  }

  package func setting(_ name: String, orSet value: String) async throws -> String {
    let rows = try await client.query(
      """
      INSERT INTO settings (name, value) VALUES (\(name), \(value))
      ON CONFLICT (name) DO UPDATE SET value = settings.value RETURNING value
      """, logger: logger)
    for try await text in rows.decode(String.self) { return text }
    return value
  }

  /// Nothing to close: the pool ends with ``run()``.
  package func close() async throws {}
}
