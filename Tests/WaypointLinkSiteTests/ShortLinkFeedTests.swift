import Foundation
import Synchronization
import Testing
import Waypoint

@testable import WaypointLinkSite

/// The app's side of codes that change after the build: the change feed over the table, and the
/// opens it reports.
@Suite("Short links: the change feed over the app's table, and the opens it reports")
struct ShortLinkFeedTests {
  /// Trusts a feed whose signature file reads `trusted`.
  struct Keys: ManifestVerifying {
    func verify(manifest: Data, signature: Data) throws(ManifestError) {
      guard signature == Data("trusted".utf8) else { throw ManifestError(.untrustedManifest, "untrusted: not signed") }
    }
  }

  /// A signed feed of `entries` at `version` for `site`.
  static func feed(
    _ entries: [ShortLinkFeed.Entry], version: Int64, site: String = "https://go.example", signature: String = "trusted"
  ) throws -> Data {
    let bytes = try JSONEncoder().encode(ShortLinkFeed(site: site, version: version, entries: entries))
    return try JSONEncoder().encode(ShortLinkFeed.Signed(feed: bytes, signature: signature))
  }

  static func table(service: ShortLinkService) throws -> ShortLinks {
    let data = ShortLinkTableTests.linksFile(count: 4)
    let manifest = try RouteManifest(json: ShortLinkTableTests.manifest)
    let json = try ShortLinkCompiler.table(
      of: try LinkSiteFile.read(data, name: "links.json"), router: try manifest.makeRouter(), digest: "sha256:x")
    return try ShortLinks(json: Data(json.utf8), asking: service) { _ in }
  }

  @Test(
    "a newer entry wins over the table, a removed code always; an older feed, a stranger's or another site's does not")
  func feedOverTable() throws {
    let service = ShortLinkService(origin: "https://go.example", feedKeys: Keys()) { _ in (500, Data()) }
    let table = try Self.table(service: service)
    let moved = ShortLink(
      code: "Event-1", url: "https://go.example/event/moved", route: "event", values: ["id": "moved"], revision: 2)
    let stale = ShortLink(
      code: "Event-3", url: "https://go.example/event/stale", route: "event", values: ["id": "stale"], revision: 1)
    let feed = try Self.feed(
      [
        ShortLinkFeed.Entry(code: "event-2", revision: 0, link: nil),
        ShortLinkFeed.Entry(code: "Event-1", revision: 2, link: moved),
        ShortLinkFeed.Entry(code: "Event-3", revision: 1, link: stale),
      ], version: 10)
    #expect(try table.apply(feed: feed) == 3)
    #expect(table.lookup("https://go.example/EVENT-2") == .removed(code: "EVENT-2"))
    #expect(table.lookup("https://go.example/event-1") == .found(moved))
    // Revision 1 is the table's own: the table's link stays.
    guard case .found(let kept) = table.lookup("https://go.example/Event-3") else {
      Issue.record("Event-3 is not found")
      return
    }
    #expect(kept.url == "https://go.example/event/e3" && kept.revision == 1)
    #expect(table.feed == feed)

    // Older: nothing changes. A stranger's signature, another site's feed: refused.
    #expect(try table.apply(feed: Self.feed([], version: 9)) == 3)
    #expect(table.lookup("https://go.example/event-2") == .removed(code: "event-2"))
    #expect(throws: ManifestError.self) { try table.apply(feed: Self.feed([], version: 11, signature: "forged")) }
    #expect(throws: ManifestError.self) {
      try table.apply(feed: Self.feed([], version: 11, site: "https://evil.example"))
    }
    #expect(throws: ManifestError.self) { try table.apply(feed: Data("not json".utf8)) }
    // A newer feed without the entries puts the table back.
    #expect(try table.apply(feed: Self.feed([], version: 12)) == 0)
    #expect(table.lookup("https://go.example/event-2") != .removed(code: "event-2"))
  }

  @Test("opens are kept while the service cannot take them, forgotten past reportKeep, and never make a link wait")
  func opensKept() async throws {
    let statuses = Mutex<[Int]>([503])
    let bodies = Mutex<[Data]>([])
    var service = ShortLinkService(
      origin: "https://go.example",
      post: { _, body in
        bodies.withLock { $0.append(body) }
        return statuses.withLock { $0.isEmpty ? 204 : $0.removeFirst() }
      },
      get: { _ in (404, Data()) })
    service.reportInterval = .seconds(3_600)
    let seen = ShortLinkTableTests.Seen()
    let (inbox, _) = try ShortLinkTableTests.inbox(
      ShortLinkTableTests.linksFile(count: 4), seen: seen, service: service)
    for index in [0, 1, 3] {
      _ = try await inbox.open("https://go.example/Event-\(index)", origin: .universalLink(referrer: nil))
    }
    #expect(service.unreportedOpens == 3)
    #expect(await service.sendOpens() == 0, "a 503 keeps them")
    #expect(service.unreportedOpens == 3)
    #expect(await service.sendOpens() == 3)
    #expect(service.unreportedOpens == 0)
    let sent =
      try JSONSerialization.jsonObject(with: try #require(bodies.withLock { $0.last })) as? [String: [[String: Any]]]
    let opens = try #require(sent?["opens"])
    #expect(opens.map { $0["code"] as? String } == ["Event-0", "Event-1", "Event-3"])
    #expect(opens.allSatisfy { Set($0.keys) == ["id", "code", "revision", "source", "platform", "hour"] })
    #expect(Set(opens.compactMap { $0["id"] as? String }).count == 3)
    // Past reportKeep an open is forgotten, unsent.
    var brief = service
    brief.reportKeep = .zero
    _ = try await inbox.open("https://go.example/Event-0?again", origin: .universalLink(referrer: nil))
    #expect(service.unreportedOpens == 1)
    try await Task.sleep(for: .milliseconds(5))
    #expect(await brief.sendOpens() == 0 && service.unreportedOpens == 0)
  }

  @Test("an open names its door as the service takes a source: other bytes a dash, 32 at most, none 'other'")
  func openSource() {
    let link = ShortLink(code: "spring", url: "https://go.example.com/spring", route: nil, values: [:], revision: 3)
    let date = Date(timeIntervalSince1970: 7_200 * 24 + 1_800)
    let odd = ShortLinkOpen(of: link, door: "my door/\u{E9}", platform: "ios", at: date)
    #expect(odd.source == "my-door---" && odd.problem == nil)
    #expect(ShortLinkOpen(of: link, door: "", platform: "ios", at: date).source == "other")
    let long = ShortLinkOpen(of: link, door: String(repeating: "a", count: 40), platform: "android", at: date)
    #expect(long.source == String(repeating: "a", count: 32) && long.problem == nil)
    #expect(odd.id.utf8.count == 32 && odd.id != long.id && odd.hour == 48 && odd.revision == 3)
    var wrong = odd
    wrong.platform = "windows"
    #expect(wrong.problem == "the platform is ios, android or desktop")
  }
}
