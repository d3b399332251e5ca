// What the independent reads at the end of the app's own navigation found in UIKit, each a test
// named after its finding; the core's are in Tests/WaypointTests/Entry/IndependentReadFixTests.
// Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// A window of the model that no `SceneLinks` made: the app's own overlay window, or one of an
/// app that wires its links by hand.
@MainActor private var foreignWindows: [UIWindow] = []

extension ModelChecks {
  @MainActor
  @Suite("The independent reads at the end, UIKit")
  struct FourthRead {
    /// A notes tab whose list pushes a note or the settings (or, with `settingsTab`, a settings
    /// tab whose root it is), behind `gates`; the window `A` connected and the app ready.
    static func app(gate: SignInGate, _ more: SignInGate..., settingsTab: Bool = false) async throws -> (
      WaypointApp, SceneLinks
    ) {
      UIKitModel.reset()
      var routes = RouterBuilder()
      for gate in [gate] + more { routes.use(gate) }
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      if settingsTab {
        routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
      } else {
        routes.add("notes://settings", target: "Settings", tab: "notes", under: ["List"], exposure: .public)
      }
      routes.add("notes://login", target: "Login", presentation: .sheet)
      var tabs = [NavigationTab("notes", root: "List")]
      if settingsTab { tabs.append(NavigationTab("settings", root: "Settings")) }
      let app = try WaypointApp(routes: routes, tabs: tabs) { screens in
        ThirdReview.registerNotes(&screens)
        screens.registerScreen(SheetController.self, target: "Settings") { SheetController() }
        screens.registerScreen(LoginController.self, target: "Login") { LoginController() }
      }
      let a = connect(app, scene: "A")
      #expect(await eventually { app.isReady })
      await settle()
      return (app, a.links)
    }

    @Test("U2, W2: a protected screen whose link waits behind a push's animation is never shown after a sign-out")
    func signOutWhileALinkWaits() async throws {
      ModelSession.shared.isSignedIn = true
      let (app, links) = try await Self.app(
        gate: SignInGate(showing: "notes://login", protecting: ["Settings"]) { ModelSession.shared.isSignedIn })
      let window = try #require(links.uiWindow)
      let navigator = try #require(links.navigator)
      var published: [NavigationState] = []
      navigator.statesPublished.listen(navigator) { state, _, _ in published.append(state) }
      let list = try #require(ScreenActions.top(window) as? ListController)
      let stack = try #require(list.navigationController)
      UIKitModel.holdsAnimations = true
      _ = list.openLink("notes://note/7")
      #expect(stack.transitionCoordinator != nil, "the push animates")
      let settings = list.openLink("notes://settings")
      // The gate let it through; it waits for the animation, in the navigator's turn.
      for _ in 0..<50 { await Task.yield() }
      #expect(settings.outcome == nil)
      ModelSession.shared.isSignedIn = false
      app.lock()
      published = []
      UIKitModel.holdsAnimations = false
      await ScreenActions.run { settings.outcome != nil }
      for _ in 0..<20 { await settle() }
      guard case .declined(let error)? = settings.outcome else {
        Issue.record("the link's outcome: \(String(describing: settings.outcome))")
        return
      }
      #expect(error.message.contains("signed out since"), "\(error.message)")
      #expect(!published.contains { $0.allScreens.contains { $0.target == "Settings" } }, "never shown signed out")
      let state = try #require(app.windows.state(of: "A"))
      #expect(!state.allScreens.contains { $0.target == "Settings" }, "\(state.allScreens.map(\.target))")
      #expect(!(ScreenActions.top(window) is SheetController), "no settings controller on screen")
      withExtendedLifetime(links) {}
      expectNoException()
    }

    @Test("U5: a link reaching a UIKit window while its saved state waits for an asynchronous gate keeps its place")
    func linkWhileTheFirstStateWaits() async throws {
      let asynchronous: @Sendable () async -> Bool = {
        try? await Task.sleep(for: .milliseconds(150))
        return true
      }
      let (app, a) = try await Self.app(
        gate: SignInGate(showing: "notes://login", protecting: ["Settings"], isSignedIn: asynchronous))
      var saved = app.start
      saved.tabs?.tabs[0].stack.append(
        Screen(id: "Settings#3", target: "Settings", route: "notes://settings", link: "notes://settings"))
      let b = connect(app, scene: "B", savedState: try JSONEncoder().encode(saved))
      // In the turn B connected, before its first state is known.
      let opening = app.open("notes://note/5", fromWindow: "B")
      await ScreenActions.run { opening.outcome != nil }
      for _ in 0..<60 {
        await settle()
        try await Task.sleep(for: .milliseconds(10))
      }
      guard case .shown? = opening.outcome else {
        Issue.record("\(String(describing: opening.outcome))")
        return
      }
      let stack = app.windows.state(of: "B")?.tabs?["notes"]?.stack
      #expect(stack?.last?.parameters["id"] == "5", "the link's screen stays: \(stack?.map(\.id) ?? [])")
      #expect((ScreenActions.top(b.window) as? EditorController)?.noteID == 5)
      withExtendedLifetime((a, b)) {}
      expectNoException()
    }

    @Test("W1: a sign-out while a UIKit window's first state waits for an asynchronous gate keeps its protected tab root out")
    func signOutWhileTheFirstStateWaits() async throws {
      UIKitModel.reset()
      ModelSession.shared.isSignedIn = true
      let slow: @Sendable () async -> Bool = {
        try? await Task.sleep(for: .milliseconds(150))
        return true
      }
      let (app, a) = try await Self.app(
        gate: SignInGate(showing: "notes://login", protecting: ["Settings"]) { ModelSession.shared.isSignedIn },
        SignInGate(showing: "notes://login", gate: "notes", protecting: ["Editor"], isSignedIn: slow),
        settingsTab: true)
      var saved = app.start
      saved.tabs?.tabs[0].stack.append(
        Screen(id: "Editor#8", target: "Editor", parameters: ["id": "8"], route: "notes://note/<int:id>"))
      let b = connect(app, scene: "B", savedState: try JSONEncoder().encode(saved))
      let navigator = try #require(b.links.navigator)
      var published: [NavigationState] = []
      navigator.statesPublished.listen(navigator) { state, _, _ in published.append(state) }
      // B's first state is being worked out, its asynchronous gate not answered yet.
      for _ in 0..<10 { await Task.yield() }
      ModelSession.shared.isSignedIn = false
      app.lock()
      try await Task.sleep(for: .milliseconds(300))
      for _ in 0..<20 { await settle() }
      #expect(!published.isEmpty, "B showed its first state")
      #expect(!published.contains { $0.allScreens.contains { $0.target == "Settings" } }, "never shown signed out")
      #expect(app.windows.state(of: "B")?.tabs?["settings"]?.stack.map(\.target) == ["Login"])
      withExtendedLifetime((a, b)) {}
      expectNoException()
    }

    @Test("U4: a screen's link to a UIKit window not yet showing its first state takes the inbox's path onto it")
    func linkBeforeTheFirstState() async throws {
      UIKitModel.reset()
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", under: ["List"], exposure: .public)
      let app = try WaypointApp(routes: routes, start: NavigationState(stack: [Screen(id: "List#1", target: "List")])) {
        screens in ThirdReview.registerNotes(&screens)
      }
      let a = connect(app, scene: "A")
      #expect(await eventually { app.isReady })
      await settle()
      let b = connect(app, scene: "B")
      let opening = app.open("notes://note/5", fromWindow: "B")
      #expect(opening.outcome == nil, "not within the call: the window shows nothing yet")
      await ScreenActions.run { opening.outcome != nil }
      for _ in 0..<10 { await settle() }
      guard case .shown? = opening.outcome else {
        Issue.record("\(String(describing: opening.outcome))")
        return
      }
      #expect(app.windows.state(of: "B")?.stack.map(\.target) == ["List", "Editor"])
      let stack = b.window.rootViewController as? UINavigationController
      #expect((stack?.topViewController as? EditorController)?.noteID == 5)
      #expect(stack?.viewControllers.count == 2)
      withExtendedLifetime((a, b)) {}
      expectNoException()
    }

    @Test("V1: a controller in a window no SceneLinks of the app made ends as noWindow at once")
    func foreignWindow() async throws {
      _ = try await ScreenActions.app(windows: ["A"])
      let window = UIWindow(windowScene: modelScene("overlay"))
      let controller = ListController()
      window.rootViewController = controller
      window.makeKeyAndVisible()
      foreignWindows.append(window)
      #expect(controller.viewIfLoaded?.window === window)
      let opening = controller.openLink("notes://note/7")
      guard case .noWindow? = opening.outcome else {
        Issue.record("not ended in the call as noWindow: \(String(describing: opening.outcome))")
        return
      }
      #expect(controller.closeScreen().outcome == .notShown)
    }
  }
}
