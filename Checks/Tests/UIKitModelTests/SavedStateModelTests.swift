// A scene restoring what an earlier run saved, against the model of UIKit: a link that launched
// the app wins over the restored state in one plan, and what this version cannot show is left
// out. Not a test on iOS.
import AppIntents
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointAppIntents
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

    /// The app with two windows, "a" and then "b", both up; the windows are kept by the caller,
    /// as scene delegates keep them.
    static func twoWindows(_ events: LinkEvents) async throws -> (WaypointApp, [UIWindow]) {
      UIKitModel.reset()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let windows = ["a", "b"].map { connect(app, scene: $0).window }
      #expect(await eventually { app.isReady && app.coordinator(for: "b")?.navigator.state.tabs != nil })
      await settle()
      return (app, windows)
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
      let options = UIScene.ConnectionOptions(
        _modelURLContexts: [UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://note/7"))])
      let (links, window, _) = connect(
        app, scene: "s",
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

    @Test("a launch link whose plan is still running when the wait ends keeps its screen")
    func slowLaunchLink() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      // UIKit is slow: nothing it animates ends until the launch link's wait is over.
      UIKitModel.holdsAnimations = true
      let window = connect(
        app, scene: "s",
        options: UIScene.ConnectionOptions(
          _modelURLContexts: [UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://note/7"))]),
        savedState: try Self.saved()
      ).window
      try await Task.sleep(for: SceneLinks.launchLinkWait + .milliseconds(200))
      UIKitModel.holdsAnimations = false
      UIKitModel.finishAnimations()
      try await events.outcome(note: 7)
      for _ in 0..<5 {
        try await Task.sleep(for: .milliseconds(20))
        await settle()
      }
      let state = try #require(app.coordinator(for: "s")?.navigator.state)
      #expect(state.tabs?.selected == "notes", "the link's tab, not the restored one")
      #expect(state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      withExtendedLifetime(window) {}
    }

    @Test("without a launch link the restored state is shown; a link then opens over it")
    func restoredWithoutLink() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let (links, window, _) = connect(
        app, scene: "s", options: UIScene.ConnectionOptions(), savedState: try Self.saved())
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
      var failures: [String] = []
      let window = connect(
        app, scene: "s",
        options: UIScene.ConnectionOptions(
          _modelURLContexts: [UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://nowhere"))]),
        savedState: try Self.saved()
      ) { link, _ in failures.append(link) }.window
      #expect(await eventually { app.coordinator(for: "s")?.navigator.state.tabs?.selected == "search" })
      await settle()
      #expect(failures == ["notes://nowhere"])
      #expect(app.coordinator(for: "s")?.navigator.state.tabs?["search"]?.stack.count == 2)
      withExtendedLifetime(window) {}
    }

    @Test("A18: links that name no window open where the user last was, and never in a window UIKit let go")
    func activeWindow() async throws {
      let events = LinkEvents()
      let (app, windows) = try await Self.twoWindows(events)
      // sceneDidBecomeActive of the first window, as the example's scene delegate calls it.
      app.activateWindow("a")
      app.receiveNotification(link: "notes://note/7", identifier: "n7")
      try await events.outcome(note: 7)
      await settle()
      #expect(app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 1)
      // sceneDidDisconnect of the first window.
      app.closeWindow("a")
      app.receiveNotification(link: "notes://note/8", identifier: "n8")
      try await events.outcome(note: 8)
      await settle()
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(app.coordinator(for: "a") == nil)
      withExtendedLifetime(windows) {}
    }

    @Test("A22: a notification tap opens in the window its response targets, not the one last active")
    func notificationTargetScene() async throws {
      let events = LinkEvents()
      let (app, windows) = try await Self.twoWindows(events)
      // The user taps a notification the system shows in the first window; the second was active last.
      // What the notification center's delegate does.
      DeliveryMatrixUIKit.delegateReports(app, .notification, in: windows[0].windowScene)
      try await events.outcome(note: 7)
      await settle()
      #expect(app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 1)
      withExtendedLifetime(windows) {}
    }

    @Test("A28: an intent whose link may not be opened this way tells the person so, not the router's message")
    func intentError() async throws {
      UIKitModel.reset()
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"])  // internal
      let app = try WaypointApp(routes: routes, start: MatrixApp.start) { screens in
        screens.registerScreen(ListController.self, target: "List") { _ in ListController() }
        screens.registerScreen(EditorController.self, target: "Editor") { _, link in
          let editor = EditorController()
          editor.noteID = try link.int("id")
          return editor
        }
      }
      // A window open: with none, links wait for one.
      app.addWindow(navigator: HeadlessNavigator(state: app.start))
      app.setReady(true)
      LinkIntents.slot.fill(app.inbox)
      defer { LinkIntents.slot.empty(ifHolding: app.inbox) }
      let error = await #expect(throws: LinkIntentError.self) { _ = try await OpenNoteIntent(id: 7).perform() }
      #expect(error?.reason.code == .notFound)
      #expect(error?.localizedStringResource._modelKey == "This can't be opened from here.")
    }
  }
}
