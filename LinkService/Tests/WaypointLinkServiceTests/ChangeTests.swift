import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
import Waypoint
import WaypointLinkService
import WaypointLinkSite
import WaypointSignedLinks

/// Codes that change after the build: removed for good, sent elsewhere only on purpose, and told
/// to the apps by a signed change feed.
@Suite("Tombstones, revisions and the change feed")
struct ChangeTests {
  static let links = [
    #"{"code": "spring", "route": "note", "values": {"id": "1"}, "title": "Spring"}"#,
    #"{"code": "summer", "route": "note", "values": {"id": "2"}, "title": "Summer"}"#,
    #"{"code": "autumn", "route": "tag", "values": {"tag": "leaves"}, "title": "Autumn"}"#,
  ].joined(separator: ", ")

  @Test("a removed code is never made again; sending a link elsewhere needs reassign=true and raises its revision")
  func tombstonesAndRevisions() async throws {
    try await withHarness(links: Self.links) { harness, client in
      let key = harness.adminKey
      #expect(try await client.admin("/v1/links/spring", method: .delete, key: key).status == .noContent)
      for code in ["spring", "SPRING"] {
        let again = #"{"code": "\#(code)", "route": "tag", "values": {"tag": "x"}, "title": "Someone else"}"#
        let made = try await client.admin("/v1/links", method: .post, key: key, body: again)
        #expect(made.status == .conflict && (made.json["error"] as? String)?.contains("never issued again") == true)
      }
      #expect(try await client.get("/v1/resolve/spring", agent: nil).status == .gone)
      #expect(try await client.get("/spring", agent: iPhone).status == .notFound)
      let put = #"{"code": "spring", "route": "note", "values": {"id": "1"}, "title": "Back"}"#
      #expect(try await client.admin("/v1/links/spring", method: .put, key: key, body: put).status == .gone)

      // A new title keeps the revision; a new destination is refused without the flag.
      let retitled = #"{"code": "summer", "route": "note", "values": {"id": "2"}, "title": "Summer sale"}"#
      let kept = try await client.admin("/v1/links/summer", method: .put, key: key, body: retitled)
      #expect(
        kept.status == .ok && kept.json["revision"] as? Int == 1 && kept.json["title"] as? String == "Summer sale")
      let moved = #"{"code": "summer", "route": "note", "values": {"id": "3"}, "title": "Summer sale"}"#
      let refused = try await client.admin("/v1/links/summer", method: .put, key: key, body: moved)
      #expect(refused.status == .conflict && (refused.json["error"] as? String)?.contains("reassign=true") == true)
      #expect(
        try await client.get("/v1/resolve/summer", agent: nil).json["url"] as? String == "https://notes.example.com/n/2"
      )
      let reassigned = try await client.admin("/v1/links/summer?reassign=true", method: .put, key: key, body: moved)
      #expect(reassigned.status == .ok && reassigned.json["revision"] as? Int == 2)
      let resolved = try await client.get("/v1/resolve/summer", agent: nil)
      #expect(
        resolved.json["url"] as? String == "https://notes.example.com/n/3" && resolved.json["revision"] as? Int == 2)
      // Another code in the body, or a path no link has.
      let other = try await client.admin("/v1/links/autumn", method: .put, key: key, body: moved)
      #expect(other.status == .badRequest)
      let none = #"{"code": "winter", "route": "note", "values": {"id": "1"}, "title": "W"}"#
      #expect(try await client.admin("/v1/links/winter", method: .put, key: key, body: none).status == .notFound)
      #expect(try await client.admin("/v1/links/winter", method: .put, key: nil, body: none).status == .unauthorized)
    }
  }

  @Test("a links file that sends a served code elsewhere must raise its revision, or the service does not start")
  func fileRevisions() async throws {
    let first = try await Harness(links: Self.links)
    let database = first.store.path
    try await first.close()
    let moved = Self.links.replacingOccurrences(
      of: #""id": "2"}, "title": "Summer""#, with: #""id": "9"}, "title": "Summer""#)
    await #expect {
      _ = try await Harness(links: moved, database: database)
    } throws: { error in
      "\(error)".contains("summer: the file sends it elsewhere; give it \"revision\": 2")
    }
    let raised = moved.replacingOccurrences(of: #""title": "Summer""#, with: #""title": "Summer", "revision": 2"#)
    let second = try await Harness(links: raised, database: database)
    try await second.test { client in
      let resolved = try await client.get("/v1/resolve/summer", agent: nil)
      #expect(
        resolved.json["url"] as? String == "https://notes.example.com/n/9" && resolved.json["revision"] as? Int == 2)
    }
    try await second.close()
  }

  @Test("a seed over a link changed meanwhile writes nothing; a code only another manifest serves is no removal")
  func seedRaceAndFeedOfUnserved() async throws {
    let first = try await Harness(links: Self.links)
    let database = first.store.path
    try await first.test { client in
      let before = try #require(try await first.store.stored(code: "summer")?.body)
      let moved = #"{"code": "summer", "route": "note", "values": {"id": "3"}, "title": "Summer"}"#
      let key = first.adminKey
      #expect(
        try await client.admin("/v1/links/summer?reassign=true", method: .put, key: key, body: moved).status == .ok)
      // Another server, started from a links file that changed only the title, read `before`.
      let retitled = try siteFile(
        links: #"{"code": "summer", "route": "note", "values": {"id": "2"}, "title": "Summer!"}"#
      ).links[0]
      try await first.store.seed(retitled, over: before)
      await first.service.readChanges()
      let resolved = try await client.get("/v1/resolve/summer", agent: nil)
      #expect(
        resolved.json["url"] as? String == "https://notes.example.com/n/3" && resolved.json["revision"] as? Int == 2)
    }
    try await first.close()
    // A manifest without the tag route: `autumn` is not served here, but it was not removed.
    let noTags = serviceManifest.replacingOccurrences(
      of:
        #"{"name": "tag", "pattern": "https://notes.example.com/tag/:tag", "target": "NoteList", "exposure": "public"},"#,
      with: "")
    let links = Self.links.replacingOccurrences(
      of: #", {"code": "autumn", "route": "tag", "values": {"tag": "leaves"}, "title": "Autumn"}"#, with: "")
    let second = try await Harness(links: links, manifest: noTags, database: database)
    try await second.test { client in
      let feed = try ScaleOutTests.feedText(try await client.get("/v1/feed", agent: nil).text)
      #expect(!feed.contains("autumn") && feed.contains(#""revision":2"#), "\(feed)")
    }
    try await second.close()
  }

  @Test("the feed is signed with the feed key and lists removed and reassigned codes; the app's table follows it")
  func feed() async throws {
    try await withHarness(links: Self.links) { harness, client in
      let key = harness.adminKey
      // The app is built now, from the links file: its table has all three at revision 1.
      let app = try await AppSide(links: Self.links, client: client, adminKey: key)
      #expect(try await app.table.readFeed() == 0)
      let before = try #require(app.table.feed)
      #expect(try await app.open("https://notes.example.com/spring") == "note 1")

      #expect(try await client.admin("/v1/links/spring", method: .delete, key: key).status == .noContent)
      let moved = #"{"code": "summer", "route": "note", "values": {"id": "3"}, "title": "Summer"}"#
      #expect(
        try await client.admin("/v1/links/summer?reassign=true", method: .put, key: key, body: moved).status == .ok)
      // Before the feed is read the table still answers; after it, the newer entries win.
      #expect(try await app.open("https://notes.example.com/summer") == "note 2")
      #expect(try await app.table.readFeed() == 2)
      await #expect {
        _ = try await app.open("https://notes.example.com/spring")
      } throws: { error in
        (error as? RoutingError)?.code == .dropped && "\(error)".contains("'spring' was removed")
      }
      #expect(try await app.open("https://notes.example.com/SUMMER/") == "note 3")
      #expect(try await app.open("https://notes.example.com/autumn?from=poster") == "tag leaves")
      let saved = try #require(app.table.feed)

      // A feed that is not the service's: another key, or its bytes changed after signing.
      let stranger = try SigningKey.generateEd25519(id: "stranger")
      let forgedFeed = ShortLinkFeed(
        site: "https://notes.example.com", version: 1_000,
        entries: [ShortLinkFeed.Entry(code: "autumn", revision: 0, link: nil)])
      let bytes = try JSONEncoder().encode(forgedFeed)
      let forged = try JSONEncoder().encode(
        ShortLinkFeed.Signed(feed: bytes, signature: ManifestSigner(key: stranger).sign(manifest: bytes).fileText))
      #expect(throws: ManifestError.self) { try app.table.apply(feed: forged) }
      var tampered = try JSONDecoder().decode([String: String].self, from: saved)
      let text = String(decoding: try #require(Data(base64Encoded: tampered["feed"] ?? "")), as: UTF8.self)
      tampered["feed"] = Data(text.replacingOccurrences(of: "\"spring\"", with: "\"autumn\"").utf8)
        .base64EncodedString()
      #expect(throws: ManifestError.self) { try app.table.apply(feed: JSONEncoder().encode(tampered)) }
      #expect(try await app.open("https://notes.example.com/autumn?from=mail") == "tag leaves")

      // A replayed older feed changes nothing: a fresh app given the newer feed, then the older.
      let fresh = try await AppSide(links: Self.links, client: client, adminKey: key)
      #expect(try fresh.table.apply(feed: saved) == 2)
      #expect(try fresh.table.apply(feed: before) == 2)
      await #expect(throws: RoutingError.self) { _ = try await fresh.open("https://notes.example.com/spring") }
    }
  }
}

/// An app built from a links file: its compiled table, an inbox over the notes routes, and the
/// link service reached through a test client (the feed key it trusts read from the service).
struct AppSide {
  let table: ShortLinks
  let inbox: LinkInbox

  init(
    links: String, client: any TestClientProtocol, adminKey: String, post: ShortLinkService.Post? = nil,
    change: (inout ShortLinkService) -> Void = { _ in }
  ) async throws {
    let keyText = try await client.admin("/v1/feed/key", key: adminKey).text
    let verifier = ManifestVerifier(keys: try KeyRing([VerificationKey(fileText: keyText)]))
    let origin = "https://notes.example.com"
    var service = ShortLinkService(origin: origin, feedKeys: verifier, post: post) { url in
      let answer = try await client.execute(uri: String(url.dropFirst(origin.count)), method: .get)
      return (Int(answer.status.code), Data(answer.body.readableBytesView))
    }
    change(&service)
    let file = try siteFile(links: links)
    let manifest = try RouteManifest(data: Data(serviceManifest.utf8))
    let json = try ShortLinkCompiler.table(of: file, router: try manifest.makeRouter(), digest: "sha256:test")
    table = try ShortLinks(json: Data(json.utf8), asking: service) { _ in }
    var builder = RouterBuilder()
    builder.add("https://notes.example.com/n/<int:id>", name: "note", exposure: .public) { request in
      "note \(request["id"] ?? "")"
    }
    builder.add("https://notes.example.com/tag/:tag", name: "tag", exposure: .public) { request in
      "tag \(request["tag"] ?? "")"
    }
    var policy = LinkInbox.Policy()
    policy.shortLinks = table
    inbox = LinkInbox(router: try RouterHolder(builder: builder), policy: policy)
    inbox.setReady(true)
  }

  /// What `link`, tapped, opens.
  func open(_ link: String, origin: Origin = .universalLink(referrer: nil)) async throws -> String {
    try await inbox.open(link, origin: origin).value(as: String.self)
  }
}
