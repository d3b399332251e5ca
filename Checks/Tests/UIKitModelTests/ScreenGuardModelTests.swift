// The guard matrix against the model: {link, tab tap, tab selected in code, start state,
// restoration, Handoff, back} × signed out, in UIKit (SceneLinks over the model) and SwiftUI
// (WaypointHost): no state a window publishes holds a protected screen, and UIKit never makes
// its controller. Each case prints a `guard-case` line; Scripts/guard-matrix.sh counts them.
import Foundation
import SwiftUI
import Testing
import UIKit
import Waypoint
import WaypointSwiftUI
import WaypointUIKit

/// How many settings screens the guard tests' apps made.
@MainActor private var settingsMade = 0

/// The protected screen of the guard tests' UIKit app.
final class GuardedSettingsController: UIViewController {}

extension ModelChecks {
  @MainActor
  @Suite("Screens behind the gate: the guard matrix, UIKit and SwiftUI")
  struct ScreenGuard {
    static let ways = ["link", "tab tap", "tab selected in code", "start state", "restoration", "Handoff", "back"]

    /// The routes both kits share: Settings, the settings tab's root, behind a main-actor gate.
    static func routes(_ events: LinkEvents) -> RouterBuilder {
      var routes = RouterBuilder()
      routes.use(SignInGate(showing: "notes://login", protecting: ["Settings"]) { ModelSession.shared.isSignedIn })
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
      routes.add("notes://login", target: "Login", presentation: .sheet)
      routes.observe(events)
      return routes
    }

    static let tabs = [NavigationTab("notes", root: "List"), NavigationTab("settings", root: "Settings")]

    /// Signed in, Settings pushed under a note on the notes tab and the settings tab selected: a
    /// state saved signed in, restored signed out.
    static var saved: Data {
      get throws {
        var state = NavigationState(tabs: tabs)
        state.tabs?.selected = "settings"
        state.tabs?.tabs[0].stack = [
          Screen(id: "List#1", target: "List"),
          Screen(id: "Settings#7", target: "Settings", route: "notes://settings", link: "notes://settings"),
          Screen(id: "Editor#8", target: "Editor", parameters: ["id": "8"], link: "notes://note/8"),
        ]
        return try JSONEncoder().encode(state)
      }
    }

    /// Whether `state` holds a protected screen.
    static func holdsSettings(_ state: NavigationState) -> Bool {
      state.allScreens.contains { $0.target == "Settings" }
    }

    @Test("UIKit: every way, signed out, 0 states with Settings and no settings controller made")
    func uikit() async throws {
      var clean = 0
      for way in Self.ways {
        UIKitModel.reset()
        ModelSession.shared.isSignedIn = false
        settingsMade = 0
        let events = LinkEvents()
        let app = try WaypointApp(routes: Self.routes(events), tabs: Self.tabs) { screens in
          ThirdReview.registerNotes(&screens)
          screens.registerScreen(GuardedSettingsController.self, target: "Settings") {
            settingsMade += 1
            return GuardedSettingsController()
          }
          screens.registerScreen(LoginController.self, target: "Login") { LoginController() }
        }
        let restoring = way == "restoration" || way == "back"
        let scene = modelScene("guard-\(way)")
        let links = try #require(
          SceneLinks(app: app, scene: scene, options: nil, savedState: restoring ? try Self.saved : nil))
        let navigator = try #require(links.navigator)
        var published: [NavigationState] = []
        navigator.statesPublished.listen(navigator) { state, _, _ in published.append(state) }
        #expect(await eventually { app.isReady })
        await settle()
        switch way {
        case "link":
          links.open([UIOpenURLContext(_modelURL: try #require(URL(string: "notes://settings")))])
        case "tab tap":
          let bar = try #require(links.uiWindow?.rootViewController as? UITabBarController)
          bar._modelUserTaps(1)
        case "tab selected in code":
          var state = navigator.state
          state.tabs?.selected = "settings"
          _ = try await navigator.show(state)
        case "Handoff":
          _ = try? await app.open("notes://settings", origin: .handoff(activityType: "com.example.notes.view"))
        case "back":
          _ = try? app.coordinator(for: "guard-back")?.reconcile(.selectedTab("notes"))
        default:
          break
        }
        for _ in 0..<10 { await settle() }
        let seen = published.filter(Self.holdsSettings).count
        let pass = seen == 0 && settingsMade == 0
        print(
          "guard-case\tUIKit\t\(way)\t\(pass ? "pass" : "fail")\tstates with Settings \(seen), made \(settingsMade)")
        if pass {
          clean += 1
        } else {
          Issue.record("UIKit, \(way): \(seen) states with Settings, \(settingsMade) made")
        }
        keep(links)
      }
      #expect(clean == Self.ways.count)
    }

    @Test("SwiftUI: every way, signed out, 0 states with Settings")
    func swiftUI() async throws {
      struct ListView: View { var body: some View { Text("List") } }
      struct EditorView: View { var body: some View { Text("Editor") } }
      struct SettingsView: View { var body: some View { Text("Settings") } }
      struct LoginView: View { var body: some View { Text("Sign in") } }
      var clean = 0
      for way in Self.ways {
        UIKitModel.reset()
        ModelSession.shared.isSignedIn = false
        let events = LinkEvents()
        let app = try WaypointApp.swiftUI(routes: Self.routes(events), tabs: Self.tabs) { views in
          views.registerScreen(ListView.self, target: "List") { ListView() }
          views.registerScreen(EditorView.self, target: "Editor") { _, _ in EditorView() }
          views.registerScreen(SettingsView.self, target: "Settings") { SettingsView() }
          views.registerScreen(LoginView.self, target: "Login") { LoginView() }
        }
        let restoring = way == "restoration" || way == "back"
        let host: WaypointHost<AnyView>
        if restoring {
          // The SwiftUI restore recipe of the Navigation article.
          app.addWindow("w", navigator: HeadlessNavigator(state: app.restoredState(from: try Self.saved)))
          host = WaypointHost(app: app, window: "w")
        } else {
          host = WaypointHost(app: app)
        }
        host.appeared()
        let navigator = try #require(host.coordinator.navigator as? HeadlessNavigator)
        var published = [navigator.state]
        navigator.statesPublished.listen(navigator) { state, _, _ in published.append(state) }
        switch way {
        case "link":
          host.receive(try #require(URL(string: "notes://settings")))
        case "tab tap", "tab selected in code":
          // The tab view's selection written back, or the app's code choosing the tab.
          if way == "tab tap" {
            try host.coordinator.reconcile(.selectedTab("settings"))
          } else {
            var state = navigator.state
            state.tabs?.selected = "settings"
            _ = try await navigator.show(state)
          }
        case "Handoff":
          _ = try? await app.open("notes://settings", origin: .handoff(activityType: "com.example.notes.view"))
        case "back":
          try host.coordinator.reconcile(.selectedTab("notes"))
        default:
          break
        }
        try await Task.sleep(for: .milliseconds(30))
        let seen = published.filter(Self.holdsSettings).count
        print("guard-case\tSwiftUI\t\(way)\t\(seen == 0 ? "pass" : "fail")\tstates with Settings \(seen)")
        if seen == 0 { clean += 1 } else { Issue.record("SwiftUI, \(way): \(seen) states with Settings") }
      }
      #expect(clean == Self.ways.count)
    }
  }
}

/// The links of the guard tests' scenes, kept as a scene delegate keeps them.
@MainActor private var guardLinks: [SceneLinks] = []

@MainActor private func keep(_ links: SceneLinks) {
  guardLinks.append(links)
}
