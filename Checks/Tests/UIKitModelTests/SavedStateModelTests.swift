// A scene restoring what an earlier run saved, against the model of UIKit: a link that launched
// the app wins over the restored state in one plan, and what this version cannot show is left
// out. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("Saved states")
  struct SavedStates {
    /// The state an earlier run saved: the search tab selected, a note open there, and a photo
    /// screen this version no longer has over it.
    static func saved() throws -> Data {
      let state = NavigationState(
        tabs: TabContainer(
          [
            NavigationTab(id: "notes", stack: [Screen(id: "List#notes", target: "List")]),
            NavigationTab(
              id: "search",
              stack: [
                Screen(id: "List#search", target: "List"),
                Screen(id: "Editor#3", target: "Editor", parameters: ["id": "3"], link: "notes://note/3"),
                Screen(id: "Photo#4", target: "Photo"),
              ]),
            NavigationTab(id: "archive", stack: [Screen(id: "List#archive", target: "List")]),
          ], selected: "search"))
      return try JSONEncoder().encode(state)
    }

    /// Runs until `done`, keeping each state the navigator published, in order.
    static func states(of app: WaypointApp, window: String, until done: () -> Bool) async -> [NavigationState] {
      var seen: [NavigationState] = []
      let clock = ContinuousClock()
      let started = clock.now
      while !done(), clock.now - started < .seconds(5) {
        if let state = app.coordinator(for: window)?.navigator.state, state != seen.last { seen.append(state) }
        await Task.yield()
      }
      if let state = app.coordinator(for: window)?.navigator.state, state != seen.last { seen.append(state) }
      return seen
    }

    @Test("a link that launched the app opens over the restored state in one plan: no restored screen shows first")
    func launchLinkWins() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let made = MadeNotes()
      let app = try MatrixApp.make(events: events, made: made)
      let window = UIWindow(windowScene: UIWindowScene())
      let options = UIScene.ConnectionOptions(
        _modelURLContexts: [UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://note/7"))])
      let links = SceneLinks(
        app: app, window: window, session: UISceneSession(_modelIdentifier: "s"),
        options: options, savedState: try Self.saved())
      _ = links
      let seen = await Self.states(of: app, window: "s") { !events.outcomes(note: 7).isEmpty }
      await settle()
      let shown = seen.filter { !$0.allScreens.isEmpty }
      #expect(shown.count == 1, "the window showed \(shown.map(\.tree)) on its way")
      let state = try #require(app.coordinator(for: "s")?.navigator.state)
      #expect(state.tabs?.selected == "notes")
      #expect(state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      #expect(state.tabs?["search"]?.stack.map(\.id) == ["List#search", "Editor#3"], "the restored tab keeps its note")
      #expect(state.tabs?.tabs.map(\.id) == ["notes", "search"], "the archive tab is gone in this version")
      #expect(made.ids.sorted() == [3, 7], "each note's screen made once")
      let leftOut = events.all.filter { $0.origin.kind == Origin.restoredState.kind }.map { $0.reason ?? "" }
      #expect(leftOut.contains { $0.contains("'Photo#4'") })
      #expect(leftOut.contains { $0.contains("the tab 'archive' is gone") })
      withExtendedLifetime(window) {}  // as the scene delegate keeps it: the navigator holds it weakly
    }

    @Test("without a launch link the restored state is shown; a link then opens over it")
    func restoredWithoutLink() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let window = UIWindow(windowScene: UIWindowScene())
      let links = SceneLinks(
        app: app, window: window, session: UISceneSession(_modelIdentifier: "s"),
        options: UIScene.ConnectionOptions(), savedState: try Self.saved())
      #expect(await eventually { app.coordinator(for: "s")?.navigator.state.tabs?.selected == "search" })
      await settle()
      #expect(app.coordinator(for: "s")?.navigator.state.tabs?["search"]?.stack.count == 2)
      links.open([UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://note/7"))])
      try await events.outcome(note: 7)
      await settle()
      #expect(app.coordinator(for: "s")?.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      withExtendedLifetime(window) {}
    }

    @Test("a launch link that fails leaves the window on its restored state")
    func failedLaunchLink() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let window = UIWindow(windowScene: UIWindowScene())
      var failures: [String] = []
      _ = SceneLinks(
        app: app, window: window, session: UISceneSession(_modelIdentifier: "s"),
        options: UIScene.ConnectionOptions(
          _modelURLContexts: [UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://nowhere"))]),
        savedState: try Self.saved()
      ) { link, _ in failures.append(link) }
      #expect(await eventually { app.coordinator(for: "s")?.navigator.state.tabs?.selected == "search" })
      await settle()
      #expect(failures == ["notes://nowhere"])
      #expect(app.coordinator(for: "s")?.navigator.state.tabs?["search"]?.stack.count == 2)
      withExtendedLifetime(window) {}
    }
  }
}
