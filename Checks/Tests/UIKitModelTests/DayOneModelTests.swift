// What a new app meets on day one, against the model of UIKit: tab bar items from the tabs'
// items and the app's badges, windows that follow their scenes (B3 of the third adapter review),
// SwiftUI windows each with their own state (B4), and notification taps through the one way.
import Foundation
import SwiftUI
import Testing
import UIKit
import UserNotifications
import Waypoint
import WaypointSwiftUI
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("Day one: tabs, windows and notification taps")
  struct DayOne {
    static let tabs = [
      NavigationTab("notes", root: "List", title: "Notes", systemImage: "note.text", badge: "2"),
      NavigationTab("settings", root: "Settings", title: "Settings", image: "cog"),
    ]

    /// An app of two tabs whose list and settings are view controllers and whose note reads its link.
    static func app() throws -> WaypointApp {
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      return try WaypointApp(routes: routes, tabs: tabs) { screens in
        screens.registerScreen(ListController.self, target: "List") { ListController() }
        screens.registerScreen(SheetController.self, target: "Settings") { SheetController() }
        screens.registerScreen(EditorController.self, target: "Editor") { _, link in
          let editor = EditorController()
          editor.noteID = try link.int("id")
          return editor
        }
      }
    }

    /// The app with two scenes connected, "a" then "b", each with its window's tabs shown.
    static func twoWindows() async throws -> (
      app: WaypointApp, a: (links: SceneLinks, window: UIWindow, scene: UIWindowScene),
      b: (links: SceneLinks, window: UIWindow, scene: UIWindowScene)
    ) {
      UIKitModel.reset()
      let app = try Self.app()
      let a = connect(app, scene: "a")
      let b = connect(app, scene: "b")
      #expect(await eventually { app.isReady && Self.items(b.window).count == 2 })
      await settle()
      return (app, a, b)
    }

    /// The tab bar items of `window`'s tab bar, in order.
    static func items(_ window: UIWindow) -> [UITabBarItem] {
      ((window.rootViewController as? UITabBarController)?.viewControllers ?? []).map(\.tabBarItem)
    }

    @Test("each tab's bar item takes its title, SF Symbol or asset image, and badge")
    func tabBarItems() async throws {
      UIKitModel.reset()
      let app = try Self.app()
      let (_, window, _) = connect(app, scene: "s")
      #expect(await eventually { Self.items(window).count == 2 })
      let items = Self.items(window)
      #expect(items.map(\.title) == ["Notes", "Settings"])
      #expect(items.map { $0.image?._modelName } == ["system:note.text", "named:cog"])
      #expect(items.map(\.badgeValue) == ["2", nil])
      expectNoException()
    }

    @Test("a badge the app sets shows on the tab in every window, and goes when set to nil")
    func badgesInEveryWindow() async throws {
      UIKitModel.reset()
      let app = try Self.app()
      let first = connect(app, scene: "a").window
      let second = connect(app, scene: "b").window
      #expect(await eventually { Self.items(first).count == 2 && Self.items(second).count == 2 })
      app.setBadge("5", onTab: "settings")
      app.setBadge(nil, onTab: "notes")
      for window in [first, second] {
        #expect(Self.items(window).map(\.badgeValue) == [nil, "5"])
      }
      // A window opened afterwards starts with the badges as the app has them.
      let third = connect(app, scene: "c").window
      #expect(await eventually { Self.items(third).count == 2 })
      #expect(Self.items(third).map(\.badgeValue) == [nil, "5"])
      expectNoException()
    }

    @Test("B3: the scene the user makes active takes the links that name no window; the app calls nothing")
    func activeScene() async throws {
      let (app, a, b) = try await Self.twoWindows()
      a.scene._modelActivate()
      _ = try await app.open("notes://note/1", origin: .appIntent("Open"))
      await settle()
      #expect(app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 1)
      // The user taps into the other window (iPad Split View): it becomes key, and takes the next.
      b.window._modelUserMakesKey()
      _ = try await app.open("notes://note/2", origin: .appIntent("Open"))
      await settle()
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      expectNoException()
    }

    @Test("B3: a scene UIKit disconnects closes its window in the app; links open in the one left")
    func disconnectedScene() async throws {
      let (app, a, b) = try await Self.twoWindows()
      // The user closes the second window in the app switcher.
      b.scene._modelDisconnect()
      #expect(app.coordinator(for: "b") == nil)
      _ = try await app.open("notes://note/3", origin: .appIntent("Open"))
      await settle()
      #expect(app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 2)
      withExtendedLifetime(a) {}
      expectNoException()
    }

    @Test("a notification tap handed over as the README does opens in the window the system names")
    func notificationInItsWindow() async throws {
      let (app, a, b) = try await Self.twoWindows()
      b.scene._modelActivate()
      let response = UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(
            _model: UNNotificationContent(_model: ["link": "notes://note/4"]), identifier: "n")))
      response._modelSetTargetScene(a.scene)
      app.receiveNotification(response)
      #expect(await eventually { app.coordinator(for: "a")?.navigator.state.tabs?["notes"]?.stack.count == 2 })
      #expect(app.coordinator(for: "b")?.navigator.state.tabs?["notes"]?.stack.count == 1)
      expectNoException()
    }

    @Test("the deprecated tab titles still title the tabs, over their items")
    @available(*, deprecated)
    func deprecatedTitles() async throws {
      UIKitModel.reset()
      let app = try Self.app()
      let window = UIWindow(windowScene: modelScene("old"))
      _ = SceneLinks(
        app: app, window: window, session: UISceneSession(_modelIdentifier: "old"), options: nil,
        tabTitles: ["notes": "Mes notes"])
      #expect(await eventually { Self.items(window).count == 2 })
      #expect(Self.items(window).map(\.title) == ["Mes notes", "Settings"])
    }
  }

  @MainActor
  @Suite("Day one: SwiftUI windows and tabs")
  struct DayOneSwiftUI {
    struct ListView: View { var body: some View { Text("Notes") } }
    struct SettingsView: View { var body: some View { Text("Settings") } }

    static func app() throws -> WaypointApp {
      try WaypointApp.swiftUI(
        tabs: DayOne.tabs.map { tab in
          var tab = tab
          tab.stack = [Screen(id: "\(tab.stack[0].target)#\(tab.id)", target: tab.id == "notes" ? "List" : "Settings")]
          return tab
        }
      ) { views in
        views.registerScreen(ListView.self, target: "List") { ListView() }
        views.registerScreen(SettingsView.self, target: "Settings") { SettingsView() }
      }
    }

    @Test("B4: two windows of one WindowGroup each get their own state, under an id their scene keeps")
    func windowPerScene() throws {
      let app = try Self.app()
      let first = WaypointHost(app: app)
      let second = WaypointHost(app: app)
      first.appeared()
      second.appeared()
      #expect(first.windowID != second.windowID)
      #expect(first.coordinator !== second.coordinator)
      #expect(first.coordinator.navigator !== second.coordinator.navigator)
      #expect(Set(app.windows.windowIDs) == [first.windowID, second.windowID])
      // SwiftUI makes the view again: the same window.
      #expect(first.coordinator === app.coordinator(for: first.windowID))
    }

    @Test("B4: a window restored at the next launch takes the id its scene kept")
    func restoredID() throws {
      let app = try Self.app()
      _SceneStorageModel.restoring = ["waypoint.window": "saved-window"]
      defer { _SceneStorageModel.restoring = [:] }
      let host = WaypointHost(app: app)
      host.appeared()
      #expect(host.windowID == "saved-window")
      #expect(app.coordinator(for: "saved-window") != nil)
    }

    @Test("C1: a host whose root disappears under a full-screen cover keeps its window and its coordinator")
    func coveredWindow() async throws {
      let app = try Self.app()
      let host = WaypointHost(app: app)
      host.appeared()
      let id = host.windowID
      let coordinator = host.coordinator
      // UIKit takes the views under a full-screen cover out of the window: SwiftUI's onDisappear.
      host.disappeared()
      #expect(app.coordinator(for: id) === coordinator, "links still open in a window under a cover")
      host.appeared()
      #expect(host.coordinator === coordinator, "the same coordinator, so the same shown screens")
    }

    @Test("B4: the window's UIKit scene disconnecting closes it; a tap the system shows there opens there")
    func sceneOfHost() async throws {
      let app = try Self.app()
      let host = WaypointHost(app: app)
      host.appeared()
      let scene = modelScene("swiftui")
      host.sceneAppeared(scene)
      let response = UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(_model: UNNotificationContent(_model: ["link": "notes://x"]), identifier: "n")))
      response._modelSetTargetScene(scene)
      #expect(app.windows.window(forScene: ObjectIdentifier(scene)) == host.windowID)
      scene._modelDisconnect()
      #expect(app.coordinator(for: host.windowID) == nil)
    }

    @Test("the host labels each tab with its item's title and image, or the app's label view")
    func tabLabels() throws {
      let app = try Self.app()
      let host = WaypointHost(app: app)
      let tabs = try #require(app.start.tabs?.tabs)
      let labels = tabs.map { host.tabLabelView($0) }
      #expect(labels.count == 2)
      let label = try #require(host.tabLabelView(tabs[0])._modelView as? Label<Text, Image>)
      #expect(label._modelTitle.content == "Notes" && label._modelIcon._modelName == "system:note.text")
      let asset = try #require(host.tabLabelView(tabs[1])._modelView as? Label<Text, Image>)
      #expect(asset._modelIcon._modelName == "named:cog")
      let custom = host.tabLabel { tab in Text(verbatim: "[\(tab.id)]") }
      #expect((custom.tabLabelView(tabs[1])._modelView as? Text)?.content == "[settings]")
    }

    @Test("the host badges each tab as the app says, and follows setBadge")
    func tabBadges() throws {
      let app = try Self.app()
      let host = WaypointHost(app: app)
      let tabs = try #require(app.start.tabs?.tabs)
      #expect(tabs.map { host.tabBadge($0) } == ["2", nil])
      app.setBadge("9", onTab: "settings")
      #expect(tabs.map { host.tabBadge($0) } == ["2", "9"])
    }
  }
}
