import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
import Waypoint
import WaypointLinkService

/// What the app opened.
final class Opened: Sendable {
  private let lines = Mutex<[String]>([])
  func record(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

@Suite("Deferred, end to end")
struct DeferredEndToEndTests {
  @Test("click → preview page → token → redeem → the app's inbox opens the route once; a second redeem is refused")
  func endToEnd() async throws {
    try await withHarness { _, client in
      // On the phone, before install: the short link's page, whose Continue button copies the token.
      let page = try await client.get("/welcome", agent: iPhone)
      let token = try #require(copied(from: page.text))
      // After install, first launch: the app's router and inbox, and the pasteboard source.
      let opened = Opened()
      var builder = RouterBuilder()
      builder.add("https://notes.example.com/n/<int:id>", name: "note", exposure: .public) { request in
        opened.record("note \(try request.int("id")) \(request.origin.kind)")
        return true
      }
      let router = try RouterHolder(builder: builder)
      let inbox = LinkInbox(router: router)
      let ledger = MemoryDeferredLinkLedger()
      // Waypoint's own source: the token as the pasteboard holds it, posted to the service.
      let source = DeferredTokenSource(service: "https://notes.example.com") {
        token
      } post: { url, body in
        let path = String(url.dropFirst("https://notes.example.com".count))
        let response = try await client.execute(uri: path, method: .post, body: ByteBuffer(bytes: body))
        return (Int(response.status.code), Data(response.body.readableBytesView))
      }
      let events = router.events()
      #expect(await inbox.receiveDeferredLink(from: source, ledger: ledger) != nil)
      // A second launch asks no more (the ledger), and a second redeem of the token is refused.
      #expect(await inbox.receiveDeferredLink(from: source, ledger: ledger) == nil)
      #expect(try await client.redeem(token).status == .conflict)
      inbox.setReady(true)
      for await event in events where event.phase.isOutcome { break }
      #expect(opened.all == ["note 42 deferred"])
    }
  }
}
