import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SQLiteNIO
import Waypoint
import WaypointLinkService
import WaypointLinkSite

/// The repository's root, for the bundled example.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// A manifest with several public https routes on the site's host, and a few it must not reach.
let serviceManifest = """
  {"version": 1, "routes": [
    {"name": "note", "pattern": "https://notes.example.com/n/<int:id>", "target": "NoteEditor", "exposure": "public"},
    {"name": "folder", "pattern": "https://notes.example.com/folder/:name(/page/<int:page>)", "target": "NoteList",
     "exposure": "public"},
    {"name": "file", "pattern": "https://notes.example.com/files/*path", "target": "FileBrowser", "exposure": "public"},
    {"name": "tag", "pattern": "https://notes.example.com/tag/:tag", "target": "NoteList", "exposure": "public"},
    {"name": "user", "pattern": "https://notes.example.com/u/:handle", "target": "Profile", "exposure": "public",
     "defaults": {"tab": "notes"}},
    {"name": "old", "pattern": "https://notes.example.com/old/<int:id>", "redirect": "https://notes.example.com/n/:id",
     "exposure": "public"},
    {"name": "pricing", "pattern": "https://notes.example.com/pricing", "target": "Pricing", "exposure": "public"},
    {"name": "admin", "pattern": "https://notes.example.com/admin/:id", "target": "Admin"},
    {"name": "other", "pattern": "https://evil.example/n/:id", "target": "NoteEditor", "exposure": "public"}
  ]}
  """

/// A links file for `serviceManifest` with `links` (JSON objects) and the usual apps.
func siteFile(links: String, web: Bool = true, top: String = "") throws -> LinkSiteFile {
  let text = """
    {"site": "https://notes.example.com",\(top)
     "apple": {"appIDs": ["ABCDE12345.com.example.notes"], "appStoreID": "1234567890"},
     "android": {"package": "com.example.notes",
       "sha256": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
     \(web ? "\"web\": \"https://www.notes.example.com\"," : "")
     "links": [\(links)]}
    """
  return try LinkSiteFile.read(Data(text.utf8), name: "links.json")
}

let welcome = #"{"code": "welcome", "route": "note", "values": {"id": "42"}, "title": "Welcome"}"#

/// A clock tests move.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Date(timeIntervalSince1970: 1_800_000_000)
  var now: Date { lock.withLock { current } }
  func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// A service on a new SQLite file, its store, and the admin key.
struct Harness {
  let service: LinkService
  let store: SQLiteLinkStore
  let clock: TestClock
  let adminKey = "test-admin-key-0123456789"

  init(
    links: String = welcome, web: Bool = true, manifest: String = serviceManifest, burst: Double = 20,
    database: String? = nil, top: String = ""
  ) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try await SQLiteLinkStore(path: database ?? folder.appendingPathComponent("links.sqlite").path)
    self.store = store
    let clock = TestClock()
    self.clock = clock
    var configuration = LinkServiceConfiguration(
      site: try siteFile(links: links, web: web, top: top), manifest: try RouteManifest(data: Data(manifest.utf8)),
      adminKey: adminKey)
    configuration.now = { clock.now }
    configuration.adminRate = (perSecond: 1, burst: burst)
    do {
      service = try await LinkService(configuration, store: store)
    } catch {
      // A service that does not start leaves its store closed (an open SQLite connection must
      // be closed before it goes).
      try await store.close()
      throw error
    }
  }

  /// Closes the store.
  func close() async throws { try await store.close() }

  /// Runs `body` against the service's routes.
  func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    try await service.application(address: .hostname("127.0.0.1", port: 0)).test(.router, body)
  }
}

let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"
let messages =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"

extension TestClientProtocol {
  /// A GET of `uri` as `agent`.
  func get(_ uri: String, agent: String?) async throws -> TestResponse {
    var headers = HTTPFields()
    if let agent { headers[.userAgent] = agent }
    return try await execute(uri: uri, method: .get, headers: headers)
  }

  /// A request to the admin API with `key`.
  func admin(
    _ uri: String, method: HTTPRequest.Method = .get, key: String?, body: String? = nil
  ) async throws -> TestResponse {
    var headers = HTTPFields()
    if let key { headers[.authorization] = "Bearer " + key }
    return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
  }

  /// `POST /v1/deferred/redeem` of `token`.
  func redeem(_ token: String) async throws -> TestResponse {
    let body = try JSONEncoder().encode(["token": token])
    return try await execute(uri: "/v1/deferred/redeem", method: .post, body: ByteBuffer(bytes: body))
  }
}

extension TestResponse {
  var text: String { String(buffer: body) }
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] ?? [:]
  }
}

/// The value of the page's Continue button (what it copies), unescaped.
func copied(from page: String) -> String? {
  guard let start = page.range(of: "data-copy=\"") else { return nil }
  let rest = page[start.upperBound...]
  guard let end = rest.firstIndex(of: "\"") else { return nil }
  return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
}

/// The columns of `table` in the SQLite file at `path`, read by a connection of the test's own.
func columns(of table: String, in path: String) async throws -> [String] {
  let connection = try await SQLiteConnection.open(storage: .file(path: path))
  defer { Task { try await connection.close() } }
  let rows = try await connection.query("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(table)])
  return rows.compactMap { $0.column("name")?.string }
}

/// Runs `body` with a harness made of `links` (and `web`, `top` and the rate limits' `burst`) and
/// a client of its routes, then closes the store, whatever `body` throws.
func withHarness(
  links: String = welcome, web: Bool = true, top: String = "", burst: Double = 20,
  _ body: @Sendable (Harness, any TestClientProtocol) async throws -> Void
) async throws {
  let harness = try await Harness(links: links, web: web, burst: burst, top: top)
  do {
    try await harness.test { client in try await body(harness, client) }
  } catch {
    try await harness.close()
    throw error
  }
  try await harness.close()
}
