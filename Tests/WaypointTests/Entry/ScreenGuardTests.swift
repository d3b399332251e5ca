import Foundation
import Testing
import Waypoint

extension QuickStartTests {
  /// Screens behind the gate, not only links: the Quick start's Settings never shows signed out,
  /// whatever the way, counted on every state each window publishes.
  ///
  /// Inside the Quick start's suite, whose tests run one at a time: they set its `isSignedIn`.
  @MainActor
  @Suite("Screens behind the gate: a protected screen is never in a signed-out state")
  struct ScreenGuardTests {
    /// Every state the windows of an app publish, and how many showed Settings.
    @MainActor
    final class Published {
      private(set) var states: [String: [NavigationState]] = [:]

      func follow(_ navigator: HeadlessNavigator, window: String) {
        states[window, default: []].append(navigator.state)
        navigator.statesPublished.listen(self) { [weak self] state, _, _ in
          self?.states[window, default: []].append(state)
        }
      }

      /// The states (the first each window showed, and each published) that hold a protected screen.
      var withSettings: Int {
        states.values.joined().filter { $0.allScreens.contains { $0.target == "Settings" } }.count
      }
    }

    /// The Quick start's app with windows `ids`, each followed by `published`; `saved` is what
    /// the first window restores.
    static func app(
      _ published: Published, windows ids: [String] = ["A"], saved: NavigationState? = nil
    ) throws -> (WaypointApp, [String: HeadlessNavigator]) {
      isSignedIn = false
      let (app, _) = try ScreenActionTests.app(windows: [])
      var navigators: [String: HeadlessNavigator] = [:]
      for id in ids {
        let state = saved.map { app.restoredState(from: $0) } ?? app.start
        let navigator = HeadlessNavigator(state: state)
        app.addWindow(id, navigator: navigator)
        // What a view reads first: the state once the window is open.
        published.follow(navigator, window: id)
        app.windowIsShown(id)
        navigators[id] = navigator
      }
      return (app, navigators)
    }

    static let settingsTab = NavigationState(tabs: notesTabs).tabs

    @Test("the start state: the settings tab shows the login screen in Settings' place, the tab unchanged")
    func startState() throws {
      let published = Published()
      let (_, navigators) = try Self.app(published)
      let tabs = try #require(navigators["A"]?.state.tabs)
      #expect(tabs.tabs.map(\.id) == ["notes", "settings"])
      #expect(tabs["settings"]?.stack.map(\.target) == ["Login"])
      #expect(tabs["notes"]?.stack.map(\.target) == ["Notes"])
      #expect(published.withSettings == 0)
    }

    @Test("the guard matrix: link, tab tap, tab in code, start, restoration, Handoff, back; signed out, 0 states")
    func matrix() async throws {
      var total = 0
      var clean = 0
      let ways: [(String, @MainActor (WaypointApp, HeadlessNavigator) async throws -> Void)] = [
        ("link", { app, _ in _ = try? await app.open("notes://settings", origin: .opened("notes://settings")) }),
        ("tab tap", { app, _ in try app.coordinator(for: "A")?.reconcile(.selectedTab("settings")) }),
        (
          "tab selected in code",
          { _, navigator in
            var state = navigator.state
            state.tabs?.selected = "settings"
            _ = try await navigator.show(state)
          }
        ),
        ("start state", { _, _ in }),
        (
          "Handoff",
          { app, _ in
            _ = try? await app.open(
              "https://notes.example.com/settings", origin: .handoff(activityType: "com.example.notes.view"))
          }
        ),
        ("a screen's own link", { app, _ in _ = await app.open("/settings", fromWindow: "A").finished }),
      ]
      for (way, act) in ways {
        let published = Published()
        let (app, navigators) = try Self.app(published)
        try await act(app, try #require(navigators["A"]))
        try await Task.sleep(for: .milliseconds(20))
        total += 1
        if published.withSettings == 0 { clean += 1 } else { Issue.record("\(way): Settings was in a state") }
      }
      // Restoration and going back: a state saved signed in, Settings a tab's root and pushed
      // under a note, restored signed out.
      var saved = NavigationState(tabs: notesTabs)
      saved.tabs?.selected = "settings"
      saved.tabs?.tabs[0].stack += [
        Screen(id: "Settings#7", target: "Settings", route: "/settings", link: "notes://settings"),
        Screen(id: "Note#8", target: "Note", parameters: ["id": "8"], route: "/note/<int:id>", link: "notes://note/8"),
      ]
      for way in ["restoration", "back"] {
        let published = Published()
        let (app, navigators) = try Self.app(published, saved: saved)
        if way == "back" { try app.coordinator(for: "A")?.reconcile(.selectedTab("notes")) }
        total += 1
        if published.withSettings == 0 { clean += 1 } else { Issue.record("\(way): Settings was in a state") }
        #expect(navigators["A"]?.state.tabs?["notes"]?.stack.map(\.target) == ["Notes"], "cut at the protected screen")
      }
      print("guard-matrix\tcore\t\(clean)/\(total)")
      #expect(clean == total)
      #expect(total == 8)
    }

    @Test("signed in with Settings in two windows, then signed out: the first state each publishes has none")
    func signOut() async throws {
      let published = Published()
      let (app, navigators) = try Self.app(published, windows: ["A", "B"])
      isSignedIn = true
      app.resume()
      for id in ["A", "B"] {
        _ = await app.open("/settings", fromWindow: id).finished
        #expect(
          navigators[id]?.state.tabs?["settings"]?.stack.map(\.target) == ["Settings"], "\(id): back after sign-in")
        #expect(navigators[id]?.state.tabs?.selected == "settings")
      }
      let before = published.states.mapValues(\.count)
      isSignedIn = false
      app.lock()
      for id in ["A", "B"] {
        let after = try #require(published.states[id]?.dropFirst(before[id] ?? 0).first, "\(id) published nothing")
        #expect(!after.allScreens.contains { $0.target == "Settings" }, "\(id)")
        #expect(after.tabs?["settings"]?.stack.map(\.target) == ["Login"], "\(id): the login screen in its place")
        #expect(after.tabs?.selected == "settings", "\(id): the tab unchanged")
      }
    }

    @Test("sign-in puts the tab's own first screen back in the login screen's place")
    func signInPutsTheRootBack() async throws {
      let published = Published()
      let (app, navigators) = try Self.app(published)
      let navigator = try #require(navigators["A"])
      try app.coordinator(for: "A")?.reconcile(.selectedTab("settings"))
      #expect(navigator.state.tabs?["settings"]?.stack.map(\.target) == ["Login"])
      signedIn(app)
      await ScreenActionTests.waitFor { navigator.state.tabs?["settings"]?.stack.first?.target == "Settings" }
      #expect(navigator.state.tabs?["settings"]?.stack.map(\.target) == ["Settings"])
      #expect(navigator.state.tabs?.selected == "settings", "the tab unchanged")
    }
  }
}
