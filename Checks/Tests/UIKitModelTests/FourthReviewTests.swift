// The fourth adapter review's findings, each with a check that failed before its fix
// (shared/reviews/adapters-fourth.md); those answered with a reason are in
// Checks/FourthReviewReasons.md. Scripts/check-adapters.sh counts both.
import Foundation
import SwiftUI
import Testing
import UIKit
import Waypoint
import WaypointSwiftUI
import WaypointUIKit

/// The scenes' links the fourth review's tests connected, kept as scene delegates keep them.
@MainActor private var fourthLinks: [SceneLinks] = []

extension ModelChecks {
  @MainActor
  @Suite("The fourth adapter review")
  struct FourthReview {
    /// A tap on note `id`, as the notification center hands it over.
    static func tap(_ id: Int, identifier: String) -> UNNotificationResponse {
      UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(
            _model: UNNotificationContent(_model: ["link": "notes://note/\(id)"]), identifier: identifier)))
    }

    /// The notes of the window `id`'s notes tab, by note id.
    static func notes(_ app: WaypointApp, _ id: String) -> [String] {
      app.windows.state(of: id)?.tabs?["notes"]?.stack.compactMap { $0.parameters["id"] } ?? []
    }

    static func connected(_ app: WaypointApp, _ id: String, options: UIScene.ConnectionOptions? = nil) -> UIWindowScene {
      let (links, _, scene) = connect(app, scene: id, options: options)
      fourthLinks.append(links)
      return scene
    }

    @Test("E1: a tap while no window is open waits, and opens once in the window UIKit connects for it")
    func noWindow() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try ThirdReview.gatedApp(events)
      let first = Self.connected(app, "a")
      #expect(await eventually { app.isReady })
      await settle()
      // UIKit reclaims the background app's only scene; the process lives on.
      first._modelDisconnect()
      #expect(app.windows.windowIDs.isEmpty)
      // The delegate hears the tap before the scene UIKit connects for it, which carries it too.
      let response = Self.tap(3, identifier: "tap-e1")
      app.receiveNotification(response)
      for _ in 0..<5 { await settle() }
      #expect(!events.all.contains { $0.phase == .failed }, "the tap did not fail")
      _ = Self.connected(app, "b", options: UIScene.ConnectionOptions(_modelURLContexts: [], activities: [], response: response))
      for _ in 0..<40 where Self.notes(app, "b").isEmpty {
        await settle()
        try? await Task.sleep(for: .milliseconds(10))
      }
      #expect(Self.notes(app, "b") == ["3"], "opened once, in the new window")
      #expect(events.all.filter { $0.phase == .did }.count == 1)
      expectNoException()
    }

    @Test("E2: the SwiftUI restore leaves out a screen behind a closed gate and one that can no longer be made")
    func swiftUIRestore() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      var routes = RouterBuilder()
      routes.use(SignInGate(showing: "notes://login", protecting: ["Settings"]) { false })
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
      routes.add("notes://login", target: "Login", presentation: .sheet)
      routes.observe(events)
      let tabs = [NavigationTab("notes", root: "List"), NavigationTab("settings", root: "List")]
      let app = try WaypointApp(routes: routes, tabs: tabs) { screens in
        ThirdReview.registerNotes(&screens, gone: 4)
        screens.registerScreen(SheetController.self, target: "Settings") { SheetController() }
        screens.registerScreen(AlertController.self, target: "Login") { AlertController() }
      }
      var saved = app.start
      saved.tabs?.tabs[0].stack += [Screen(id: "Editor#4", target: "Editor", parameters: ["id": "4"], link: "notes://note/4")]
      saved.tabs?.tabs[1].stack += [Screen(id: "Settings#9", target: "Settings", link: "notes://settings")]
      let modules = app.addWindow("w", restoring: try JSONEncoder().encode(saved))
      let state = modules.navigator.state
      #expect(!state.allScreens.contains { $0.target == "Settings" }, "the gated screen is left out")
      #expect(!state.allScreens.contains { $0.id == "Editor#4" }, "the note that cannot be made is left out")
      let reasons = events.all.filter { $0.phase == .dropped }.compactMap(\.reason)
      #expect(reasons.contains { $0.contains("'Settings#9'") }, "\(reasons)")
      #expect(reasons.contains { $0.contains("'Editor#4'") }, "\(reasons)")
    }

    @Test("E3: a SwiftUI window the system reconnects, or the next launch, gets its navigation back")
    func swiftUIReconnect() async throws {
      UIKitModel.reset()
      let app = try ModelChecks.ScreenActionsSwiftUI.app()
      let host = WaypointHost(app: app)
      host.appeared()
      let id = host.windowID
      _ = await host.openLinkAction("notes://note/5").finished
      // The host saves each state it follows, in the turn after the state changed.
      await ModelChecks.ScreenActions.run { host.keptState.contains("Note") }
      let kept = host.keptState
      #expect(!kept.isEmpty, "the window's state is kept with its scene")
      // The system reclaims the scene and connects it again: SwiftUI restores its scene storage.
      app.closeWindow(id)
      _SceneStorageModel.restoring = ["waypoint.window": id, "waypoint.state": kept]
      defer { _SceneStorageModel.restoring = [:] }
      let again = WaypointHost(app: app)
      again.appeared()
      #expect(again.windowID == id)
      #expect(again.coordinator.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
    }

    @Test("E4: a link that names no window opens in the window the user is in, not the one last activated (UIKit)")
    func frontmostUIKit() async throws {
      UIKitModel.reset()
      let app = try ThirdReview.gatedApp(LinkEvents())
      let a = Self.connected(app, "a")
      let b = Self.connected(app, "b")
      #expect(await eventually { app.isReady })
      await settle()
      // Side by side: both scenes active; the user works in A, B changed activation last.
      a._modelActiveAppearance = .active
      b._modelActiveAppearance = .inactive
      b._modelActivate()
      _ = try await app.open("notes://note/9")
      for _ in 0..<10 { await settle() }
      #expect(Self.notes(app, "a") == ["9"])
      #expect(Self.notes(app, "b").isEmpty)
      expectNoException()
    }

    @Test("E4: a link that names no window opens in the focused SwiftUI window, not the one last active")
    func frontmostSwiftUI() async throws {
      UIKitModel.reset()
      let app = try ModelChecks.ScreenActionsSwiftUI.app()
      let (a, b) = (WaypointHost(app: app), WaypointHost(app: app))
      a.appeared()
      b.appeared()
      a.appearsActiveChanged(true)
      b.appearsActiveChanged(false)
      // B's scene phase turns active last (a Mac window behind, both active).
      b.scenePhaseChanged(.active)
      _ = try await app.open("notes://note/9")
      #expect(a.coordinator.navigator.state.tabs?["notes"]?.stack.last?.parameters["id"] == "9")
      #expect(b.coordinator.navigator.state.tabs?["notes"]?.stack.count == 1)
    }

    @Test("E10: the tab badges keep no observer for a window gone")
    func badgeObservers() async throws {
      UIKitModel.reset()
      let app = try ThirdReview.gatedApp(LinkEvents())
      for index in 0..<5 {
        let scene = Self.connected(app, "s\(index)")
        await settle()
        scene._modelDisconnect()
      }
      _ = Self.connected(app, "last")
      await settle()
      #expect(app.tabBadges.observerCount <= 1, "one a window open, not one a scene ever connected")
    }

    @Test("E13: a fixed-id SwiftUI window forgets a scene that disconnected")
    func fixedWindowForgetsScene() throws {
      UIKitModel.reset()
      let app = try ModelChecks.ScreenActionsSwiftUI.app()
      let host = WaypointHost(app: app, window: "main")
      host.appeared()
      let scene = modelScene("fixed")
      host.sceneAppeared(scene)
      #expect(app.windows.window(forScene: ObjectIdentifier(scene)) == "main")
      scene._modelDisconnect()
      #expect(app.windows.window(forScene: ObjectIdentifier(scene)) == nil)
      #expect(app.coordinator(for: "main") != nil, "the window itself stays")
    }
  }
}
