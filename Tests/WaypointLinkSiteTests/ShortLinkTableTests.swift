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
  static func inbox(_ data: Data, seen: Seen, service: ShortLinkService? = nil) throws -> (LinkInbox, ShortLinks) {
    let manifest = try RouteManifest(json: Self.manifest)
    let file = try LinkSiteFile.read(data, name: "links.json")
    let json = try ShortLinkCompiler.table(
      of: file, router: try manifest.makeRouter(), digest: ShortLinkDigest.of(data))
    let table = try ShortLinks(json: Data(json.utf8), asking: service) { page in
      seen.web.withLock { $0.append(page) }
    }
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
    // 521 links; the gate keeps the third (e2) for members, so 520 open. Every request to the
    // network fails, and is counted.
    let data = Self.linksFile(count: 521)
    let requests = Mutex(0)
    let offline = ShortLinkService(origin: "https://go.example") { _ in
      requests.withLock { $0 += 1 }
      throw Offline()
    }
    let (inbox, table) = try Self.inbox(data, seen: seen, service: offline)
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
    #expect(requests.withLock { $0 } == 0, "no built-in link asks the network")
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

  /// What a request throws with no network.
  struct Offline: Error {}

  /// A service answering each request as `answer` says, after `delay`, counting the requests.
  final class FakeService: Sendable {
    let requests = Mutex<[String]>([])
    let answer: @Sendable (Int) throws -> (status: Int, body: Data)
    let delay: Duration

    init(delay: Duration = .zero, answer: @escaping @Sendable (Int) throws -> (status: Int, body: Data)) {
      self.delay = delay
      self.answer = answer
    }

    func service(_ change: (inout ShortLinkService) -> Void = { _ in }) -> ShortLinkService {
      var service = ShortLinkService(origin: "https://go.example/") { [self] url in
        let count = requests.withLock {
          $0.append(url)
          return $0.count
        }
        try await Task.sleep(for: delay)
        return try answer(count)
      }
      change(&service)
      return service
    }

    static let found = Data(
      #"{"code": "later", "route": "event", "target": "Event", "url": "https://go.example/event/late", "values": {"id": "late"}}"#
        .utf8)
  }

  @Test(
    "a code made after the build opens through the service when the answer lands, 2 s later; a waited event says so")
  func resolvedLate() async throws {
    let seen = Seen()
    let fake = FakeService(delay: .seconds(2)) { _ in (200, FakeService.found) }
    let service = fake.service { $0.softBudget = .milliseconds(300) }
    let (inbox, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen, service: service)
    let events = inbox.router.events()
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await inbox.open("https://open.go.example/later", origin: .universalLink(referrer: nil))
    #expect(try result.value(as: String.self) == "event late universalLink later")
    #expect(start.duration(to: clock.now) >= .seconds(2))
    #expect(fake.requests.withLock { $0 } == ["https://go.example/v1/resolve/later"])
    // Another link opens while one is asked for: no link waits for the service.
    let other = FakeService(delay: .seconds(5)) { _ in (200, FakeService.found) }
    let (second, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen, service: other.service())
    second.receive("https://go.example/later", origin: .universalLink(referrer: nil))
    let quick = try await second.open("https://go.example/Event-1", origin: .external())
    #expect(try quick.value(as: String.self) == "event e1 external Event-1")
    var phases: [RouteEvent.Phase] = []
    for await event in events {
      phases.append(event.phase)
      if event.phase.isOutcome { break }
    }
    #expect(phases.contains(.waited), "\(phases)")
  }

  @Test("offline: the link opens when the network returns, within the limit; past it, it is dropped and never opens")
  func offlineThenOnline() async throws {
    let seen = Seen()
    let flaky = FakeService { count in
      guard count > 3 else { throw Offline() }
      return (200, FakeService.found)
    }
    // A limit far past the three failed attempts' 0.3 s, so a loaded machine never reaches it.
    let retrying = flaky.service {
      $0.retryInterval = .milliseconds(100)
      $0.offlineLimit = .seconds(60)
    }
    let (inbox, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen, service: retrying)
    let result = try await inbox.open("https://go.example/later", origin: .universalLink(referrer: nil))
    #expect(try result.value(as: String.self) == "event late universalLink later")
    #expect(flaky.requests.withLock { $0.count } == 4)

    let down = FakeService { _ in throw Offline() }
    let limited = down.service {
      $0.retryInterval = .milliseconds(100)
      $0.offlineLimit = .milliseconds(500)
    }
    let nothing = Seen()
    let (offline, _) = try Self.inbox(Self.linksFile(count: 3), seen: nothing, service: limited)
    let clock = ContinuousClock()
    let start = clock.now
    do {
      _ = try await offline.open("https://go.example/later", origin: .universalLink(referrer: nil))
      Issue.record("opened while offline")
    } catch {
      #expect(error.code == .dropped && error.message.contains("could not be reached"), "\(error.message)")
      #expect(error.message.contains("for 500 ms"), "\(error.message)")
    }
    #expect(start.duration(to: clock.now) < .seconds(2))
    let asked = down.requests.withLock { $0.count }
    try await Task.sleep(for: .milliseconds(400))
    #expect(down.requests.withLock { $0.count } == asked, "no request after the limit")
    #expect(nothing.opened.withLock { $0 }.isEmpty && nothing.web.withLock { $0 }.isEmpty)
  }

  @Test("404 shows the #web form; 410 opens nothing and says why; an answer past the hard limit drops the link")
  func notFoundRemovedSlow() async throws {
    let seen = Seen()
    let missing = FakeService { _ in (404, Data(#"{"error": "no link has this code"}"#.utf8)) }
    let (inbox, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen, service: missing.service())
    await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("https://go.example/never?x=1", origin: .universalLink(referrer: nil))
    }
    #expect(seen.web.withLock { $0 } == ["https://go.example/never?x=1#web"])

    let removed = FakeService { _ in (410, Data(#"{"error": "the link 'old' was removed"}"#.utf8)) }
    let (gone, _) = try Self.inbox(Self.linksFile(count: 3), seen: seen, service: removed.service())
    do {
      _ = try await gone.open("https://go.example/old", origin: .universalLink(referrer: nil))
      Issue.record("a removed code opened")
    } catch {
      #expect(error.message.contains("the short link 'old' was removed: the link 'old' was removed"), "\(error)")
    }
    #expect(seen.web.withLock { $0 }.count == 1, "a removed link is not shown on the web")

    let slow = FakeService(delay: .seconds(30)) { _ in (200, FakeService.found) }
    let (late, _) = try Self.inbox(
      Self.linksFile(count: 3), seen: seen, service: slow.service { $0.hardLimit = .milliseconds(300) })
    do {
      _ = try await late.open("https://go.example/later", origin: .universalLink(referrer: nil))
      Issue.record("an answer past the hard limit opened")
    } catch {
      #expect(error.message.contains("did not answer within 300 ms"), "\(error)")
    }
  }
}
