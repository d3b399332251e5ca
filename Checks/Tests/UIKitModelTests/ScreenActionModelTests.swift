// A screen's own navigation against the model: a view controller opens a link in its own window
// and closes itself; Cancel on the gate's sign-in screen drops that window's links only.
import Foundation
import SwiftUI
import Testing
import UIKit
import Waypoint
import WaypointSwiftUI
import WaypointUIKit

/// The session of the screen-action tests' app, on the main actor like an app's.
@MainActor
final class ModelSession {
  static let shared = ModelSession()
  var isSignedIn = false
}

/// The links of the scenes the screen-action tests connected, kept as scene delegates keep them.
@MainActor private var keptLinks: [SceneLinks] = []

/// The sign-in screen of the screen-action tests' app.
final class LoginController: UIViewController {}

extension ModelChecks {
  @MainActor
  @Suite("A view controller's own navigation: openLink and closeScreen")
  struct ScreenActions {
    /// Notes and settings tabs, a note pushed on the notes tab, settings behind sign-in, the
    /// sign-in screen a sheet; windows `ids` connected, and the app ready.
    static func app(windows ids: [String], events: LinkEvents = LinkEvents()) async throws -> (
      WaypointApp, [String: UIWindow]
    ) {
      UIKitModel.reset()
      ModelSession.shared.isSignedIn = false
      var routes = RouterBuilder()
      routes.use(
        SignInGate(showing: "notes://login", protecting: ["Settings"]) { ModelSession.shared.isSignedIn })
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
      routes.add("notes://login", target: "Login", presentation: .sheet)
      routes.observe(events)
      let tabs = [NavigationTab("notes", root: "List"), NavigationTab("settings", root: "List")]
      let app = try WaypointApp(routes: routes, tabs: tabs) { screens in
        ThirdReview.registerNotes(&screens)
        screens.registerScreen(SheetController.self, target: "Settings") { SheetController() }
        screens.registerScreen(LoginController.self, target: "Login") { LoginController() }
      }
      var windows: [String: UIWindow] = [:]
      for id in ids {
        // Kept, as a scene delegate keeps its links.
        let connected = connect(app, scene: id)
        keptLinks.append(connected.links)
        windows[id] = connected.window
      }
      #expect(await eventually { app.isReady })
      await settle()
      return (app, windows)
    }

    /// The controller on top of `window`: the selected tab's top, or what is presented over it.
    static func top(_ window: UIWindow?) -> UIViewController? {
      var top = (window?.rootViewController as? UITabBarController)?.selectedViewController
      if let stack = top as? UINavigationController { top = stack.topViewController }
      while let presented = top?.presentedViewController {
        top = (presented as? UINavigationController)?.topViewController ?? presented
      }
      return top
    }

    /// Lets the model run until `ended` holds, at most two seconds: the navigator checks some of
    /// UIKit's ends on a clock (a dismissal's presenter letting go).
    static func run(until ended: () -> Bool) async {
      for _ in 0..<200 where !ended() {
        await settle()
        try? await Task.sleep(for: .milliseconds(10))
      }
    }

    /// Lets the model run until `opening` ended.
    static func finished(_ opening: LinkOpening) async -> LinkOpening.Outcome? {
      await run { opening.outcome != nil }
      return opening.outcome
    }

    /// Lets the model run until `closing` ended.
    static func finished(_ closing: ScreenClosing) async -> ScreenClosing.Outcome? {
      await run { closing.outcome != nil }
      return closing.outcome
    }

    @Test("a controller in window A opens a link: A shows it, B's state is as it was")
    func opensInItsOwnWindow() async throws {
      let (app, windows) = try await Self.app(windows: ["A", "B"])
      let b = app.windows.state(of: "B")
      // B is the window the user was in last: a link that names no window would go there.
      app.activateWindow("B")
      let list = try #require(Self.top(windows["A"]) as? ListController)
      let opening = list.openLink("notes://note/7")
      #expect(opening.window == "A")
      guard case .shown? = await Self.finished(opening) else {
        Issue.record("not shown: \(String(describing: opening.outcome))")
        return
      }
      let editor = try #require(Self.top(windows["A"]) as? EditorController)
      #expect(editor.noteID == 7)
      #expect(app.windows.state(of: "B") == b)
      #expect(Self.top(windows["B"]) is ListController)
    }

    @Test("a local push is in the state and in UIKit's stack right after the call returns, without await")
    func pushInTheCallersTurn() async throws {
      let (app, windows) = try await Self.app(windows: ["A", "B"])
      let b = app.windows.state(of: "B")
      let list = try #require(Self.top(windows["A"]) as? ListController)
      let stack = try #require(list.navigationController)
      let opening = list.openLink("notes://note/7")
      // Nothing awaited since the call.
      #expect(app.windows.state(of: "A")?.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      #expect(stack.viewControllers.count == 2, "UIKit's stack holds the push; its animation runs on")
      #expect(stack.transitionCoordinator != nil, "the push animates")
      guard case .shown? = opening.outcome else {
        Issue.record("not ended in the call's turn: \(String(describing: opening.outcome))")
        return
      }
      #expect(app.windows.state(of: "B") == b)
      // A second tap while the push animates is not carried out now: it waits for the animation.
      let second = list.openLink("notes://note/8")
      #expect(second.outcome == nil)
      #expect(stack.viewControllers.count == 2)
      guard case .shown? = await Self.finished(second) else {
        Issue.record("the second tap: \(String(describing: second.outcome))")
        return
      }
      // The route claims its tab's stack: the list, then the note it names.
      #expect((stack.topViewController as? EditorController)?.noteID == 8)
      #expect(app.windows.state(of: "A")?.tabs?["notes"]?.stack.last?.parameters["id"] == "8")
      // A link that presents is carried out in its turn, not now.
      let sheet = list.openLink("notes://note/9", presentation: .sheet)
      #expect(sheet.outcome == nil)
      #expect(await Self.finished(sheet) != nil)
      expectNoException()
    }

    @Test("a controller in no window waits for one, then ends as no window")
    func noWindow() async throws {
      _ = try await Self.app(windows: ["A"])
      let loose = ListController()
      let opening = loose.openLink("notes://note/1")
      #expect(opening.outcome == nil, "it waits")
      try await Task.sleep(for: SceneLinks.windowWait + .milliseconds(200))
      guard case .noWindow? = opening.outcome else {
        Issue.record("not ended as no window: \(String(describing: opening.outcome))")
        return
      }
    }

    @Test("closeScreen: a pushed controller pops, a sheet's root dismisses, a tab's root stays")
    func closes() async throws {
      let (app, windows) = try await Self.app(windows: ["A"])
      let list = try #require(Self.top(windows["A"]) as? ListController)
      _ = await Self.finished(list.openLink("notes://note/2"))
      let editor = try #require(Self.top(windows["A"]) as? EditorController)
      #expect(await Self.finished(editor.closeScreen()) == .closed)
      #expect(Self.top(windows["A"]) === list)
      #expect(app.windows.state(of: "A")?.tabs?["notes"]?.stack.map(\.target) == ["List"])
      _ = await Self.finished(list.openLink("notes://note/3", presentation: .sheet))
      let sheet = try #require(Self.top(windows["A"]) as? EditorController)
      let sheetClosing = await Self.finished(sheet.closeScreen())
      #expect(sheetClosing == .closed, "\(String(describing: sheetClosing))")
      #expect(app.windows.state(of: "A")?.presented == nil)
      #expect(list.presentedViewController == nil)
      let before = app.windows.state(of: "A")
      #expect(list.closeScreen().outcome == .atRoot)
      #expect(app.windows.state(of: "A") == before)
      #expect(ListController().closeScreen().outcome == .notShown, "a controller in no window closes nothing")
      expectNoException()
    }

    @Test("R4 of the independent read: a controller under a pushed screen closes itself, its view out of the window")
    func closesUnderAPush() async throws {
      let (app, windows) = try await Self.app(windows: ["A"])
      let list = try #require(Self.top(windows["A"]) as? ListController)
      _ = await Self.finished(list.openLink("notes://note/2"))
      let editor = try #require(Self.top(windows["A"]) as? EditorController)
      let modules = try #require(app.coordinator(for: "A"))
      _ = try await modules.show(SheetController.self, .push)
      await Self.run { Self.top(windows["A"]) is SheetController }
      #expect(editor.viewIfLoaded?.window == nil, "under the push, its view is out of the window")
      #expect(await Self.finished(editor.closeScreen()) == .closed)
      #expect(app.windows.state(of: "A")?.tabs?["notes"]?.stack.map(\.target) == ["List"])
      expectNoException()
    }

    @Test("R1 of the independent read: sign-out takes a protected screen away under the app's own presentation")
    func lockOverAppPresentation() async throws {
      let (app, windows) = try await Self.app(windows: ["A"])
      ModelSession.shared.isSignedIn = true
      let list = try #require(Self.top(windows["A"]) as? ListController)
      _ = await Self.finished(list.openLink("notes://settings"))
      #expect(app.windows.state(of: "A")?.allScreens.contains { $0.target == "Settings" } == true)
      // The app's own account sheet, with its Sign out button, over the tab bar.
      let account = AlertController()
      windows["A"]?.rootViewController?.present(account, animated: true)
      await settle()
      ModelSession.shared.isSignedIn = false
      app.lock()
      await Self.run { app.windows.state(of: "A")?.allScreens.contains { $0.target == "Settings" } == false }
      #expect(app.windows.state(of: "A")?.allScreens.contains { $0.target == "Settings" } == false)
      #expect(account.presentingViewController == nil, "the app's sheet went with the protected screen")
      expectNoException()
    }

    @Test("Cancel on A's sign-in screen drops A's link only; sign-in opens B's, closes its sheet, never A's")
    func cancelSignIn() async throws {
      let events = LinkEvents()
      let (app, windows) = try await Self.app(windows: ["A", "B"], events: events)
      for id in ["A", "B"] {
        let list = try #require(Self.top(windows[id]) as? ListController)
        guard case .parked? = await Self.finished(list.openLink("notes://settings")) else {
          Issue.record("\(id)'s link was not parked")
          return
        }
      }
      let login = try #require(Self.top(windows["A"]) as? LoginController)
      #expect(await Self.finished(login.closeScreen()) == .closed)
      #expect(await eventually { events.all.contains { $0.phase == .dropped } })
      let dropped = events.all.filter { $0.phase == .dropped }
      #expect(dropped.count == 1)
      #expect(dropped.first?.reason?.contains("the user cancelled sign-in") == true)
      ModelSession.shared.isSignedIn = true
      app.resume()
      await Self.run {
        app.windows.state(of: "B")?.tabs?.selected == "settings" && Self.top(windows["B"]) is SheetController
      }
      #expect(app.windows.state(of: "B")?.tabs?.selected == "settings", "B's link opened")
      #expect(app.windows.state(of: "B")?.presented == nil, "B's sign-in sheet closed")
      #expect(app.windows.state(of: "A")?.tabs?.selected == "notes", "A's link never opened")
      #expect(Self.top(windows["B"]) is SheetController)
      expectNoException()
    }
  }
}

extension ModelChecks {
  @MainActor
  @Suite("A SwiftUI screen's own navigation: @Environment(\\.openLink) and \\.closeScreen")
  struct ScreenActionsSwiftUI {
    struct ListView: View { var body: some View { Text("List") } }
    struct NoteView: View {
      let id: Int
      var body: some View { Text("Note \(id)") }
    }

    static func app() throws -> WaypointApp {
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Note", tab: "notes", under: ["List"], exposure: .public)
      let tabs = [NavigationTab("notes", root: "List"), NavigationTab("settings", root: "List")]
      return try WaypointApp.swiftUI(routes: routes, tabs: tabs) { views in
        views.registerScreen(ListView.self, target: "List") { ListView() }
        views.registerScreen(NoteView.self, target: "Note") { _, link in NoteView(id: try link.int("id")) }
      }
    }

    @Test("the openLink of window A's host opens there; B's state is as it was, B last active")
    func opensInItsOwnWindow() async throws {
      UIKitModel.reset()
      let app = try Self.app()
      let (a, b) = (WaypointHost(app: app), WaypointHost(app: app))
      a.appeared()
      b.appeared()
      b.becameActive()
      let before = b.coordinator.navigator.state
      let opening = a.openLinkAction("notes://note/7")
      #expect(opening.window == a.windowID)
      guard case .shown = await opening.finished else {
        Issue.record("not shown: \(String(describing: opening.outcome))")
        return
      }
      #expect(a.coordinator.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
      #expect(b.coordinator.navigator.state == before)
    }

    @Test("a local push through the host's openLink is in the state right after the call returns, without await")
    func pushInTheCallersTurn() throws {
      UIKitModel.reset()
      let app = try Self.app()
      let (a, b) = (WaypointHost(app: app), WaypointHost(app: app))
      a.appeared()
      b.appeared()
      let before = b.coordinator.navigator.state
      let opening = a.openLinkAction("notes://note/7")
      #expect(a.coordinator.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
      #expect(b.coordinator.navigator.state == before)
      guard case .shown? = opening.outcome else {
        Issue.record("not ended in the call's turn: \(String(describing: opening.outcome))")
        return
      }
    }

    @Test("the closeScreen of a screen's view closes that screen: a pushed one pops, a tab's root stays")
    func closes() async throws {
      UIKitModel.reset()
      let app = try Self.app()
      let host = WaypointHost(app: app)
      host.appeared()
      _ = await host.openLinkAction("notes://note/3").finished
      let stack = try #require(host.coordinator.navigator.state.tabs?["notes"]?.stack)
      let note = try #require(stack.last)
      #expect(host.closeScreenAction(note).screen == note.id)
      #expect(await host.closeScreenAction(note)().finished == .closed)
      #expect(host.coordinator.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List"])
      #expect(host.closeScreenAction(stack[0])().outcome == .atRoot)
    }

    @Test("outside any host, openLink ends as no window and closeScreen closes nothing")
    func outside() {
      #expect(EnvironmentValues().openLink.window == nil)
      let opening = EnvironmentValues().openLink("notes://note/1")
      guard case .noWindow? = opening.outcome else {
        Issue.record("outside a host: \(String(describing: opening.outcome))")
        return
      }
      #expect(EnvironmentValues().closeScreen().outcome == .notShown)
    }
  }
}
