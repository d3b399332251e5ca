import Synchronization
import Testing
import Waypoint

/// The "Every way in" example of the DocC article "A tour of Waypoint", compiled and checked.
@Suite("Tour: every way in example")
struct ReadmeEntryTests {
  struct SignInFirst: RouteMiddleware {
    let isSignedIn: @Sendable () -> Bool
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      guard request.route?.name != "login", !isSignedIn() else { return try await next(request) }
      return .park(request, until: "signIn", showing: "notes://login")
    }
  }

  @Test("a notification link waits for the app, is parked behind sign-in and opens on resume")
  func launch() async throws {
    let signedIn = Mutex(false)
    let opened = Recorder()
    var builder = RouterBuilder()
    builder.use(SignInFirst(isSignedIn: { signedIn.withLock { $0 } }))
    builder.add("notes://note/<int:id>", name: "note", exposure: .public) { request in
      opened.record("note \(try request.int("id"))")
      return 0
    }
    builder.add("notes://login", name: "login", exposure: .public) { _ in
      opened.record("login")
      return 0
    }
    let router = try builder.build()
    let inbox = LinkInbox(router: RouterHolder(router))
    let events = inbox.router.events()
    let first = await outcomes(events, count: 1) {
      inbox.receive("notes://note/7", origin: .notification(identifier: "n-7"), id: "n-7")
      #expect(opened.all.isEmpty)
      inbox.setReady(true)
    }
    #expect(opened.all == ["login"])
    #expect(first.contains { $0.phase == .waited && $0.reason == "parked until 'signIn'" })
    signedIn.withLock { $0 = true }
    _ = await outcomes(events, count: 1) { inbox.resume("signIn") }
    #expect(opened.all == ["login", "note 7"])
  }
}
