import Foundation
import Testing
import Waypoint

extension QuickStartTests {
  /// What an independent read of the screen's own navigation, the gate and the windows found,
  /// each with the check that failed before its fix (R2, R3, R5, R6, R8; the UIKit ones, R1 and
  /// R4, are in Checks/).
  @MainActor
  @Suite("The independent read of a screen's own navigation")
  struct IndependentReadFixTests {
    @Test("R3: a window restored signed in shows its own settings root, not a saved stand-in or sign-in sheet")
    func restoredSignedIn() throws {
      let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
      var saved = try #require(navigators["A"]).state
      #expect(saved.tabs?["settings"]?.stack.map(\.target) == ["Login"], "saved while signed out")
      saved.presented = PresentedState(
        presentation: .sheet, source: nil,
        state: NavigationState(stack: [
          Screen(id: "Login#9", target: "Login", parameters: ["next": "notes://settings"], route: "/login")
        ]))
      isSignedIn = true
      let restored = app.restoredState(from: saved)
      #expect(restored.tabs?["settings"]?.stack.map(\.target) == ["Settings"])
      #expect(restored.presented == nil, "the sign-in sheet of a run gone is not restored")
    }

    @Test("R5: a parked signed link's secret inside the sign-in screen's next is not saved")
    func nestedSecret() async throws {
      let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
      _ = await app.open("/settings?sig=SECRET-SIGNATURE&token=SECRET-TOKEN", fromWindow: "A").finished
      let state = try #require(app.windows.state(of: "A"))
      #expect(state.presented?.state.stack.first?.target == "Login")
      let saved = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
      #expect(!saved.contains("SECRET"), "\(saved)")
    }

    @Test("R6: the app's own setReady(false) while no window is open holds past the next window")
    func ownHoldWithNoWindow() throws {
      let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
      app.closeWindow("A")
      app.setReady(false, reason: "signing out")
      app.addWindow("B", navigator: HeadlessNavigator(state: app.start))
      app.windowIsShown("B")
      #expect(!app.isReady)
      app.setReady(true)
      #expect(app.isReady)
    }

    @Test("R8: a screen's link waiting for the app ends as noWindow when its window closes")
    func pinnedWaitingWindowCloses() async throws {
      let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A", "B"])
      app.setReady(false, reason: "signing in")
      let opening = app.open("/note/4", fromWindow: "A")
      try await Task.sleep(for: .milliseconds(10))
      #expect(opening.outcome == nil, "it waits")
      app.closeWindow("A")
      await QuickStartTests.ScreenActionTests.waitFor { opening.outcome != nil }
      guard case .noWindow? = opening.outcome else {
        Issue.record("\(String(describing: opening.outcome))")
        return
      }
    }

    @Test("R2: a SwiftUI window restored leaves out what a gate reading its session asynchronously protects")
    func asyncGateOnSwiftUIRestore() throws {
      var routes = RouterBuilder()
      routes.use(
        SignInGate(showing: "/login", protecting: ["Note"]) {
          await Task.yield()
          return false
        })
      routes.add("/note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], exposure: .public)
      routes.add("/login", target: "Login", presentation: .sheet)
      let app = try WaypointApp(routes: routes, tabs: notesTabs) { screens in
        screens.registerScreen(QuickStartTests.Notes.self, target: "Notes") { QuickStartTests.Notes() }
        screens.registerScreen(QuickStartTests.Note.self, target: "Note") { _, link in
          QuickStartTests.Note(id: try link.int("id"))
        }
        screens.registerScreen(QuickStartTests.Settings.self, target: "Settings") { QuickStartTests.Settings() }
        screens.registerScreen(QuickStartTests.Login.self, target: "Login") { QuickStartTests.Login() }
      }
      var saved = app.start
      saved.tabs?.tabs[0].stack.append(
        Screen(id: "Note#5", target: "Note", parameters: ["id": "5"], route: "/note/<int:id>", link: "notes://note/5"))
      let modules = app.addWindow("w", restoring: try JSONEncoder().encode(saved))
      #expect(!modules.navigator.state.allScreens.contains { $0.target == "Note" })
    }
  }
}

extension QuickStartTests.IndependentReadFixTests {
  @Test("S1 of the second read: a link to a screen under a protected one waits behind the gate")
  func underProtected() async throws {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"]) { routes in
      routes.add("/settings/about", target: "Note", tab: "settings", under: ["Settings"])
    }
    let opening = app.open("/settings/about", fromWindow: "A")
    guard case .parked = await opening.finished else {
      Issue.record("\(String(describing: opening.outcome))")
      return
    }
    #expect(navigators["A"]?.state.allScreens.contains { $0.target == "Settings" } == false)
  }

  @Test("S2 of the second read: an app's setReady(true) with no window open waits for the next window")
  func readyWithNoWindow() throws {
    let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
    app.closeWindow("A")
    app.setReady(true)
    #expect(!app.isReady, "no window: links still wait")
    app.addWindow("B", navigator: HeadlessNavigator(state: app.start))
    app.windowIsShown("B")
    #expect(app.isReady)
  }

  @Test("S3 of the second read: a link the gate let through before a sign-out is not placed after it")
  func passedThenSignedOut() async throws {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
    isSignedIn = true
    let request = try #require(app.router.router.resolve("/settings").request)
    isSignedIn = false
    app.lock()
    #expect(app.refusalNow(request, target: "Settings") != nil)
    #expect(navigators["A"]?.state.allScreens.contains { $0.target == "Settings" } == false)
  }

  @Test("T1 of the third read: a gate over requests judges the link's own request when the user signed out since")
  func requestGateSignedOutSince() throws {
    let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A"]) { routes in
      routes.use(
        SignInGate(showing: "/login", gate: "private", protecting: { $0.url.string.contains("private=1") }) {
          isSignedIn
        })
    }
    isSignedIn = true
    let hidden = try #require(app.router.router.resolve("/note/7?private=1").request)
    let plain = try #require(app.router.router.resolve("/note/7").request)
    isSignedIn = false
    #expect(app.refusalNow(hidden, target: "Note") != nil, "the link's own query is what the gate protects")
    #expect(app.refusalNow(plain, target: "Note") == nil)
  }

  @Test("T2 of the third read: a gate's change the navigator refuses for good is not tried again")
  func gateChangeRefusedForGood() async throws {
    let navigator = RefusingNavigator()
    let modules = ScreenCoordinator(registry: try ModuleRegistryBuilder().build(), navigator: navigator)
    navigator.refusal = .invalidStep
    await WaypointApp.reach(on: modules, dismissingAppPresentations: false, interval: .milliseconds(1)) { $0 }
    #expect(navigator.tries == 1, "a plan the state refuses fails the same way every time")
    navigator.tries = 0
    navigator.refusal = .presentationBlocked
    await WaypointApp.reach(on: modules, dismissingAppPresentations: false, tries: 3, interval: .milliseconds(1)) {
      $0
    }
    #expect(navigator.tries == 3, "the app's own presentation goes in time: tried again")
  }

  @Test("U1 of the fourth read: a screen that closes itself, then opens a link, in one turn: the link lands after")
  func closeThenOpen() async throws {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"]) { routes in
      routes.add("/detail/<int:id>", target: "Note")
    }
    _ = await app.open("/note/7", fromWindow: "A").finished
    let note = try #require(navigators["A"]?.state.tabs?["notes"]?.stack.last)
    let closing = app.closeScreen(note.id, inWindow: "A")
    let opening = app.open("/detail/8", fromWindow: "A")
    #expect(await closing.finished == .closed)
    guard case .shown = await opening.finished else {
      Issue.record("\(String(describing: opening.outcome))")
      return
    }
    let stack = navigators["A"]?.state.tabs?["notes"]?.stack
    #expect(stack?.map(\.target) == ["Notes", "Note"])
    #expect(stack?.last?.parameters["id"] == "8", "the close went first, as asked")
  }

  @Test("U3 of the fourth read: a make-only link from a screen changes nothing, as through the inbox")
  func makeOnlyFromAScreen() async throws {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"]) { routes in
      routes.add("/make/<int:id>", target: "Note", presentation: Presentation.none)
    }
    _ = await app.open("/note/9", fromWindow: "A", presentation: .sheet).finished
    let before = try #require(navigators["A"]).state
    #expect(before.presented != nil)
    _ = await app.open("/make/1", fromWindow: "A").finished
    #expect(navigators["A"]?.state == before, "the sheet stays, nothing moves")
  }

  @Test(
    "S6 of the second read: a screen's link parked behind a sign-in screen that could not be shown ends as the link does"
  )
  func parkedUnshown() async throws {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
    let a = try #require(navigators["A"])
    a.setAppPresentation("alert", isPresented: true)
    let opening = app.open("/settings", fromWindow: "A")
    try await Task.sleep(for: .milliseconds(30))
    #expect(opening.outcome == nil, "parked, its sign-in screen not shown: it has not ended")
    a.setAppPresentation("alert", isPresented: false)
    signedIn(app)
    await QuickStartTests.ScreenActionTests.waitFor { opening.outcome != nil }
    guard case .shown(let result)? = opening.outcome else {
      Issue.record("\(String(describing: opening.outcome))")
      return
    }
    #expect(result.route?.target == "Settings")
  }

  /// Window B over a headless navigator, window A over one that holds its next change; signed
  /// out, a screen of A opens `/settings`, and its sign-in sheet is on its way.
  private static func signInOnItsWay() async throws -> (
    WaypointApp, HoldingNavigator, LinkOpening, HeadlessNavigator?
  ) {
    let (app, navigators) = try QuickStartTests.ScreenActionTests.app(windows: ["B"])
    let a = HoldingNavigator(state: app.start)
    app.addWindow("A", navigator: a)
    app.windowIsShown("A")
    a.holdsNext = true
    let opening = app.open("/settings", fromWindow: "A")
    await QuickStartTests.ScreenActionTests.waitFor { a.isHolding }
    #expect(a.isHolding, "the sign-in sheet is on its way")
    return (app, a, opening, navigators["B"])
  }

  @Test(
    "U6 of the fourth read: a screen's link whose gate is passed while its sign-in screen is on its way, then fails to show, still ends"
  )
  func passedWhileSignInOnItsWay() async throws {
    let (app, a, opening, b) = try await Self.signInOnItsWay()
    // Signed in from window B meanwhile; then A's sign-in sheet cannot be shown.
    signedIn(app)
    a.release(failing: true)
    await QuickStartTests.ScreenActionTests.waitFor { opening.outcome != nil }
    guard case .shown(let result)? = opening.outcome else {
      Issue.record("the link's outcome: \(String(describing: opening.outcome))")
      return
    }
    #expect(result.route?.target == "Settings")
    #expect(a.state.tabs?.selected == "settings")
    #expect(b?.state.presented == nil)
  }

  @Test("U6 of the fourth read, discarded meanwhile: the screen's link ends as dropped, with the reason")
  func discardedWhileSignInOnItsWay() async throws {
    let (app, a, opening, _) = try await Self.signInOnItsWay()
    app.discard(reason: "the user signed out elsewhere")
    a.release(failing: true)
    await QuickStartTests.ScreenActionTests.waitFor { opening.outcome != nil }
    guard case .cancelled(let error)? = opening.outcome else {
      Issue.record("the link's outcome: \(String(describing: opening.outcome))")
      return
    }
    #expect(error.message.contains("the user signed out elsewhere"), "\(error.message)")
    #expect(a.state.presented == nil, "its sign-in sheet was not shown")
  }

  @Test("a screen's link that takes the inbox's path keeps the number asked for it: the numbers run on")
  func numbersRunOn() async throws {
    let (app, _) = try QuickStartTests.ScreenActionTests.app(windows: ["A"])
    let events = app.router.events()
    let numbers = Task { @MainActor in
      var received: [UInt64] = []
      for await event in events where event.phase == .received {
        received.append(event.openID)
        if received.count == 3 { break }
      }
      return received
    }
    // In the call, then through the inbox (the gate parks it), then in the call again.
    _ = await app.open("/note/7", fromWindow: "A").finished
    _ = await app.open("/settings", fromWindow: "A").finished
    _ = await app.open("/note/8", fromWindow: "A").finished
    let received = await numbers.value
    #expect(received.count == 3)
    #expect(zip(received, received.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(received)")
  }
}

/// A navigator that holds its next change until the test lets it go, and can fail it then.
@MainActor
private final class HoldingNavigator: Navigator {
  var state: NavigationState
  var holdsNext = false
  private var held: CheckedContinuation<Bool, Never>?
  var isHolding: Bool { held != nil }

  init(state: NavigationState) { self.state = state }

  /// Lets the held change go on, or fail (`failing`).
  func release(failing: Bool) {
    held?.resume(returning: failing)
    held = nil
  }

  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    if holdsNext {
      holdsNext = false
      let fails = await withCheckedContinuation { held = $0 }
      if fails { throw NavigationError(.invalidStep, "the screen could not be shown") }
    }
    let made = try plan(state)
    state = made.target
    return made
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] { [] }
}

/// A navigator that refuses every plan with one code, counting the tries.
@MainActor
private final class RefusingNavigator: Navigator {
  var state = NavigationState()
  var refusal: NavigationError.Code = .invalidStep
  var tries = 0

  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    tries += 1
    throw NavigationError(refusal, "refused")
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] { [] }
}
