import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PostgresNIO
import Testing

/// The PostgreSQL database of the scale-out test: `Scripts/link-service-postgres.sh start` sets it.
let postgresURL = ProcessInfo.processInfo.environment["WAYPOINT_LINKS_POSTGRES"]

@Suite("Scale-out: two servers on one PostgreSQL", .enabled(if: postgresURL != nil, "needs WAYPOINT_LINKS_POSTGRES"))
struct ScaleOutTests {
  let client: HTTPClient = {
    var settings = HTTPClient.Configuration()
    settings.redirectConfiguration = .disallow
    return HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
  }()

  /// A GET of `path` on `port` as `agent`: the status.
  func get(_ path: String, port: Int, agent: String = android) async throws -> UInt {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
    request.headers.add(name: "User-Agent", value: agent)
    let response = try await client.execute(request, timeout: .seconds(5))
    _ = try await response.body.collect(upTo: 1 << 20)
    return response.status.code
  }

  /// A call of the admin API on `port`.
  func admin(_ path: String, port: Int, method: HTTPMethod, body: String? = nil) async throws -> (UInt, String) {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
    request.method = method
    request.headers.add(name: "Authorization", value: "Bearer shutdown-test-admin-key")
    if let body { request.body = .bytes(ByteBuffer(string: body)) }
    let response = try await client.execute(request, timeout: .seconds(5))
    return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 20)))
  }

  @Test("a link made on either server is served by the other within a second, and their click counts add up")
  func twoServers() async throws {
    let (url, database, shared, first, second) = try await Self.twoServers()
    for (maker, other) in [(first.port, second.port), (second.port, first.port)] {
      let code = "made\(maker)"
      let body = #"{"code": "\#(code)", "route": "web.note", "values": {"id": "\#(maker)"}, "title": "Made"}"#
      #expect(try await admin("/v1/links", port: maker, method: .POST, body: body).0 == 201)
      let made = ContinuousClock.now
      var served = false
      while !served, made.duration(to: .now) < .seconds(1) {
        served = try await get("/\(code)", port: other) == 302
        if !served { try await Task.sleep(for: .milliseconds(20)) }
      }
      #expect(served, "the link made on \(maker) was not served by \(other) within a second")
    }
    // A token redeemed on one server is refused on the other.
    let token = try #require(copied(from: try await pageText(port: first.port)))
    let tokenBody = String(decoding: try JSONEncoder().encode(["token": token]), as: UTF8.self)
    #expect(try await admin("/v1/deferred/redeem", port: second.port, method: .POST, body: tokenBody).0 == 200)
    #expect(try await admin("/v1/deferred/redeem", port: first.port, method: .POST, body: tokenBody).0 == 409)
    // Clicks on both, then both stop: the database holds their sum.
    var sent = 0
    for index in 0..<300 {
      if try await get("/welcome", port: index % 3 == 0 ? first.port : second.port, agent: desktop) == 302 {
        sent += 1
      }
    }
    for server in [first, second] { kill(server.process.processIdentifier, SIGTERM) }
    for server in [first, second] {
      server.process.waitUntilExit()
      #expect(server.process.terminationStatus == 0, "\(server.log)")
    }
    let desktopClicks = try await Self.sql(
      "SELECT COALESCE(SUM(count), 0)::bigint FROM clicks WHERE code = 'welcome' AND platform = 'desktop'",
      url: shared)
    #expect(sent == 300)
    #expect(desktopClicks == Int64(sent))
    try await client.shutdown()
    try await Self.sql("DROP DATABASE \(database)", url: url)
  }

  @Test("on two servers: a removed code is never made again, a reassignment needs its flag, an open counts once")
  func changesAcrossServers() async throws {
    let (url, database, shared, first, second) = try await Self.twoServers()
    let link = #"{"code": "poster", "route": "web.note", "values": {"id": "1"}, "title": "Poster"}"#
    #expect(try await admin("/v1/links", port: first.port, method: .POST, body: link).0 == 201)
    #expect(try await admin("/v1/links/poster", port: second.port, method: .DELETE).0 == 204)
    let again = try await admin("/v1/links", port: first.port, method: .POST, body: link)
    #expect(again.0 == 409 && again.1.contains("never issued again"), "\(again)")
    let moved = #"{"code": "welcome", "route": "web.note", "values": {"id": "77"}, "title": "Moved"}"#
    #expect(try await admin("/v1/links/welcome", port: first.port, method: .PUT, body: moved).0 == 409)
    let reassigned = try await admin("/v1/links/welcome?reassign=true", port: first.port, method: .PUT, body: moved)
    #expect(reassigned.0 == 200 && reassigned.1.contains(#""revision":2"#), "\(reassigned)")
    // The other server's feed says both within a second.
    let start = ContinuousClock.now
    var feed = ""
    while start.duration(to: .now) < .seconds(1) {
      feed = try Self.feedText(try await admin("/v1/feed", port: second.port, method: .GET).1)
      if feed.contains(#""code":"poster""#) && feed.contains(#""revision":2"#) { break }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(feed.contains(#""code":"poster""#) && feed.contains(#""revision":2"#), "\(feed)")
    // One batch sent to each server (a retry that went elsewhere): counted once.
    let hour = Int((Date().timeIntervalSince1970 / 3_600).rounded(.down))
    let opens = (0..<40).map { index in
      #"{"id": "\#(String(format: "%032x", index + 1))", "code": "welcome", "revision": 2, "source": "universalLink", "platform": "ios", "hour": \#(hour)}"#
    }
    let batch = #"{"opens": [\#(opens.joined(separator: ","))]}"#
    #expect(try await admin("/v1/opens", port: first.port, method: .POST, body: batch).1.contains(#""counted":40"#))
    #expect(try await admin("/v1/opens", port: second.port, method: .POST, body: batch).1.contains(#""counted":0"#))
    for server in [first, second] { kill(server.process.processIdentifier, SIGTERM) }
    for server in [first, second] { server.process.waitUntilExit() }
    #expect(try await Self.sql("SELECT COUNT(*)::bigint FROM opens", url: shared) == 40)
    try await client.shutdown()
    try await Self.sql("DROP DATABASE \(database)", url: url)
  }

  /// Two servers on a new database of the PostgreSQL at `postgresURL`: the server's URL, the
  /// database's name and URL, and the servers, listening.
  static func twoServers() async throws -> (String, String, String, ServerProcess, ServerProcess) {
    let url = try #require(postgresURL)
    let database = "waypoint_links_\(UInt32.random(in: 0...UInt32.max))"
    try await Self.sql("CREATE DATABASE \(database)", url: url)
    let shared = url.replacingOccurrences(of: "/postgres", with: "/\(database)")
    let first = try ServerProcess(store: ["--postgres", shared])
    try first.waitUntilListening()
    let second = try ServerProcess(store: ["--postgres", shared])
    try second.waitUntilListening()
    return (url, database, shared, first, second)
  }

  /// The feed's own JSON in a signed feed's text.
  static func feedText(_ signed: String) throws -> String {
    let envelope = try JSONDecoder().decode([String: String].self, from: Data(signed.utf8))
    return String(decoding: Data(base64Encoded: envelope["feed"] ?? "") ?? Data(), as: UTF8.self)
  }

  /// The iPhone page of `welcome` on `port`.
  func pageText(port: Int) async throws -> String {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/welcome")
    request.headers.add(name: "User-Agent", value: iPhone)
    let response = try await client.execute(request, timeout: .seconds(5))
    return String(buffer: try await response.body.collect(upTo: 1 << 20))
  }

  /// Runs `statement` on the database at `url`; the first row's first value when it is a number.
  @discardableResult
  static func sql(_ statement: String, url: String) async throws -> Int64? {
    let parts = try #require(URLComponents(string: url))
    let configuration = PostgresClient.Configuration(
      host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
      password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
    let client = PostgresClient(configuration: configuration)
    return try await withThrowingTaskGroup(of: Int64?.self) { group in
      group.addTask {
        await client.run()
        return nil
      }
      let rows = try await client.query(PostgresQuery(unsafeSQL: statement))
      var value: Int64?
      for try await row in rows {
        value = try? row.decode(Int64.self)
        break
      }
      group.cancelAll()
      return value
    }
  }
}
