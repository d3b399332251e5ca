import Foundation
import Synchronization
import Testing
import Waypoint

@testable import WaypointLinkSite

/// The app's table of short links: compiled from a links file, looked up by the inbox before
/// anything else, with no network.
@Suite("Short links from the app's own table")
struct ShortLinkTableTests {
  static let manifest = """
    {"routes": [
      {"name": "event", "pattern": "https://go.example/event/:id", "target": "Event", "exposure": "public"},
      {"name": "about", "pattern": "https://go.example/about", "target": "About", "exposure": "public"},
      {"name": "admin", "pattern": "https://go.example/settings", "target": "Admin"}
    ]}
    """

  /// `count` links: codes `Event-<n>` to the event route (every seventh by url, with a query).
  static func linksFile(count: Int) -> Data {
    let links = (0..<count).map { index in
      index % 7 == 0
        ? #"{"code": "Event-\#(index)", "url": "https://go.example/event/u\#(index)?seat=\#(index)", "title": "E"}"#
        : #"{"code": "Event-\#(index)", "route": "event", "values": {"id": "e\#(index)"}, "title": "E"}"#
    }
    return Data(
      """
      {"site": "https://go.example", "alternate": "https://open.go.example",
       "links": [\(links.joined(separator: ",\n"))]}
      """.utf8)
  }

  /// A gate: the event `e2` is for signed-in people only.
  struct MembersOnly: RouteMiddleware {
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      if request["id"] == "e2" { throw RoutingError(.forbidden, "members only", url: request.url.string) }
      return try await next(request)
    }
  }

  /// Everything the handlers and the web fallback saw.
  final class Seen: Sendable {
    let opened = Mutex<[String]>([])
    let web = Mutex<[String]>([])
  }

  /// An inbox over the manifest's routes with the compiled table of `data`, ready.
  static func inbox(_ data: Data, seen: Seen) throws -> (LinkInbox, ShortLinks) {
    let manifest = try RouteManifest(json: Self.manifest)
    let file = try LinkSiteFile.read(data, name: "links.json")
    let json = try ShortLinkCompiler.table(
      of: file, router: try manifest.makeRouter(), digest: ShortLinkDigest.of(data))
    let table = try ShortLinks(json: Data(json.utf8)) { page in seen.web.withLock { $0.append(page) } }
    var builder = RouterBuilder()
    builder.use(MembersOnly())
    for (name, pattern) in [("event", "https://go.example/event/:id"), ("about", "https://go.example/about")] {
      builder.add(pattern, name: name, exposure: .public) { request in
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let campaign = request.origin.campaign.map { " \($0.key)=\($0.value)" }.sorted().joined()
        let line =
          "\(name) \(request["id"] ?? "-") \(request.origin.kind) \(request.origin.details["shortLink"] ?? "-")"
          + campaign
        seen.opened.withLock { $0.append(line + (query.isEmpty ? "" : " ?" + query)) }
        return line
      }
    }
    builder.add("https://go.example/settings") { _ in "settings" }
    var policy = LinkInbox.Policy()
    policy.shortLinks = table
    let inbox = LinkInbox(router: try RouterHolder(builder: builder), policy: policy)
    inbox.setReady(true)
    return (inbox, table)
  }

  @Test("each of 520 built-in short links opens its links-file route and values, with no network")
  func offline() async throws {
    let seen = Seen()
    // 521 links; the gate keeps the third (e2) for members, so 520 open.
    let data = Self.linksFile(count: 521)
    let (inbox, table) = try Self.inbox(data, seen: seen)
    #expect(table.count == 521 && table.hosts == ["go.example", "open.go.example"])
    #expect(table.digest == ShortLinkDigest.of(data) && table.digest.hasPrefix("sha256:"))
    for index in 0..<521 where index != 2 {
      // Either host, any case, a final slash or none.
      let host = index % 2 == 0 ? "go.example" : "open.go.example"
      let code = index % 3 == 0 ? "event-\(index)" : "EVENT-\(index)"
      let link = "https://\(host)/\(code)\(index % 5 == 0 ? "/" : "")"
      let result = try await inbox.open(link, origin: .universalLink(referrer: nil))
      let id = index % 7 == 0 ? "u\(index)" : "e\(index)"
      #expect(try result.value(as: String.self) == "event \(id) universalLink Event-\(index)", "\(link)")
    }
    #expect(seen.web.withLock { $0 }.isEmpty)
    let urlLinks = seen.opened.withLock { $0 }.filter { $0.contains("?seat=") }
    #expect(urlLinks.count == 75, "a link by url keeps its query")
  }

  @Test("a short link keeps its door, its campaign items and the gates; a code the table lacks goes to the web")
  func missingAndOrigin() async throws {
    let seen = Seen()
    let (inbox, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen)
    let result = try await inbox.open("https://go.example/Event-1?utm_source=mail", origin: .external())
    #expect(try result.value(as: String.self) == "event e1 external Event-1 utm_source=mail")
    // The gates hear the link it stands for.
    await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("https://go.example/event-2", origin: .universalLink(referrer: nil))
    }
    // The route's own one-segment path is no short link.
    let about = try await inbox.open("https://go.example/about", origin: .universalLink(referrer: nil))
    #expect(try about.value(as: String.self) == "about - universalLink -")
    do {
      _ = try await inbox.open("https://open.go.example/made-later?x=1#top", origin: .universalLink(referrer: nil))
      Issue.record("a code the table lacks opened")
    } catch {
      #expect(error.code == .dropped && error.message.contains("'made-later' is not in the app's table"))
    }
    #expect(seen.web.withLock { $0 } == ["https://open.go.example/made-later?x=1#web"])
    // An internal route is still refused from outside, not sent to the web.
    await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("https://go.example/settings", origin: .universalLink(referrer: nil))
    }
    // Not the site's host, or more than one segment: not a short link.
    await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("https://other.example/Event-1", origin: .universalLink(referrer: nil))
    }
    #expect(seen.web.withLock { $0 }.count == 1)
  }

  @Test("a table that is not one compile writes is refused with the reason")
  func badTables() {
    let bad = [
      (#"{"format": 2, "site": "s", "hosts": [], "digest": "d", "links": []}"#, "has format 2"),
      (
        #"{"format": 1, "site": "s", "hosts": [], "digest": "d", "links": [{"code": "a/b", "url": "u", "values": {}}]}"#,
        "no code"
      ),
      (
        #"{"format": 1, "site": "s", "hosts": [], "digest": "d", "links": [{"code": "a", "url": "u", "values": {}}, {"code": "A", "url": "u", "values": {}}]}"#,
        "twice"
      ),
      ("[]", "is not one"),
    ]
    for (json, reason) in bad {
      do {
        _ = try ShortLinks(json: Data(json.utf8)) { _ in }
        Issue.record("read: \(json)")
      } catch {
        #expect(error.description.contains(reason), "\(error)")
      }
    }
  }
}
