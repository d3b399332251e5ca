import Foundation
import Synchronization
import Testing
import Waypoint

extension QuickStartTests {
  /// A link parked behind sign-in ends: it expires, it is dropped when the user dismisses the
  /// sign-in screen while still signed out, and its completion hears how the link itself ended.
  ///
  /// Inside the Quick start's suite, whose tests run one at a time: both set its `isSignedIn`.
  @MainActor
  @Suite("Parked links end")
  struct ParkedLinkTests {
    /// The Quick start's app, its inbox's policy `policy`, the clock `clock`.
    static func app(policy: LinkInbox.Policy = .init()) throws -> (WaypointApp, HeadlessNavigator) {
      isSignedIn = false
      let app = try WaypointApp(routes: notesRoutes(), tabs: notesTabs, policy: policy) { screens in
        screens.registerScreen(QuickStartTests.Notes.self, target: "Notes") { QuickStartTests.Notes() }
        screens.registerScreen(QuickStartTests.Note.self, target: "Note") { _, link in
          QuickStartTests.Note(id: try link.int("id"))
        }
        screens.registerScreen(QuickStartTests.Settings.self, target: "Settings") { QuickStartTests.Settings() }
        screens.registerScreen(QuickStartTests.Login.self, target: "Login") { QuickStartTests.Login() }
      }
      let navigator = HeadlessNavigator(state: app.start)
      app.addWindow(navigator: navigator)
      app.windowIsShown()
      return (app, navigator)
    }

    /// Hands `link` to the app as a notification tap would, and returns its completion's outcome
    /// once it arrives.
    final class Outcome: Sendable {
      private let box = Mutex<Result<RouteResult, RoutingError>?>(nil)
      var value: Result<RouteResult, RoutingError>? { box.withLock { $0 } }
      func set(_ outcome: Result<RouteResult, RoutingError>) { box.withLock { $0 = outcome } }
    }

    static func waitFor(_ condition: @MainActor () -> Bool) async {
      for _ in 0..<400 where !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("the completion of a parked link hears how the link itself opened, after sign-in")
    func completionHearsTheLink() async throws {
      let (app, navigator) = try Self.app()
      let outcome = Outcome()
      app.receiveNotification(link: "notes://settings", identifier: "n1") { outcome.set($0) }
      await Self.waitFor { navigator.state.presented != nil }
      #expect(navigator.state.presented?.state.stack.map(\.target) == ["Login"])
      try await Task.sleep(for: .milliseconds(20))
      #expect(outcome.value == nil, "the login screen is not how the link ended")
      signedIn(app)
      await Self.waitFor { outcome.value != nil }
      let result = try #require(try outcome.value?.get())
      #expect(result.route?.target == "Settings")
      #expect(navigator.state.tabs?.selected == "settings")
    }

    @Test("the user dismissing the sign-in screen while signed out drops what it parked, with the reason")
    func dismissedLogin() async throws {
      let (app, navigator) = try Self.app()
      let events = app.router.events()
      let outcome = Outcome()
      app.receiveNotification(link: "notes://settings", identifier: "n2") { outcome.set($0) }
      await Self.waitFor { navigator.state.presented != nil }
      let login = try #require(navigator.state.presented?.state.stack.first)
      try app.coordinator()?.reconcile(.dismissed(screen: login.id))
      await Self.waitFor { outcome.value != nil }
      guard case .failure(let error)? = outcome.value else {
        Issue.record("the parked link did not end in a failure: \(String(describing: outcome.value))")
        return
      }
      #expect(error.code == .dropped)
      #expect(error.message.contains("the user cancelled sign-in"), "\(error.message)")
      let dropped = await Self.first(events) { $0.phase == .dropped }
      #expect(dropped?.url == "notes://settings")
      signedIn(app)
      try await Task.sleep(for: .milliseconds(50))
      #expect(navigator.state.tabs?.selected == "notes", "a dropped link does not open at the next sign-in")
    }

    @Test("the app closing the sign-in screen after sign-in keeps what it parked for resume")
    func closedAfterSignIn() async throws {
      let (app, navigator) = try Self.app()
      let outcome = Outcome()
      app.receiveNotification(link: "notes://settings", identifier: "n3") { outcome.set($0) }
      await Self.waitFor { navigator.state.presented != nil }
      let login = try #require(navigator.state.presented?.state.stack.first)
      isSignedIn = true
      // The app's own dismissal, reported as the UI's (a Done button calling UIKit's dismiss).
      try app.coordinator()?.reconcile(.dismissed(screen: login.id))
      try await Task.sleep(for: .milliseconds(30))
      #expect(outcome.value == nil, "signed in: the link is kept")
      app.resume()
      await Self.waitFor { outcome.value != nil }
      #expect(try outcome.value?.get().route?.target == "Settings")
    }

    @Test("a parked link expires after maxParked, with an event, and does not open at sign-in")
    func expires() async throws {
      var policy = LinkInbox.Policy()
      policy.maxParked = .milliseconds(40)
      let (app, navigator) = try Self.app(policy: policy)
      let events = app.router.events()
      let outcome = Outcome()
      app.receiveNotification(link: "notes://settings", identifier: "n4") { outcome.set($0) }
      await Self.waitFor { outcome.value != nil }
      guard case .failure(let error)? = outcome.value else {
        Issue.record("the parked link did not expire: \(String(describing: outcome.value))")
        return
      }
      #expect(error.message.contains("expired: it was parked until 'signIn' longer than"), "\(error.message)")
      let dropped = await Self.first(events) { $0.phase == .dropped }
      #expect(dropped?.reason?.hasPrefix("expired") == true)
      signedIn(app)
      try await Task.sleep(for: .milliseconds(50))
      #expect(navigator.state.tabs?.selected == "notes")
    }

    @Test("on resume, a link parked longer than maxParked is dropped as expired (a clock of the test's)")
    func expiresAtResume() async throws {
      isSignedIn = false
      var policy = LinkInbox.Policy()
      policy.maxParked = .seconds(600)
      let holder = try RouterHolder(builder: Self.notesRoutesWithHandlers())
      // WaypointClock's documented example, line for line (ClockReadsTests checks it is).
      let time = Mutex(Date(timeIntervalSince1970: 1_000))
      var clock = WaypointClock.live
      clock.now = { time.withLock { $0 } }
      let inbox = LinkInbox(router: holder, policy: policy, now: clock.now)
      inbox.setReady(true)
      let outcome = Outcome()
      inbox.receive("notes://settings", origin: .external()) { outcome.set($0) }
      for _ in 0..<200 where inbox.parked(until: SignInGate.signIn).isEmpty {
        try await Task.sleep(for: .milliseconds(5))
      }
      time.withLock { $0 += 3_601 }  // an hour later, at once
      isSignedIn = true
      inbox.resume(SignInGate.signIn)
      for _ in 0..<200 where outcome.value == nil { try await Task.sleep(for: .milliseconds(5)) }
      guard case .failure(let error)? = outcome.value else {
        Issue.record("an hour-old parked link opened: \(String(describing: outcome.value))")
        return
      }
      #expect(error.code == .dropped && error.message.contains("expired"))
    }

    /// The Quick start's routes with plain handlers for their targets.
    static func notesRoutesWithHandlers() -> RouterBuilder {
      var routes = notesRoutes()
      for target in ["Note", "Settings", "Login"] { routes.register(target: target) { _ in target } }
      return routes
    }

    /// The first event of `events` that `matches`, within a second.
    static func first(_ events: AsyncStream<RouteEvent>, where matches: @escaping @Sendable (RouteEvent) -> Bool)
      async -> RouteEvent?
    {
      await withTaskGroup(of: RouteEvent?.self) { group in
        group.addTask {
          for await event in events where matches(event) { return event }
          return nil
        }
        group.addTask {
          try? await Task.sleep(for: .seconds(1))
          return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
      }
    }
  }
}
