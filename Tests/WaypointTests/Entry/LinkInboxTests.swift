import Foundation
import Synchronization
import Testing
import Waypoint

/// A clock tests move by hand.
final class TestClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { current.withLock { $0 } }
  func advance(_ seconds: Double) { current.withLock { $0 += seconds } }
}

/// The notes app's links: a note (public), the login screen, an internal admin screen, a route
/// that asks for `utm_source`, a redirect, and a middleware that parks links behind sign-in.
enum InboxFixture {
  final class Session: Sendable {
    private let signedIn = Mutex(false)
    var isSignedIn: Bool {
      get { signedIn.withLock { $0 } }
      set { signedIn.withLock { $0 = newValue } }
    }
  }

  struct SignInFirst: RouteMiddleware {
    let session: Session
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      guard request.route?.name != "login", request.route?.name != "promo", !session.isSignedIn else {
        return try await next(request)
      }
      return .park(request, until: "signIn", showing: "notes://login")
    }
  }

  struct Refuser: RouteMiddleware {
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      if request.query.contains(where: { $0.name == "blocked" }) {
        throw RoutingError(.forbidden, "blocked link", url: request.url.string)
      }
      return try await next(request)
    }
  }

  static func router(session: Session? = nil, opened: Recorder) throws -> RouterHolder {
    var builder = RouterBuilder()
    if let session { builder.use(SignInFirst(session: session)) }
    builder.use(Refuser())
    builder.add("notes://note/<int:id>", name: "note", exposure: .public) { request in
      let id = try request.int("id")
      opened.record("note \(id) \(request.origin.kind) \(request.query.map(\.name).joined(separator: ","))")
      return id
    }
    builder.add("notes://login", name: "login", exposure: .public) { request in
      opened.record("login \(request.origin.kind)")
      return "login"
    }
    builder.add("notes://promo", name: "promo", exposure: .public, defaults: ["utm_source": "none"]) { request in
      opened.record("promo \(request["utm_source"] ?? "-")")
      return "promo"
    }
    builder.add("notes://admin") { _ in
      opened.record("admin")
      return "admin"
    }
    return try RouterHolder(builder: builder)
  }
}

/// Collects a holder's events until `count` links have an outcome.
func outcomes(
  _ events: AsyncStream<RouteEvent>, count: Int, start: () async -> Void
) async -> [RouteEvent] {
  await start()
  var seen: [RouteEvent] = []
  var ended = 0
  for await event in events {
    seen.append(event)
    if event.phase.isOutcome { ended += 1 }
    if ended == count { break }
  }
  return seen
}

@Suite("Link inbox: links that wait")
struct LinkInboxWaitingTests {
  @Test("links before ready wait in order and open when the app is ready (keepAll)")
  func keepAllOrder() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    var policy = LinkInbox.Policy()
    policy.waitingRule = .keepAll(limit: 10)
    let inbox = LinkInbox(router: holder, policy: policy)
    let events = holder.events()
    let seen = await outcomes(events, count: 3) {
      for id in 1...3 { inbox.receive("notes://note/\(id)", origin: .external()) }
      #expect(inbox.waiting.map(\.url) == ["notes://note/1", "notes://note/2", "notes://note/3"])
      #expect(opened.all.isEmpty, "nothing opens before the app is ready")
      inbox.setReady(true)
    }
    #expect(opened.all == ["note 1 external ", "note 2 external ", "note 3 external "])
    let first = seen.filter { $0.openID == seen[0].openID }.map(\.phase)
    #expect(first == [.received, .waited, .prepare, .will, .did])
    #expect(seen.first { $0.phase == .waited }?.reason == "the app is not ready")
  }

  @Test("an open that waits for the app gives up at its limit, and the link never opens later (A10)")
  func openWithin() async throws {
    // A10 of the second adapter review: an App Intent's perform waited for readiness without limit.
    let opened = Recorder()
    let inbox = LinkInbox(router: try InboxFixture.router(opened: opened))
    let error = await #expect(throws: RoutingError.self) {
      try await inbox.open("notes://note/1", origin: .appIntent("OpenNote"), within: .milliseconds(50))
    }
    #expect(error?.code == .dropped)
    #expect(error?.message.contains("not ready within") == true)
    #expect(inbox.waiting.isEmpty, "the inbox no longer holds it")
    inbox.setReady(true)
    let result = try await inbox.open("notes://note/2", origin: .appIntent("OpenNote"), within: .seconds(5))
    #expect(try result.value(as: Int.self) == 2)
    #expect(opened.all == ["note 2 appIntent "], "the link given up on never opens")
  }

  @Test("the same App Intent run twice in a row opens twice: a run is never a second report of one (A27)")
  func intentRunTwice() async throws {
    // A27 of the second adapter review: the second run was dropped as a duplicate of the first.
    let opened = Recorder()
    let inbox = LinkInbox(router: try InboxFixture.router(opened: opened))
    inbox.setReady(true)
    for _ in 1...2 {
      let result = try await inbox.open("notes://note/3", origin: .appIntent("OpenNote"), within: .seconds(5))
      #expect(try result.value(as: Int.self) == 3)
    }
    #expect(opened.all == ["note 3 appIntent ", "note 3 appIntent "])
  }

  @Test("the newest waiting link wins by default; the others are dropped as superseded")
  func newestWins() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    let events = holder.events()
    let seen = await outcomes(events, count: 3) {
      inbox.receive("notes://note/1", origin: .external())
      inbox.receive("notes://note/2", origin: .notification)
      inbox.receive("notes://note/3", origin: .universalLink)
      inbox.setReady(true)
    }
    #expect(opened.all == ["note 3 universalLink "])
    let dropped = seen.filter { $0.phase == .dropped }
    #expect(dropped.map(\.url) == ["notes://note/1", "notes://note/2"])
    #expect(
      dropped.map(\.reason) == ["superseded by #\(dropped[0].openID + 1)", "superseded by #\(dropped[1].openID + 1)"])
  }

  @Test("with firstWins, the first waiting link is kept and later ones are dropped")
  func firstWins() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    var policy = LinkInbox.Policy()
    policy.waitingRule = .firstWins
    let inbox = LinkInbox(router: holder, policy: policy)
    let later = Task { try await inbox.open("notes://note/2", origin: .external()) }
    while inbox.waiting.isEmpty { await Task.yield() }
    let first = Task { try await inbox.open("notes://note/1", origin: .external()) }
    let error = await #expect(throws: RoutingError.self) { _ = try await first.value }
    #expect(error?.code == .dropped)
    #expect(error?.message == "'notes://note/1' was not opened: superseded: an earlier link waits")
    inbox.setReady(true)
    #expect(try await later.value.value(as: Int.self) == 2)
    #expect(opened.all == ["note 2 external "])
  }

  @Test("keepAll drops the oldest past its limit")
  func keepAllLimit() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    var policy = LinkInbox.Policy()
    policy.waitingRule = .keepAll(limit: 2)
    let inbox = LinkInbox(router: holder, policy: policy)
    for id in 1...4 { inbox.receive("notes://note/\(id)", origin: .external()) }
    #expect(inbox.waiting.map(\.url) == ["notes://note/3", "notes://note/4"])
  }

  @Test("a link that waited past maxWait is dropped as expired when the app becomes ready")
  func expiry() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    var policy = LinkInbox.Policy()
    policy.maxWait = .seconds(60)
    policy.waitingRule = .keepAll(limit: 10)
    let inbox = LinkInbox(router: holder, policy: policy, now: { clock.now })
    let old = Task { try await inbox.open("notes://note/1", origin: .external()) }
    while inbox.waiting.isEmpty { await Task.yield() }
    clock.advance(90)
    let fresh = Task { try await inbox.open("notes://note/2", origin: .external()) }
    while inbox.waiting.count < 2 { await Task.yield() }
    inbox.setReady(true)
    let error = await #expect(throws: RoutingError.self) { _ = try await old.value }
    #expect(error?.code == .dropped)
    #expect(error?.message.contains("expired: it waited 90 s") == true)
    #expect(try await fresh.value.value(as: Int.self) == 2)
    #expect(opened.all == ["note 2 external "])
  }

  @Test("after setReady(false) new links wait with the reason given, and open on ready again")
  func notReadyAgain() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    #expect(try await inbox.open("notes://note/1", origin: .external()).value(as: Int.self) == 1)
    inbox.setReady(false, reason: "signing out")
    let events = holder.events()
    let seen = await outcomes(events, count: 1) {
      inbox.receive("notes://note/2", origin: .external())
      #expect(inbox.waiting.count == 1)
      inbox.setReady(true)
    }
    #expect(seen.first { $0.phase == .waited }?.reason == "signing out")
    #expect(opened.all == ["note 1 external ", "note 2 external "])
  }

  @Test("a link received while ready opens at once, after the ones before it")
  func whileReady() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    async let one = inbox.open("notes://note/1", origin: .external())
    async let two = inbox.open("notes://note/2", origin: .external())
    let results = try await [one.value(as: Int.self), two.value(as: Int.self)]
    #expect(results == [1, 2])
    #expect(Set(opened.all) == ["note 1 external ", "note 2 external "])
  }
}

@Suite("Link inbox: sign-in, duplicates, deferred links")
struct LinkInboxParkingTests {
  @Test("a middleware parks a link behind sign-in, shows login, and resume opens the original")
  func parkAndResume() async throws {
    let opened = Recorder()
    let session = InboxFixture.Session()
    let holder = try InboxFixture.router(session: session, opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    let events = holder.events()
    let result = try await inbox.open("notes://note/42", origin: .notification)
    #expect(try result.value(as: String.self) == "login")
    #expect(result.parked?.gate == "signIn")
    #expect(result.parked?.url == "notes://note/42")
    #expect(inbox.parked(until: "signIn").map(\.url) == ["notes://note/42"])
    #expect(opened.all == ["login notification"])

    session.isSignedIn = true
    let seen = await outcomes(events, count: 2) { inbox.resume("signIn") }
    #expect(opened.all == ["login notification", "note 42 notification "])
    #expect(inbox.parked(until: "signIn").isEmpty)
    let phases = seen.filter { $0.openID == seen[0].openID }.map(\.phase)
    #expect(phases == [.received, .prepare, .will, .waited, .redirected, .will, .did, .prepare, .will, .did])
    #expect(seen.first { $0.phase == .waited }?.reason == "parked until 'signIn'")
  }

  @Test("discarding a gate drops its parked links with the reason")
  func discard() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(session: InboxFixture.Session(), opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    _ = try await inbox.open("notes://note/1", origin: .external())
    let events = holder.events()
    let seen = await outcomes(events, count: 1) { inbox.discard("signIn", reason: "the user closed sign-in") }
    #expect(seen.map(\.phase) == [.dropped])
    #expect(seen[0].reason == "the user closed sign-in (parked until 'signIn')")
    #expect(inbox.parked(until: "signIn").isEmpty)
  }

  @Test("the router alone reports a parked link in its result and a waited event")
  func routerAlone() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(session: InboxFixture.Session(), opened: opened)
    let result = try await holder.router.open("notes://note/5", origin: .external())
    #expect(result.parked?.url == "notes://note/5")
    #expect(result.parked?.origin.kind == "external")
    #expect(result.url == "notes://login")
  }

  @Test(
    "one notification tap reported twice (connection options and didReceive) opens once; posted again later, it opens"
  )
  func duplicateByIdentifier() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    let inbox = LinkInbox(router: holder, now: { clock.now })
    inbox.setReady(true)
    let origin = Origin.notification(identifier: "n-1", payload: ["link": "notes://note/9"])
    _ = try await inbox.open("notes://note/9", origin: origin, id: "n-1")
    clock.advance(30)  // a slow launch: the delegate reports the same tap half a minute later
    let again = await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("notes://note/9", origin: origin, id: "n-1")
    }
    #expect(again?.code == .dropped)
    #expect(again?.message.contains("a duplicate of #") == true)
    #expect(opened.all == ["note 9 notification "])
    // An hour later the app posts the notification again under its identifier: a new tap.
    clock.advance(3600)
    _ = try await inbox.open("notes://note/9", origin: origin, id: "n-1")
    #expect(opened.all == ["note 9 notification ", "note 9 notification "])
  }

  @Test(
    "B5 of the third adapter review: a notification posted again under its identifier and tapped 20 s later opens; one tap reported twice opens once"
  )
  func repostedNotification() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    let inbox = LinkInbox(router: holder, now: { clock.now })
    inbox.setReady(true)
    let delivered = Date(timeIntervalSince1970: 1_000)
    let tap = { (link: String, date: Date) in
      NotificationTap(
        payload: ["link": link], key: "link", identifier: "thread-7", action: nil, date: date, policy: inbox.policy)
    }
    let first = try #require(tap("notes://note/1", delivered))
    let reported = try #require(tap("notes://note/1", delivered))
    let reposted = try #require(tap("notes://note/2", delivered.addingTimeInterval(20)))
    let events = holder.events()
    _ = await outcomes(events, count: 1) { inbox.receive(first) }
    clock.advance(5)
    // The same tap, reported by the delegate after the scene's connection options: once.
    _ = await outcomes(events, count: 1) { inbox.receive(reported) }
    #expect(opened.all == ["note 1 notification "])
    clock.advance(15)
    // A new message in the thread: posted again under its identifier, delivered anew.
    _ = await outcomes(events, count: 1) { inbox.receive(reposted) }
    #expect(opened.all == ["note 1 notification ", "note 2 notification "])
  }

  @Test("one notification handed over by two recipes (id:, or only its origin) is one id and opens once")
  func oneIdentifierSpace() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    let inbox = LinkInbox(router: holder, now: { clock.now })
    inbox.setReady(true)
    // The scene's connection options: the origin names the request; the delegate later: `id:`.
    _ = try await inbox.open("notes://note/9", origin: .notification(identifier: "n-2", action: "open"))
    clock.advance(20)
    let again = await #expect(throws: RoutingError.self) {
      _ = try await inbox.open("notes://note/9", origin: .notification, id: "n-2")
    }
    #expect(again?.code == .dropped)
    // Another door's identifier is another space: a Spotlight item may share the text.
    _ = try await inbox.open("notes://note/9", origin: .spotlight(identifier: "n-2"), id: "n-2")
    #expect(opened.all == ["note 9 notification ", "note 9 spotlight "])
  }

  @Test("the same link from the same door within the window is one tap; later it is a new one")
  func duplicateByWindow() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    let inbox = LinkInbox(router: holder, now: { clock.now })
    inbox.setReady(true)
    _ = try await inbox.open("notes://note/3", origin: .external())
    clock.advance(1)
    await #expect(throws: RoutingError.self) { _ = try await inbox.open("notes://note/3", origin: .external()) }
    _ = try await inbox.open("notes://note/3", origin: .universalLink)
    clock.advance(5)
    _ = try await inbox.open("notes://note/3", origin: .external())
    #expect(opened.all == ["note 3 external ", "note 3 universalLink ", "note 3 external "])
  }

  struct Source: DeferredLinkSource {
    let name = "server"
    let link: DeferredLink?
    let fails: Bool
    let asked: Recorder
    func deferredLink() async throws -> DeferredLink? {
      asked.record("asked")
      if fails { throw RoutingError(.rejected, "offline") }
      return link
    }
  }

  @Test("a deferred link goes through the inbox once, with its origin and campaign")
  func deferredOnce() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    let ledger = MemoryDeferredLinkLedger()
    let asked = Recorder()
    let source = Source(
      link: DeferredLink("notes://note/8", campaign: ["utm_source": "ad"]), fails: false, asked: asked)
    let events = holder.events()
    let seen = await outcomes(events, count: 1) {
      #expect(await inbox.receiveDeferredLink(from: source, ledger: ledger) != nil)
      #expect(await inbox.receiveDeferredLink(from: source, ledger: ledger) == nil)
      #expect(await LinkInbox(router: holder).receiveDeferredLink(from: source, ledger: ledger) == nil)
      inbox.setReady(true)
    }
    #expect(asked.all == ["asked"])
    #expect(opened.all == ["note 8 deferred "])
    #expect(seen[0].origin.details == ["source": "server"])
    #expect(seen[0].origin.campaign == ["utm_source": "ad"])
  }

  @Test("an expired deferred link is dropped; a failing source releases its claim")
  func deferredExpiryAndFailure() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let clock = TestClock()
    let inbox = LinkInbox(router: holder, now: { clock.now })
    let ledger = MemoryDeferredLinkLedger()
    let asked = Recorder()
    let old = DeferredLink("notes://note/1", created: clock.now.addingTimeInterval(-2 * 86_400))
    let events = holder.events()
    let seen = await outcomes(events, count: 2) {
      await inbox.receiveDeferredLink(from: Source(link: old, fails: false, asked: asked), ledger: ledger)
      await LinkInbox(router: holder).receiveDeferredLink(
        from: Source(link: nil, fails: true, asked: asked), ledger: MemoryDeferredLinkLedger())
    }
    let dropped = seen.filter { $0.phase == .dropped }
    #expect(dropped.count == 2)
    #expect(dropped[0].reason?.hasPrefix("expired") == true)
    #expect(dropped[1].reason == "the deferred link source 'server' failed: rejected: offline")
    let failing = MemoryDeferredLinkLedger()
    await LinkInbox(router: holder).receiveDeferredLink(
      from: Source(link: nil, fails: true, asked: asked), ledger: failing)
    #expect(failing.claim("server"), "a failed source gave its claim back")
    #expect(opened.all.isEmpty)
  }
}

@Suite("Link inbox: origins, campaigns, events, redaction")
struct LinkInboxOriginTests {
  @Test("each door makes its origin, with what came with it")
  func doors() throws {
    #expect(
      Origin.external(sourceApplication: "com.apple.mobilesafari").description == "external(com.apple.mobilesafari)")
    let universal = Origin.universalLink(referrer: "https://search.example/?q=notes")
    #expect(universal.kind == "universalLink" && universal.referrer == "https://search.example/?q=notes")
    let note = Origin.notification(
      identifier: "n-7", action: "com.apple.UNNotificationDefaultActionIdentifier",
      payload: [
        "aps": ["alert": "Hi"], "link": "notes://note/7", "campaign": "spring", "count": 3, "flag": true, "blob": [1],
      ])
    #expect(
      note.details == [
        "identifier": "n-7", "action": "com.apple.UNNotificationDefaultActionIdentifier", "link": "notes://note/7",
        "campaign": "spring", "count": "3", "flag": "true",
      ])
    #expect(
      Origin.quickAction(type: "compose", userInfo: ["folder": "work"]).details == [
        "type": "compose", "folder": "work",
      ])
    #expect(Origin.spotlight(identifier: "notes://note/4").details == ["identifier": "notes://note/4"])
    #expect(
      Origin.handoff(activityType: "com.example.notes.edit", userInfo: ["id": 4]).details == [
        "activityType": "com.example.notes.edit", "id": "4",
      ])
    // A24 of the second adapter review: a payload as the system delivers it holds NSNumbers,
    // and 0 and 1 are numbers there, not "false" and "true".
    let delivered = try #require(
      try JSONSerialization.jsonObject(
        with: Data(#"{"noteID": 1, "zero": 0, "ratio": 2.5, "muted": true, "pinned": false}"#.utf8))
        as? [String: Any])
    #expect(
      Origin.handoff(activityType: "edit", userInfo: delivered).details == [
        "activityType": "edit", "noteID": "1", "zero": "0", "ratio": "2.5", "muted": "true", "pinned": "false",
      ])
    #expect(Origin.widget(kind: "RecentNote").details == ["kind": "RecentNote"])
    #expect(Origin.appClip(invocation: "https://notes.example/clip").referrer == "https://notes.example/clip")
    #expect(Origin.appIntent("OpenNoteIntent").details == ["intent": "OpenNoteIntent"])
    #expect(Origin.deferred(source: "server").kind == "deferred")
    for origin in [
      universal, note, .quickAction(type: "x"), .spotlight(identifier: "x"), .handoff(activityType: "x"),
      .widget(kind: "x"), .appClip(invocation: nil), .appIntent("x"), .deferred(source: "x"),
    ] {
      #expect(origin.isExternal, "\(origin.kind) reaches only public routes")
    }
  }

  @Test("a widget's mark gives the widget origin and is taken off before routing")
  func widget() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    let link = Origin.widgetLink("notes://note/6", kind: "RecentNote")
    #expect(link == "notes://note/6?waypoint-widget=RecentNote")
    #expect(Origin.opened(link) == .widget(kind: "RecentNote"))
    let result = try await inbox.open(link, origin: .opened(link))
    #expect(result.url == "notes://note/6")
    #expect(opened.all == ["note 6 widget "])
    _ = try await inbox.open(Origin.widgetLink("notes://note/6?x=1", kind: "Small"), origin: .external())
    #expect(opened.all.last == "note 6 widget x")
  }

  @Test("campaign items go into the origin and out of the URL, unless the route asks for them")
  func campaign() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    var policy = LinkInbox.Policy()
    policy.campaignKeys = ["ref"]
    let inbox = LinkInbox(router: holder, policy: policy)
    inbox.setReady(true)
    let events = holder.events()
    let seen = await outcomes(events, count: 3) {
      inbox.receive("notes://note/2?utm_source=mail&x=1&ref=friend&utm_campaign=spring", origin: .external())
      inbox.receive("notes://promo?utm_source=banner", origin: .universalLink)
      inbox.receive("notes://note/3?utm_source=self", origin: .internal)
    }
    #expect(opened.all == ["note 2 external x", "promo banner", "note 3 internal utm_source"])
    let first = seen.first { $0.phase == .received }
    #expect(first?.origin.campaign == ["utm_source": "mail", "ref": "friend", "utm_campaign": "spring"])
    #expect(
      seen.first { $0.phase == .did }?.url == "notes://note/2?utm_source=mail&x=1&ref=friend&utm_campaign=spring",
      "the URL keeps its campaign items, so a signature over it holds")
  }

  @Test("one link's events: received with its origin, matched, opened; unmatched; refused by a named check")
  func eventsOfOneLink() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    let events = holder.events()
    let seen = await outcomes(events, count: 3) {
      inbox.receive("notes://note/1", origin: .spotlight(identifier: "notes://note/1"))
      inbox.receive("notes://admin", origin: .quickAction(type: "admin"))
      inbox.receive("notes://note/1?blocked=1", origin: .external())
    }
    let byLink = Dictionary(grouping: seen, by: \.openID).values.sorted { $0[0].openID < $1[0].openID }
    #expect(
      byLink.map { $0.map(\.phase) } == [
        [.received, .prepare, .will, .did], [.received, .prepare, .unmatched], [.received, .prepare, .will, .refused],
      ])
    #expect(byLink[0][0].origin.kind == "spotlight")
    #expect(byLink[0][3].routeName == "note")
    #expect(byLink[1][2].error?.code == .notFound)
    #expect(byLink[2][3].check == "Refuser")
    #expect(byLink[2][3].error?.code == .forbidden)
    #expect(seen.allSatisfy { $0.timestamp.timeIntervalSince1970 > 0 })
  }

  @Test("an observer's veto is refused by that observer")
  func observerCheck() async throws {
    struct Closed: RouteObserver {
      func willOpen(_ request: RouteRequest) throws { throw RoutingError(.rejected, "closed") }
    }
    var builder = RouterBuilder()
    builder.observe(Closed())
    builder.add("/a") { _ in 1 }
    let router = try builder.build()
    let events = router.events()
    await #expect(throws: RoutingError.self) { _ = try await router.open("/a") }
    for await event in events where event.phase.isOutcome {
      #expect(event.phase == .refused)
      #expect(event.check == "observer Closed")
      break
    }
  }

  struct ResetRedirect: RouteMiddleware {
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      guard request.route?.pattern == "/reset" else { return try await next(request) }
      return .redirect(to: "/done?otp=\(request["otp"] ?? "")", from: request)
    }
  }

  @Test("sensitive query items are redacted in events, their errors and redirects")
  func redaction() async throws {
    var builder = RouterBuilder()
    builder.redaction = LinkRedaction(["sig", "token", "otp"])
    builder.use(ResetRedirect())
    builder.add("/reset") { _ in 0 }
    builder.add("/done") { _ in 1 }
    let router = try builder.build()
    let events = router.events()
    _ = try await router.open("/reset?token=abc&otp=123&x=1")
    await #expect(throws: RoutingError.self) { _ = try await router.open("/missing?sig=s3cr3t") }
    var seen: [RouteEvent] = []
    for await event in events {
      seen.append(event)
      if seen.filter(\.phase.isOutcome).count == 2 { break }
    }
    let text = seen.map { "\($0) \($0.error?.message ?? "")" }.joined(separator: "\n")
    for secret in ["abc", "123", "s3cr3t"] { #expect(!text.contains(secret), "\(secret) leaked: \(text)") }
    #expect(seen[0].url == "/reset?token=REDACTED&otp=REDACTED&x=1")
    #expect(seen.first { $0.phase == .redirected }?.redirect == "/done?otp=REDACTED")
    #expect(seen.last?.error?.url == "/missing?sig=REDACTED")
  }

  @Test("LinkRedaction edits only the named items, decoded, and messages quoting several URLs")
  func redactionUnit() {
    let redaction = LinkRedaction.standard
    #expect(redaction.apply(to: "a://b?t%6Fken=x&tokens=y#token=z") == "a://b?token=REDACTED&tokens=y#token=z")
    #expect(redaction.apply(to: "a://b") == "a://b")
    #expect(LinkRedaction.none.apply(to: "a://b?sig=1") == "a://b?sig=1")
    let error = RoutingError(.redirectLoop, "loop: 'a://x?sig=1' → 'a://y?a=2&token=3#f'", url: "a://x?sig=1")
    let redacted = redaction.apply(to: error)
    #expect(redacted.message == "loop: 'a://x?sig=REDACTED' → 'a://y?a=2&token=REDACTED#f'")
    #expect(redacted.url == "a://x?sig=REDACTED")
  }
}

@Suite("Link inbox: the app's own links")
struct LinkInboxInternalTests {
  @Test("internal links waiting (the first screen) are never superseded by the user's links")
  func internalKept() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    let events = holder.events()
    _ = await outcomes(events, count: 4) {
      inbox.receive("notes://login", origin: .internal)
      inbox.receive("notes://note/1", origin: .external())
      inbox.receive("notes://note/2", origin: .external())
      inbox.receive("notes://note/3", origin: .internal)
      inbox.setReady(true)
    }
    #expect(opened.all == ["login internal", "note 2 external ", "note 3 internal "])
  }

  @Test("a completion hears each link's outcome once, a drop included")
  func completion() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let inbox = LinkInbox(router: holder)
    let heard = Recorder()
    let events = holder.events()
    _ = await outcomes(events, count: 3) {
      for link in ["notes://note/1", "notes://note/2", "notes://nowhere"] {
        inbox.receive(link, origin: .external()) { result in
          switch result {
          case .success(let value): heard.record("\(link) \((try? value.value(as: Int.self)) ?? -1)")
          case .failure(let error): heard.record("\(link) \(error.code)")
          }
        }
      }
      inbox.setReady(true)
    }
    #expect(heard.all == ["notes://note/1 dropped", "notes://note/2 dropped", "notes://nowhere notFound"])
  }
}

@Suite("Link inbox slot")
struct LinkInboxSlotTests {
  @Test("an App Intent run before the app made its inbox waits for it, then waits for ready")
  func waitsForInbox() async throws {
    let opened = Recorder()
    let holder = try InboxFixture.router(opened: opened)
    let slot = LinkInboxSlot()
    #expect(slot.current == nil)
    let intent = Task { try await slot.inbox().open("notes://note/4", origin: .appIntent("OpenNoteIntent")) }
    try await Task.sleep(for: .milliseconds(20))
    let inbox = LinkInbox(router: holder)
    slot.fill(inbox)
    while inbox.waiting.isEmpty { await Task.yield() }
    #expect(opened.all.isEmpty)
    inbox.setReady(true)
    #expect(try await intent.value.value(as: Int.self) == 4)
    #expect(opened.all == ["note 4 appIntent "])
    #expect(await slot.inbox() === inbox, "a filled slot answers at once")
  }
}

@Suite("Link inbox: release")
struct LinkInboxReleaseTests {
  @Test("an inbox released with links waiting tells each one's completion it was dropped")
  func released() throws {
    let holder = try InboxFixture.router(opened: Recorder())
    let heard = Recorder()
    var inbox: LinkInbox? = LinkInbox(router: holder)
    inbox?.receive("notes://note/1", origin: .internal) { result in
      if case .failure(let error) = result { heard.record("\(error.code): \(error.message)") }
    }
    #expect(inbox?.waiting.count == 1)
    inbox = nil
    #expect(heard.all == ["dropped: 'notes://note/1' was not opened: the inbox was released"])
  }
}

@Suite("Link inbox slot: deadlines and windows")
struct LinkInboxSlotDeadlineTests {
  @Test("a door waiting for an inbox that never comes gives up with dropped; emptying a slot forgets its inbox")
  func deadline() async throws {
    let slot = LinkInboxSlot()
    let error = await #expect(throws: RoutingError.self) { _ = try await slot.inbox(within: .milliseconds(30)) }
    #expect(error?.code == .dropped)
    let inbox = LinkInbox(router: try InboxFixture.router(opened: Recorder()))
    let other = LinkInbox(router: try InboxFixture.router(opened: Recorder()))
    slot.fill(inbox)
    #expect(try await slot.inbox(within: .milliseconds(30)) === inbox)
    slot.empty(ifHolding: other)
    #expect(slot.current === inbox, "another window's inbox leaves the slot as it is")
    slot.empty(ifHolding: inbox)
    #expect(slot.current == nil)
  }

  @Test("a parked link waits afresh when resumed; two windows' first screens are not duplicates")
  func resumeAndInternal() async throws {
    let opened = Recorder()
    let session = InboxFixture.Session()
    let holder = try InboxFixture.router(session: session, opened: opened)
    let clock = TestClock()
    var policy = LinkInbox.Policy()
    policy.maxWait = .seconds(60)
    let inbox = LinkInbox(router: holder, policy: policy, now: { clock.now })
    inbox.setReady(true)
    _ = try await inbox.open("notes://login", origin: .internal)
    _ = try await inbox.open("notes://login", origin: .internal)
    _ = try await inbox.open("notes://note/3", origin: .external())
    clock.advance(600)
    session.isSignedIn = true
    let events = holder.events()
    _ = await outcomes(events, count: 1) { inbox.resume("signIn") }
    #expect(opened.all == ["login internal", "login internal", "login external", "note 3 external "])
  }
}

@Suite("Link inbox: hostile links")
struct LinkInboxHostileTests {
  @Test("a link over the length limit is not read for campaigns or marks, and is refused as invalid")
  func overLong() async throws {
    let holder = try InboxFixture.router(opened: Recorder())
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    let items = (0..<20_000).map { "utm_k\($0)=v" }.joined(separator: "&")
    let link = "notes://note/1?" + items + "&waypoint-widget=Fake"
    let events = holder.events()
    let seen = await outcomes(events, count: 1) { inbox.receive(link, origin: .external()) }
    #expect(seen.first?.origin.campaign.isEmpty == true)
    #expect(seen.first?.origin.kind == "external")
    #expect(seen.last?.error?.code == .invalidURL)
  }
}
