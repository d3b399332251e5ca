import Foundation
import Synchronization
import TestSupport
import Testing
import Waypoint

extension QuickStartTests {
  /// What a screen does from inside, on the Quick start's app with two windows: opening the next
  /// screen in its own window, closing itself, cancelling sign-in.
  ///
  /// Inside the Quick start's suite, whose tests run one at a time: they set its `isSignedIn`.
  @MainActor
  @Suite("From a screen: open in its own window, close itself")
  struct ScreenActionTests {
    /// The Quick start's app with the windows `windows` open and shown, each over its own
    /// navigator; `routes` adds to its routes.
    static func app(
      windows: [String] = ["A", "B"], routes more: (inout RouterBuilder) -> Void = { _ in }
    ) throws -> (WaypointApp, [String: HeadlessNavigator]) {
      isSignedIn = false
      var routes = notesRoutes()
      more(&routes)
      let app = try WaypointApp(routes: routes, tabs: notesTabs) { screens in
        screens.registerScreen(QuickStartTests.Notes.self, target: "Notes") { QuickStartTests.Notes() }
        screens.registerScreen(QuickStartTests.Note.self, target: "Note") { _, link in
          QuickStartTests.Note(id: try link.int("id"))
        }
        screens.registerScreen(QuickStartTests.Settings.self, target: "Settings") { QuickStartTests.Settings() }
        screens.registerScreen(QuickStartTests.Login.self, target: "Login") { QuickStartTests.Login() }
      }
      var navigators: [String: HeadlessNavigator] = [:]
      for window in windows {
        let navigator = HeadlessNavigator(state: app.start)
        app.addWindow(window, navigator: navigator)
        app.windowIsShown(window)
        navigators[window] = navigator
      }
      return (app, navigators)
    }

    /// The reasons of the `dropped` events of an app's links, as they come.
    @MainActor
    final class Drops {
      private(set) var reasons: [String] = []
      private var listening: Task<Void, Never>?

      init(_ app: WaypointApp) {
        let events = app.router.events()
        listening = Task { [weak self] in
          for await event in events where event.phase == .dropped { self?.reasons.append(event.reason ?? "") }
        }
      }

      func stop() { listening?.cancel() }
    }

    static func waitFor(_ condition: @MainActor () -> Bool) async {
      for _ in 0..<400 where !condition() { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// The notes tab's stack of `navigator`, as targets.
    static func notesStack(_ navigator: HeadlessNavigator?) -> [String] {
      navigator?.state.tabs?["notes"]?.stack.map(\.target) ?? []
    }

    @Test("a screen in A opens a link: A changes, B is as it was")
    func landsInItsOwnWindow() async throws {
      let (app, navigators) = try Self.app()
      let b = try #require(navigators["B"]).state
      let opening = app.open("/note/7", fromWindow: "A")
      #expect(opening.window == "A")
      guard case .shown(let result) = await opening.finished else {
        Issue.record("not shown: \(String(describing: opening.outcome))")
        return
      }
      #expect(result.route?.target == "Note")
      #expect(Self.notesStack(navigators["A"]) == ["Notes", "Note"])
      #expect(navigators["B"]?.state == b, "B's state is equal to before")
      // B made last active, or the app's own rule choosing B, does not draw A's links to it.
      app.activateWindow("B")
      app.windows.chooseWindow = { _, _ in "B" }
      _ = await app.open("/note/8", fromWindow: "A").finished
      #expect(navigators["A"]?.state.tabs?["notes"]?.stack.last?.parameters["id"] == "8")
      #expect(navigators["B"]?.state == b)
    }

    @Test("a local push is in the state right after the call returns, without await")
    func pushInTheCallersTurn() throws {
      let heard = PhaseLog()
      let (app, navigators) = try Self.app { $0.observe(heard) }
      let b = try #require(navigators["B"]).state
      let opening = app.open("/note/7", fromWindow: "A")
      // No await anywhere in this test: the state changed within this turn.
      #expect(Self.notesStack(navigators["A"]) == ["Notes", "Note"])
      #expect(navigators["B"]?.state == b)
      guard case .shown(let result)? = opening.outcome else {
        Issue.record("not ended in the call's turn: \(String(describing: opening.outcome))")
        return
      }
      #expect(try result.value(as: ShownModule.self).state == .shown)
      #expect(heard.phases == ["received", "prepare", "willOpen", "did"], "what an observer of a link in a task hears")
      // A route the gate protects, signed in: the gate decides now, and lets it through.
      isSignedIn = true
      let settings = app.open("/settings", fromWindow: "A")
      #expect(navigators["A"]?.state.tabs?.selected == "settings")
      #expect(settings.outcome != nil)
      // Signed out, the gate parks it: that is not decided now, the link waits for its task.
      isSignedIn = false
      let parked = app.open("/note/8", fromWindow: "A", presentation: .sheet, extras: ["x": 1])
      #expect(parked.outcome != nil, "a link the gate does not protect opens now, with a per-call presentation")
      let waits = app.open("/settings?again=1", fromWindow: "B")
      #expect(waits.outcome == nil, "parking is the gate's asynchronous work")
    }

    @Test("1,000 opens from two windows in seeded interleavings write across windows 0 times")
    func interleavings() async throws {
      var crossed = 0
      var opened = 0
      for seed in UInt64(1)...10 {
        let (app, navigators) = try Self.app()
        var seen: [String: Set<String>] = ["A": [], "B": []]
        for (window, navigator) in navigators {
          navigator.statesPublished.listen(navigator) { state, _, _ in
            for screen in state.allScreens where screen.target == "Note" {
              seen[window, default: []].insert(screen.parameters["id"] ?? "")
            }
          }
        }
        var random = SeededGenerator(seed: seed)
        var asked: [String: Set<String>] = ["A": [], "B": []]
        var openings: [LinkOpening] = []
        for index in 0..<100 {
          let window = random.next() % 2 == 0 ? "A" : "B"
          let id = "\(seed * 1_000 + UInt64(index))"
          asked[window, default: []].insert(id)
          openings.append(app.open("/note/\(id)", fromWindow: window))
          // Some opens go at once, one after another; others let the ones before them land.
          for _ in 0..<(random.next() % 3) { await Task.yield() }
        }
        for opening in openings {
          if case .shown = await opening.finished { opened += 1 }
        }
        for window in ["A", "B"] {
          crossed += seen[window, default: []].subtracting(asked[window, default: []]).count
        }
      }
      #expect(opened == 1_000, "every open was shown")
      #expect(crossed == 0, "a note opened from one window was shown in the other")
    }

    @Test("every outcome a screen's open can have")
    func everyOutcome() async throws {
      let (app, _) = try Self.app { routes in
        routes.redirect("/n/<int:id>", to: "/note/:id")
        routes.add("/cancel") { _ in throw RoutingError(.cancelled, "the user backed out") }
        routes.add("/refuse") { _ in throw RoutingError.rejected("not for this user") }
      }
      func outcome(_ link: String, window: String = "A") async -> String {
        switch await app.open(link, fromWindow: window).finished {
        case .shown: "shown"
        case .redirected(let result): "redirected \(result.url)"
        case .parked(let result): "parked \(result.parked?.gate ?? "")"
        case .cancelled: "cancelled"
        case .declined: "declined"
        case .noWindow: "no window"
        case .failed(let error): "failed \(error.code)"
        }
      }
      #expect(await outcome("/note/1") == "shown")
      #expect(await outcome("/n/2") == "redirected /note/2")
      #expect(await outcome("/settings") == "parked signIn")
      #expect(await outcome("/cancel") == "cancelled")
      #expect(await outcome("/refuse") == "declined")
      #expect(await outcome("/note/3", window: "C") == "no window")
      #expect(await outcome("/nothing/here") == "failed notFound")
      app.closeWindow("B")
      #expect(await outcome("/note/4", window: "B") == "no window", "a closed window takes no link")
    }

    @Test("each outcome resolves once: a late listener hears it at once, an early one once")
    func resolvesOnce() async throws {
      let (app, _) = try Self.app()
      let opening = app.open("/note/5", fromWindow: "A")
      var heard = 0
      opening.whenFinished { _ in heard += 1 }
      _ = await opening.finished
      opening.finish(.noWindow)
      opening.whenFinished { _ in heard += 1 }
      #expect(heard == 2)
      guard case .shown = opening.outcome else {
        Issue.record("a second end replaced the first: \(String(describing: opening.outcome))")
        return
      }
    }

    @Test("a per-call presentation and extras reach the route")
    func presentationAndExtras() async throws {
      let (app, navigators) = try Self.app()
      _ = await app.open("/note/9", fromWindow: "A", presentation: .sheet).finished
      #expect(navigators["A"]?.state.presented?.state.stack.map(\.target) == ["Note"])
    }

    @Test("a screen closes itself: a pushed one pops, a sheet's root dismisses, a tab root stays")
    func closes() async throws {
      let (app, navigators) = try Self.app()
      let a = try #require(navigators["A"])
      _ = await app.open("/note/1", fromWindow: "A").finished
      let note = try #require(a.state.tabs?["notes"]?.stack.last)
      #expect(await app.closeScreen(note.id, inWindow: "A").finished == .closed)
      #expect(Self.notesStack(a) == ["Notes"])
      _ = await app.open("/note/2", fromWindow: "A", presentation: .sheet).finished
      let sheet = try #require(a.state.presented?.state.stack.first)
      #expect(await app.closeScreen(sheet.id, inWindow: "A").finished == .closed)
      #expect(a.state.presented == nil)
      let before = a.state
      let root = try #require(a.state.tabs?["notes"]?.stack.first)
      let atRoot = app.closeScreen(root.id, inWindow: "A")
      #expect(atRoot.outcome == .atRoot, "said at once")
      #expect(a.state == before)
      #expect(app.closeScreen("Nothing#9", inWindow: "A").outcome == .notShown)
      #expect(app.closeScreen(root.id, inWindow: "C").outcome == .notShown)
    }

    @Test("Cancel in A drops A's parked link only; sign-in then opens B's once and A's never")
    func cancelDropsOnlyItsWindow() async throws {
      let (app, navigators) = try Self.app()
      let (a, b) = (try #require(navigators["A"]), try #require(navigators["B"]))
      let drops = Drops(app)
      defer { drops.stop() }
      #expect(await app.open("/settings", fromWindow: "A").finished.isParked)
      #expect(await app.open("/settings", fromWindow: "B").finished.isParked)
      let login = try #require(a.state.presented?.state.stack.first)
      #expect(login.target == "Login")
      #expect(await app.closeScreen(login.id, inWindow: "A").finished == .closed)
      #expect(a.state.presented == nil, "A goes back to what it showed")
      await Self.waitFor { !drops.reasons.isEmpty }
      #expect(drops.reasons.count == 1)
      #expect(drops.reasons.first?.contains("the user cancelled sign-in") == true, "\(drops.reasons)")
      signedIn(app)
      await Self.waitFor { b.state.tabs?.selected == "settings" && b.state.presented == nil }
      #expect(b.state.tabs?.selected == "settings", "B's link opened")
      #expect(b.state.presented == nil, "B's sign-in screen closed")
      try await Task.sleep(for: .milliseconds(30))
      #expect(a.state.tabs?.selected == "notes", "A's link never opened")
      #expect(drops.reasons.count == 1)
    }

    @Test("the user swiping the sign-in screen down is the same cancel")
    func swipeIsCancel() async throws {
      let (app, navigators) = try Self.app()
      let a = try #require(navigators["A"])
      let drops = Drops(app)
      defer { drops.stop() }
      _ = await app.open("/settings", fromWindow: "A").finished
      let login = try #require(a.state.presented?.state.stack.first)
      try app.coordinator(for: "A")?.reconcile(.dismissed(screen: login.id))
      await Self.waitFor { !drops.reasons.isEmpty }
      #expect(drops.reasons.first?.contains("the user cancelled sign-in") == true, "\(drops.reasons)")
    }

    @Test("a link that takes the sign-in screen's place drops the parked link with its own reason")
    func replacedBySomeLink() async throws {
      let (app, navigators) = try Self.app()
      let a = try #require(navigators["A"])
      let drops = Drops(app)
      defer { drops.stop() }
      _ = await app.open("/settings", fromWindow: "A").finished
      #expect(a.state.presented != nil)
      _ = await app.open("/note/3", fromWindow: "A").finished
      #expect(a.state.presented == nil, "the note's link dismissed the sign-in sheet")
      await Self.waitFor { !drops.reasons.isEmpty }
      #expect(
        drops.reasons.first?.contains("the link '/note/3' took the place of the sign-in screen") == true,
        "\(drops.reasons)")
    }

    @Test("after sign-in the gate's sign-in screen closes, with no link parked")
    func signInClosesTheScreen() async throws {
      let (app, navigators) = try Self.app()
      let a = try #require(navigators["A"])
      _ = await app.open("/login", fromWindow: "A").finished
      #expect(a.state.presented?.state.stack.map(\.target) == ["Login"])
      signedIn(app)
      await Self.waitFor { a.state.presented == nil }
      #expect(a.state.presented == nil)
    }
  }
}

extension LinkOpening.Outcome {
  fileprivate var isParked: Bool {
    if case .parked = self { return true }
    return false
  }
}

/// The phases an observer heard, in order.
private final class PhaseLog: RouteObserver {
  private let log = Mutex<[String]>([])
  var phases: [String] { log.withLock { $0 } }
  func received(_ event: RouteEvent) { log.withLock { $0.append("received") } }
  func prepare(_ event: RouteEvent) { log.withLock { $0.append("prepare") } }
  func willOpen(_ request: RouteRequest) throws { log.withLock { $0.append("willOpen") } }
  func didOpen(_ event: RouteEvent) { log.withLock { $0.append("did") } }
  func failed(_ event: RouteEvent) { log.withLock { $0.append("failed") } }
}
