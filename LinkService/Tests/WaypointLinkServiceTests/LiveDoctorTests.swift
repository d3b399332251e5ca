import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing
import Waypoint
import WaypointLinkSite

/// `waypoint doctor --live`'s checks against a live `waypoint-links serve` and a stand-in for
/// Apple's CDN, both on loopback.
@Suite("doctor --live against a running link service")
struct LiveDoctorTests {
  /// The network as the doctor sees it: no redirect followed.
  static func fetch(_ client: HTTPClient) -> LiveDoctor.Fetch {
    { url, agent in
      var request = HTTPClientRequest(url: url)
      request.headers.add(name: "User-Agent", value: agent)
      let response = try await client.execute(request, timeout: .seconds(5))
      let body = try await response.body.collect(upTo: 1 << 20)
      return LiveDoctor.Answer(
        status: Int(response.status.code), location: response.headers.first(name: "Location"),
        contentType: response.headers.first(name: "Content-Type"), body: Data(body.readableBytesView))
    }
  }

  /// A stand-in for Apple's CDN answering `file` (or a redirect when `nil`) at every path.
  static func cdn(_ file: String?) -> some ApplicationProtocol {
    let router = Router()
    router.get("/**") { _, _ in
      guard let file else { return Response.redirect(to: "https://elsewhere.example/aasa", type: .permanent) }
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: file)))
    }
    return Application(
      router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
  }

  @Test("a healthy site: the association file, its CDN copy, assetlinks, previews and redirects pass; faults are named")
  func live() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let server = try ServerProcess(store: ["--database", folder.appendingPathComponent("links.sqlite").path])
    try server.waitUntilListening()
    var settings = HTTPClient.Configuration()
    settings.redirectConfiguration = .disallow
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
    let manifest = try RouteManifest(data: Data(contentsOf: repository.appendingPathComponent("Examples/routes.json")))
    let linksFile = try Data(contentsOf: repository.appendingPathComponent("LinkService/Example/links.json"))
    let links = try LinkSiteFile.read(linksFile, name: "links.json")
    let origin = "http://127.0.0.1:\(server.port)"
    let served = String(
      decoding: try await Self.fetch(client)(origin + "/.well-known/apple-app-site-association", "test").body,
      as: UTF8.self)

    // The CDN has the site's file: nothing to say.
    try await Self.cdn(served).test(.live) { cdn in
      let doctor = LiveDoctor(
        manifest: manifest, origin: origin, cdn: "http://127.0.0.1:\(cdn.port ?? 0)/a/v1/notes.example.com",
        links: links, fetch: Self.fetch(client))
      let problems = await doctor.problems()
      #expect(problems.isEmpty, "\(problems.map(\.line))")
    }
    // A stale CDN copy, a title the page no longer shows, a fingerprint assetlinks lacks.
    var changed = links
    changed.links[0].title = "A title the page does not show"
    changed.android?.sha256?.append(String(repeating: "AB:", count: 31) + "AB")
    let stale = changed
    try await Self.cdn(#"{"applinks": {"details": []}}"#).test(.live) { cdn in
      let doctor = LiveDoctor(
        manifest: manifest, origin: origin, cdn: "http://127.0.0.1:\(cdn.port ?? 0)/a/v1/notes.example.com",
        links: stale, fetch: Self.fetch(client))
      let lines = await doctor.problems().map(\.line)
      #expect(lines.contains { $0.hasPrefix("apple-app-site-association (Apple's CDN): links to '/n/?*'") })
      #expect(lines.contains { $0.hasPrefix("Apple's CDN: its copy differs from the site's") })
      #expect(lines.contains { $0.hasPrefix("short link welcome:") && $0.contains("og:title") })
      #expect(lines.contains { $0.hasPrefix("assetlinks.json: the fingerprint AB:AB") })
      #expect(lines.count == 4, "\(lines)")
    }
    // A CDN (or a site) that redirects: Apple follows no redirect.
    try await Self.cdn(nil).test(.live) { cdn in
      let doctor = LiveDoctor(
        manifest: manifest, origin: "http://127.0.0.1:\(cdn.port ?? 0)",
        cdn: "http://127.0.0.1:\(cdn.port ?? 0)/a/v1/x",
        fetch: Self.fetch(client))
      let lines = await doctor.problems().map(\.line)
      #expect(lines.count == 2 && lines.allSatisfy { $0.contains("answered 301 to https://elsewhere.example/aasa") })
    }
    kill(server.process.processIdentifier, SIGTERM)
    server.process.waitUntilExit()
    try await client.shutdown()
  }
}
