// The findings of the third adapter review (shared/reviews/adapters-third.md), each a test named
// after it that failed before its fix, against the model of UIKit made as strict as UIKit where
// the review found it kinder (B18: More, collapsed columns on the primary stack, presentation
// contexts, scenes in the background). Not a test on iOS.
import CoreSpotlight
import Foundation
import SwiftUI
import Testing
import UIKit
import Waypoint
import WaypointSwiftUI
import WaypointUIKit

/// A note the app deleted: its screen can no longer be made.
struct NoteGone: Error {}

extension ModelChecks {
  @MainActor
  @Suite("Third adapter review")
  struct ThirdReview {
    /// A window of the model with `root` as its root view controller, kept by the caller.
    static func window(_ root: UIViewController, scene: String) -> UIWindow {
      let window = UIWindow(windowScene: modelScene(scene))
      window.rootViewController = root
      return window
    }

    // MARK: - B18: the model as strict as UIKit

    @Test("B18: iPhone lists the tabs from the fifth of six under More, and UIKit raises for a split view shown there")
    func moreInTheModel() {
      UIKitModel.reset()
      let bar = UITabBarController(nibName: nil, bundle: nil)
      let window = Self.window(bar, scene: "more")
      let stacks: [UIViewController] = (0..<5).map { _ in UINavigationController(rootViewController: ListController()) }
      let tabs = stacks + [UISplitViewController(style: .doubleColumn)]
      bar.setViewControllers(tabs, animated: false)
      #expect(!bar._modelIsUnderMore(tabs[3]))
      #expect(bar._modelIsUnderMore(tabs[4]) && bar._modelIsUnderMore(tabs[5]))
      let raised = UIKitModel.provoking { bar.selectedViewController = tabs[5] }
      #expect(raised.contains { $0.contains("Split View Controllers cannot be pushed") })
      #expect(bar.selectedViewController === tabs[0], "UIKit did not show the split view")
      bar.selectedViewController = tabs[4]
      #expect(bar.moreNavigationController.viewIfLoaded?.window === window, "a stack under More is shown in More")
      withExtendedLifetime(window) {}
    }

    @Test(
      "B18: collapsed, a split view puts the column on top on the primary stack; Back pops it; expanding gives it back")
    func nestingInTheModel() async {
      UIKitModel.reset()
      let split = UISplitViewController(style: .doubleColumn)
      let primary = UINavigationController(rootViewController: ListController())
      let secondary = UINavigationController(rootViewController: EditorController())
      split.setViewController(primary, for: .primary)
      split.setViewController(secondary, for: .secondary)
      let window = Self.window(split, scene: "split")
      split._modelSetCollapsed(true)
      #expect(primary.viewControllers.last === secondary)
      #expect(split._modelShownColumn == .secondary)
      split._modelUserGoesBackToPrimary()
      await settle()
      #expect(primary.viewControllers.count == 1)
      #expect(split._modelShownColumn == .primary)
      split.show(.secondary)
      #expect(primary.viewControllers.last === secondary)
      split._modelSetCollapsed(false)
      #expect(primary.viewControllers.count == 1, "expanded, the column is back in its place")
      #expect(split._modelIsShowing(.secondary))
      #expect(secondary.viewIfLoaded?.window === window)
      expectNoException()
    }

    @Test(
      "B18: a screen's presentation is made by the root of its hierarchy, a context one by the controller that defines it"
    )
    func presentationContexts() async {
      UIKitModel.reset()
      let screen = ListController()
      let root = UINavigationController(nibName: nil, bundle: nil)
      let window = Self.window(root, scene: "context")
      root.setViewControllers([screen], animated: false)
      await settle()
      screen.present(AlertController(), animated: true)
      await settle()
      #expect(root.presentedViewController is AlertController, "the window's root presents it")
      #expect(screen.presentedViewController is AlertController, "a screen sees what its ancestor presents")
      screen.dismiss(animated: false)
      await settle()
      #expect(root.presentedViewController == nil)
      let search = UISearchController(searchResultsController: nil)
      screen.navigationItem.searchController = search
      search._modelUserBeginsSearch()
      await settle()
      #expect(search.presentingViewController === root, "no controller defines the context: the root presents it")
      search.isActive = false
      await settle()
      screen.definesPresentationContext = true
      search._modelUserBeginsSearch()
      await settle()
      #expect(search.presentingViewController === screen, "\(UIKitModel.console)")
      withExtendedLifetime(window) {}
      expectNoException()
    }

    // MARK: - The findings

    @Test("B1: a tab bar of more tabs than iPhone shows is refused, naming the limit, before UIKit raises under More")
    func moreTabsRefused() async throws {
      let app = try makeApp()
      var tabs = (1...5).map { NavigationTab(id: "t\($0)", stack: [Screen(id: "List#\($0)", target: "List")]) }
      var last = NavigationTab(id: "t6", stack: [Screen(id: "List#6", target: "List")])
      last.split = SplitColumns()
      tabs.append(last)
      let error = await #expect(throws: NavigationError.self) {
        try await app.navigator.show(NavigationState(tabs: TabContainer(tabs, selected: "t6")))
      }
      #expect(error?.code == .unsupportedPresentation)
      #expect(error?.message.contains("five") == true, "\(error?.message ?? "")")
      expectNoException()
    }

    /// The notes app of B2: three tabs of lists, a note's editor that cannot be made for note 3.
    static func notesApp(_ events: LinkEvents) throws -> WaypointApp {
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      routes.observe(events)
      let tabs = ["notes", "search", "settings"].map { NavigationTab($0, root: "List") }
      return try WaypointApp(routes: routes, tabs: tabs) { screens in
        Self.registerNotes(&screens, gone: 3)
      }
    }

    /// The list, and a note's editor made from its link; note `gone` cannot be made.
    static func registerNotes(_ screens: inout ModuleRegistryBuilder, gone: Int? = nil) {
      screens.registerScreen(ListController.self, target: "List") { ListController() }
      screens.registerScreen(EditorController.self, target: "Editor") { _, link in
        let editor = EditorController()
        editor.noteID = try link.int("id")
        if editor.noteID == gone { throw NoteGone() }
        return editor
      }
    }

    @Test("B2: a saved screen that can no longer be made is left out with what is over it; the window is never blank")
    func unbuildableSavedScreen() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try Self.notesApp(events)
      let list = { (tab: String) in Screen(id: "List#\(tab)", target: "List") }
      let saved = NavigationState(
        tabs: TabContainer(
          [
            NavigationTab(
              id: "notes",
              stack: [
                list("notes"),
                Screen(id: "Editor#3", target: "Editor", parameters: ["id": "3"], link: "notes://note/3"),
                Screen(id: "Editor#4", target: "Editor", parameters: ["id": "4"], link: "notes://note/4"),
              ]),
            NavigationTab(id: "search", stack: [list("search")]),
            NavigationTab(id: "settings", stack: [list("settings")]),
          ], selected: "search"))
      var failures: [String] = []
      let (_, window, _) = connect(app, scene: "s", savedState: try JSONEncoder().encode(saved)) { link, error in
        failures.append("\(link): \(error)")
      }
      #expect(await eventually { app.isReady })
      await settle()
      let bar = try #require(window.rootViewController as? UITabBarController)
      let counts = (bar.viewControllers ?? []).map { ($0 as? UINavigationController)?.viewControllers.count ?? 0 }
      #expect(counts == [1, 1, 1], "each tab shows its list")
      let state = try #require(app.coordinator(for: "s")?.navigator.state)
      #expect(state.tabs?["notes"]?.stack.map(\.id) == ["List#notes"])
      #expect(state.tabs?.selected == "search")
      #expect(failures.isEmpty, "\(failures)")
      let leftOut = events.all.filter { $0.origin.kind == Origin.restoredState.kind }.compactMap(\.reason)
      #expect(leftOut.contains { $0.contains("'Editor#3'") && $0.contains("NoteGone") }, "\(leftOut)")
      #expect(leftOut.contains { $0.contains("'Editor#4'") }, "\(leftOut)")
      expectNoException()
    }

    @Test("B2: a first plan whose screen cannot be made changes nothing on screen")
    func unbuildablePlan() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      await settle()
      let shown = app.root.viewControllers
      let error = await #expect(throws: NavigationError.self) {
        try await app.navigator.show(
          NavigationState(stack: [
            Screen(id: "List#2", target: "List"), Screen(id: "Ghost#1", target: "Ghost"),
          ]))
      }
      #expect(error?.code == .unshowableDestination)
      #expect(
        app.root.viewControllers.count == shown.count && zip(app.root.viewControllers, shown).allSatisfy { $0 === $1 })
      expectNoException()
    }

    @Test("B6: an active search blocks no push and no link: the navigator ends the search first")
    func searching() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let controller = try #require(list.destination(as: ListController.self))
      let search = UISearchController(searchResultsController: nil)
      controller.navigationItem.searchController = search
      search._modelUserBeginsSearch()
      await settle()
      #expect(search.isActive)
      let editor = try await app.modules.show(EditorController.self, .push)
      await settle()
      #expect(editor.state == .shown)
      #expect(!search.isActive, "the search left over the window is ended")
      #expect(app.root.viewControllers.last === editor.destination(as: EditorController.self))
      // The app's own modal still blocks, as before.
      app.root.present(AlertController(), animated: true)
      await settle()
      await #expect(throws: NavigationError.self) { try await app.modules.show(EditorController.self, .push) }
      expectNoException()
    }

    @Test("B7: the app's own activity that opens a new window opens as the app's link, internal routes included")
    func inAppActivity() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>/edit", target: "Editor", tab: "notes", under: ["List"])
      routes.observe(events)
      let app = try WaypointApp(routes: routes, tabs: [NavigationTab("notes", root: "List")]) { screens in
        Self.registerNotes(&screens)
      }
      let activity = NSUserActivity(activityType: "com.example.notes.window")
      activity.userInfo = ["link": "notes://note/3/edit"]
      let (links, window, _) = connect(app, scene: "new", options: UIScene.ConnectionOptions(activities: [activity]))
      links.inAppActivityTypes = ["com.example.notes.window"]
      #expect(await eventually { events.all.contains { $0.phase.isOutcome } })
      await settle()
      let opened = events.all.filter { $0.phase == .did }
      #expect(opened.count == 1, "\(events.all.map { "\($0.phase) \($0.reason ?? $0.error?.message ?? "")" })")
      #expect(opened.first?.origin.isExternal == false)
      #expect(app.coordinator(for: "new")?.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      withExtendedLifetime(window) {}
      expectNoException()
    }

    /// A tab whose split view has a folder and a note: the list and a folder in the primary
    /// column, note 7 in the secondary.
    static func splitState(primary: [Screen]) -> NavigationState {
      var tab = NavigationTab(id: "notes", stack: primary)
      tab.split = SplitColumns(secondary: [
        Screen(id: "Editor#7", target: "Editor", parameters: ["id": "7"], link: "app://note/7")
      ])
      return NavigationState(tabs: TabContainer([tab]))
    }

    @Test("B8: a plan that sets only the primary stack of a collapsed split view keeps the note on screen")
    func collapsedPrimaryStack() async throws {
      let app = try makeApp()
      let list = Screen(id: "List#1", target: "List")
      try await app.navigator.show(Self.splitState(primary: [list, Screen(id: "List#2", target: "List")]))
      let split = try #require(app.navigator.splitViewController(in: "notes"))
      split._modelSetCollapsed(true)
      await settle()
      #expect(split._modelShownColumn == .secondary)
      try await app.navigator.show(Self.splitState(primary: [list]))
      await settle()
      #expect(split._modelShownColumn == .secondary, "the note the state shows is on screen")
      #expect(app.navigator.state.tabs?["notes"]?.split?.secondary.map(\.id) == ["Editor#7"])
      expectNoException()
    }

    @Test("B9: a collapsed split view expanding and collapsing again (a rotation) keeps its note")
    func rotation() async throws {
      let app = try makeApp()
      try await app.navigator.show(Self.splitState(primary: [Screen(id: "List#1", target: "List")]))
      let split = try #require(app.navigator.splitViewController(in: "notes"))
      split._modelSetCollapsed(true)
      await settle()
      split._modelSetCollapsed(false)
      await settle()
      split._modelSetCollapsed(true)
      await settle()
      #expect(app.navigator.state.tabs?["notes"]?.split?.secondary.map(\.id) == ["Editor#7"])
      #expect(split._modelShownColumn == .secondary)
      // The user going back is still taken in.
      split._modelUserGoesBackToPrimary()
      #expect(await eventually { app.navigator.state.tabs?["notes"]?.split?.secondary.isEmpty == true })
      expectNoException()
    }

    @Test("B11: a Handoff launch holds the first state back until its activity comes, then opens on it in one plan")
    func handoffLaunch() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let options = UIScene.ConnectionOptions(handoffType: "com.example.notes.viewing")
      let (links, window, _) = connect(app, scene: "h", options: options)
      let activity = NSUserActivity(activityType: "com.example.notes.viewing")
      activity.userInfo = ["link": "notes://note/7"]
      // UIKit hands the activity over a moment later, through scene(_:continue:).
      Task { @MainActor in
        try await Task.sleep(for: .milliseconds(100))
        links.continue(activity)
      }
      let seen = await SavedStates.states(of: app, window: "h") { !events.outcomes(note: 7).isEmpty }
      await settle()
      let shown = seen.filter { !$0.allScreens.isEmpty }
      #expect(shown.count == 1, "the window showed \(shown.map(\.tree)) on its way")
      #expect(app.coordinator(for: "h")?.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      withExtendedLifetime(window) {}
      expectNoException()
    }

    @Test("B13: the user going back from the detail of the app's own collapsed split view is taken in")
    func appSplitDetail() async throws {
      UIKitModel.reset()
      let root = WaypointNavigationController(nibName: nil, bundle: nil)
      let navigator = UIKitNavigator(navigationController: root)
      let split = UISplitViewController(style: .doubleColumn)
      split.setViewController(root, for: .primary)
      let window = Self.window(split, scene: "app-split")
      navigator.splitViewController = split
      let modules = ScreenCoordinator(registry: try makeRegistry(), navigator: navigator)
      _ = try await modules.show(ListController.self, .replaceRoot)
      split._modelSetCollapsed(true)
      let detail = try await modules.show(EditorController.self, .showDetail)
      await settle()
      #expect(split._modelShownColumn == .secondary)
      split._modelUserGoesBackToPrimary()
      #expect(await eventually { navigator.state.detail == nil })
      #expect(await eventually { detail.state == .removed })
      withExtendedLifetime(window) {}
      expectNoException()
    }

    @Test("B13: a child screen the app takes away itself is taken in before the next change")
    func childRemovedByApp() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let child = try await app.modules.show(EditorController.self, .addChild, from: list.screen.id)
      let controller = try #require(child.destination(as: EditorController.self))
      controller.willMove(toParent: nil)
      controller.view.removeFromSuperview()
      controller.removeFromParent()
      _ = try await app.modules.show(EditorController.self, .push)
      #expect(!app.navigator.state.allScreens.contains { $0.id == child.screen.id })
      #expect(child.state == .removed)
      expectNoException()
    }

    @Test("B14: the selected tab tapped again in the floating tab bar pops to its root as a re-tap")
    func floatingTabBarRetap() async throws {
      let app = try makeApp()
      let views = ScreenViews()
      var causes: [String] = []
      views.observe(CauseHeard { causes.append($0.description) })
      views.watch(app.navigator)
      try await app.navigator.show(
        NavigationState(
          tabs: TabContainer([
            NavigationTab(id: "notes", stack: [Screen(id: "List#1", target: "List")]),
            NavigationTab(id: "search", stack: [Screen(id: "List#2", target: "List")]),
          ])))
      _ = try await app.modules.show(EditorController.self, .push)
      await settle()
      let bar = try #require(app.window.rootViewController as? UITabBarController)
      causes = []
      bar._modelUserTapsFloatingTab(0)
      await settle()
      #expect(await eventually { app.navigator.state.tabs?["notes"]?.stack.count == 1 })
      #expect(causes.contains("user reselectTab"), "\(causes)")
      #expect(!causes.contains("user back"), "\(causes)")
      expectNoException()
    }

    @Test("B15: the window the user taps into, which becomes key, takes the links that name no window")
    func keyWindow() async throws {
      let (app, a, b) = try await DayOne.twoWindows()
      a.scene._modelActivate()
      b.window._modelUserMakesKey()
      _ = try await app.open("notes://note/2", origin: .appIntent("Open"))
      await settle()
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 1)
      expectNoException()
    }

    @Test("B16: a scene in the background hides its screens, and shows them again when it comes back")
    func background() async throws {
      let (app, a, _) = try await DayOne.twoWindows()
      var heard: [(String, String, String)] = []
      app.screenViews.observe(
        EventHeard { heard.append(($0.phase.rawValue, $0.window, $0.cause.description)) })
      a.scene._modelEnterBackground()
      #expect(heard.contains { $0 == ("hidden", "a", "background") }, "\(heard)")
      #expect(!heard.contains { $0.1 == "b" }, "the other window stays in the foreground")
      heard = []
      a.scene._modelEnterForeground()
      #expect(heard.contains { $0 == ("shown", "a", "foreground") }, "\(heard)")
      expectNoException()
    }

    /// An app whose settings sit behind a sign-in gate that is closed, and whose notes take
    /// signed links.
    static func gatedApp(_ events: LinkEvents) throws -> WaypointApp {
      var routes = RouterBuilder()
      routes.use(SignInGate(showing: "notes://login", protecting: ["Settings"]) { false })
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
      routes.add("notes://login", target: "Login", presentation: .sheet)
      routes.observe(events)
      let tabs = [NavigationTab("notes", root: "List"), NavigationTab("settings", root: "List")]
      return try WaypointApp(routes: routes, tabs: tabs) { screens in
        Self.registerNotes(&screens)
        screens.registerScreen(SheetController.self, target: "Settings") { SheetController() }
        screens.registerScreen(AlertController.self, target: "Login") { AlertController() }
      }
    }

    @Test("B17: the state a window saves keeps no signed link's secret, and a gated screen is not restored signed out")
    func savedStateSecrets() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let app = try Self.gatedApp(events)
      let (_, window, _) = connect(app, scene: "a")
      #expect(await eventually { app.isReady })
      _ = try await app.open("notes://note/3?sig=SECRET-SIGNATURE", window: "a")
      await settle()
      let saved = try JSONEncoder().encode(try #require(app.windows.state(of: "a")))
      #expect(!String(decoding: saved, as: UTF8.self).contains("SECRET-SIGNATURE"))
      // A state saved while signed in, restored signed out: the settings screen stays behind the gate.
      let signedIn = NavigationState(
        tabs: TabContainer(
          [
            NavigationTab(id: "notes", stack: [Screen(id: "List#notes", target: "List")]),
            NavigationTab(
              id: "settings",
              stack: [
                Screen(id: "List#settings", target: "List"),
                Screen(id: "Settings#1", target: "Settings", route: "notes://settings", link: "notes://settings"),
              ]),
          ], selected: "settings"))
      let (_, second, _) = connect(app, scene: "b", savedState: try JSONEncoder().encode(signedIn))
      #expect(await eventually { app.coordinator(for: "b")?.navigator.state.tabs?.selected == "settings" })
      await settle()
      let state = try #require(app.coordinator(for: "b")?.navigator.state)
      #expect(state.tabs?["settings"]?.stack.map(\.id) == ["List#settings"])
      let leftOut = events.all.filter { $0.origin.kind == Origin.restoredState.kind }.compactMap(\.reason)
      #expect(leftOut.contains { $0.contains("'Settings#1'") && $0.contains("sign-in") }, "\(leftOut)")
      withExtendedLifetime((window, second)) {}
      expectNoException()
    }
  }
}

extension ModelChecks {
  /// The SwiftUI host's side of the third adapter review's findings.
  @MainActor
  @Suite("Third adapter review: the SwiftUI host")
  struct ThirdReviewHost {
    struct ListView: View { var body: some View { Text("Notes") } }
    struct NoteView: View {
      let id: Int
      var body: some View { Text("Note \(id)") }
    }

    /// A SwiftUI app whose first state has a note that cannot be made (note 3) over its list.
    static func app(_ events: LinkEvents) throws -> WaypointApp {
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Note", tab: "notes", under: ["List"], exposure: .public)
      routes.observe(events)
      let start = NavigationState(
        tabs: TabContainer([
          NavigationTab(
            id: "notes",
            stack: [
              Screen(id: "List#1", target: "List"),
              Screen(id: "Note#3", target: "Note", parameters: ["id": "3"], link: "notes://note/3"),
            ]),
          NavigationTab(id: "search", stack: [Screen(id: "List#2", target: "List")]),
        ]))
      return try WaypointApp.swiftUI(routes: routes, start: start) { views in
        views.registerScreen(ListView.self, target: "List") { ListView() }
        views.registerScreen(NoteView.self, target: "Note") { _, link in
          let id = try link.int("id")
          if id == 3 { throw NoteGone() }
          return NoteView(id: id)
        }
      }
    }

    @Test("B2: the host's first state leaves out a screen that cannot be made, with what is over it, and says so")
    func unbuildableFirstState() throws {
      let events = LinkEvents()
      let app = try Self.app(events)
      let host = WaypointHost(app: app)
      host.appeared()
      let state = host.coordinator.navigator.state
      #expect(state.tabs?["notes"]?.stack.map(\.id) == ["List#1"], "the list, not a blank note")
      #expect(state.tabs?["search"]?.stack.map(\.id) == ["List#2"])
      let leftOut = events.all.filter { $0.origin.kind == Origin.restoredState.kind }.compactMap(\.reason)
      #expect(leftOut.contains { $0.contains("'Note#3'") && $0.contains("NoteGone") }, "\(leftOut)")
    }

    @Test("B16: the host's window in the background hides its screens, and shows them again when active")
    func background() throws {
      let app = try Self.app(LinkEvents())
      let host = WaypointHost(app: app)
      host.appeared()
      var heard: [(String, String)] = []
      app.screenViews.observe(EventHeard { heard.append(($0.phase.rawValue, $0.cause.description)) })
      host.scenePhaseChanged(.background)
      #expect(heard.contains { $0 == ("hidden", "background") }, "\(heard)")
      heard = []
      host.scenePhaseChanged(.active)
      #expect(heard.contains { $0 == ("shown", "foreground") }, "\(heard)")
    }
  }
}

/// Hears the cause of every screen event.
struct CauseHeard: ScreenObserver {
  let heard: @MainActor (ScreenEvent.Cause) -> Void
  func shown(_ event: ScreenEvent) { heard(event.cause) }
  func hidden(_ event: ScreenEvent) { heard(event.cause) }
}

/// Hears every screen event.
struct EventHeard: ScreenObserver {
  let heard: @MainActor (ScreenEvent) -> Void
  func shown(_ event: ScreenEvent) { heard(event) }
  func hidden(_ event: ScreenEvent) { heard(event) }
}
