import Foundation
import Synchronization
import Testing

@testable import Waypoint

@Suite("DeferredTokenSource: a link service's one-shot token, redeemed once")
struct DeferredTokenSourceTests {
  static let service = "https://notes.example.com"
  static let token = "https://notes.example.com/welcome?use=deferred&kid=links-1&exp=1800000000&nonce=abc&sig=xyz"
  /// A redeem's answer as the link service writes it.
  static let redeemed =
    #"{"code":"welcome","route":"note","target":"NoteEditor","url":"notes://note/8","values":{"id":"8"}}"#

  /// A source reading `text` whose service answers `status` and `body`; `asked` records each post.
  static func source(
    _ text: String?, status: Int, body: String = Self.redeemed, asked: Recorder
  ) -> DeferredTokenSource {
    DeferredTokenSource(service: service + "/") {
      text
    } post: { url, sent in
      let token = (try? JSONDecoder().decode([String: String].self, from: sent))?["token"] ?? "?"
      asked.record("\(url) \(token)")
      return (status, Data(body.utf8))
    }
  }

  /// Runs the inbox on `source` with `ledger`, then once more in a second inbox (a second launch),
  /// and returns what opened and the dropped reasons.
  static func launch(
    _ source: DeferredTokenSource, ledger: MemoryDeferredLinkLedger, expectsEvent: Bool = true
  ) async throws -> (opened: [String], dropped: [String]) {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    guard expectsEvent else {
      await inbox.receiveDeferredLink(from: source, ledger: ledger)
      return (opened.all, [])
    }
    let events = holder.events()
    let seen = await outcomes(events, count: 1) { await inbox.receiveDeferredLink(from: source, ledger: ledger) }
    return (opened.all, seen.filter { $0.phase == .dropped }.compactMap(\.reason))
  }

  @Test("redeemed: the link opens as a deferred link; the service was asked once, with the token")
  func redeemed() async throws {
    let asked = Recorder()
    let ledger = MemoryDeferredLinkLedger()
    let (opened, dropped) = try await Self.launch(
      Self.source("  \(Self.token)\n", status: 200, asked: asked), ledger: ledger)
    #expect(opened == ["note 8 deferred "])
    #expect(dropped.isEmpty)
    #expect(asked.all == ["https://notes.example.com/v1/deferred/redeem \(Self.token)"])
    _ = try await Self.launch(Self.source(Self.token, status: 200, asked: asked), ledger: ledger, expectsEvent: false)
    #expect(asked.all.count == 1)
  }

  @Test("redeemed before, expired or refused: dropped with the reason, and not asked again")
  func refused() async throws {
    for (status, reason) in [
      (409, "the token was redeemed before"), (410, "expired: the token's time is up"),
      (400, "the link service refused the token: bad signature"), (404, "the link service refused the token: gone"),
    ] {
      let asked = Recorder()
      let ledger = MemoryDeferredLinkLedger()
      let body = status == 404 ? #"{"error": "gone"}"# : #"{"error": "bad signature"}"#
      let source = Self.source(Self.token, status: status, body: body, asked: asked)
      let (opened, dropped) = try await Self.launch(source, ledger: ledger)
      #expect(opened.isEmpty)
      #expect(dropped == [reason], "\(status)")
      _ = try await Self.launch(source, ledger: ledger, expectsEvent: false)
      #expect(asked.all.count == 1, "\(status): asked again")
    }
  }

  @Test("a service that cannot answer, or a proxy's page: dropped as a failure, and asked again next launch")
  func unavailable() async throws {
    for (status, body, said) in [
      (503, #"{"error": "down\nfor maintenance"}"#, "answered 503: down for maintenance"),
      (404, "<html>Not Found</html>", "answered 404: no reason"),
      (200, "<html>a captive portal</html>", "answered 200"),
    ] {
      let asked = Recorder()
      let ledger = MemoryDeferredLinkLedger()
      let source = Self.source(Self.token, status: status, body: body, asked: asked)
      let (_, dropped) = try await Self.launch(source, ledger: ledger)
      #expect(dropped.count == 1 && dropped[0].contains(said), "\(dropped)")
      _ = try await Self.launch(source, ledger: ledger)
      #expect(asked.all.count == 2)
    }
  }

  @Test("a text that is not the service's signed link is never sent")
  func notATokenStaysHere() async throws {
    for text in [
      nil, "", "a note to self", "https://elsewhere.example/welcome?sig=1", "https://notes.example.com/welcome",
      "https://notes.example.com.evil.example/w?a&sig=1",
      "https://notes.example.com/w?" + String(repeating: "a", count: 1_100) + "&sig=1",
    ] {
      let asked = Recorder()
      #expect(try await Self.source(text, status: 200, asked: asked).deferredLink() == nil)
      #expect(asked.all.isEmpty, "\(text ?? "nil")")
    }
  }
}
