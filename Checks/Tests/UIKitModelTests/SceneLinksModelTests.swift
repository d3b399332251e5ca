import CoreSpotlight
// SceneLinks against the model: every door with its origin, in order, each notification once,
// and links that wait until the app is ready.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("SceneLinks")
  struct Links {
    final class Opened: @unchecked Sendable {
      // Safety: written and read on the main actor only (handlers hop there).
      var lines: [String] = []
      var origins: [Origin] = []
    }

    func router(_ opened: Opened) throws -> RouterHolder {
      var builder = RouterBuilder()
      for pattern in ["notes://note/<int:id>", "https://notes.example/note/<int:id>"] {
        builder.add(pattern, exposure: .public) { request in
          let origin = request.origin
          let line = "\(origin.kind)\(origin.sourceApplication.map { "(\($0))" } ?? "") \(try request.int("id"))"
          await MainActor.run {
            opened.lines.append(line)
            opened.origins.append(origin)
          }
          return 0
        }
      }
      builder.add("notes://home") { _ in
        await MainActor.run { opened.lines.append("home") }
        return 0
      }
      return RouterHolder(try builder.build())
    }

    func response(
      _ payload: [AnyHashable: Any], id: String, action: String = UNNotificationDefaultActionIdentifier
    ) -> UNNotificationResponse {
      UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(_model: UNNotificationContent(_model: payload), identifier: id)),
        action: action)
    }

    @Test("a cold start opens the first screen, then URLs, universal links and the notification, in order")
    func coldStart() async throws {
      UIKitModel.reset()
      let opened = Opened()
      var failures: [String] = []
      let links = SceneLinks(router: try router(opened)) { link, error in failures.append("\(link): \(error.code)") }
      let universal = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
      universal.webpageURL = URL(string: "https://notes.example/note/2")
      links.connect(
        UIScene.ConnectionOptions(
          _modelURLContexts: [
            UIOpenURLContext(_modelURL: URL(string: "notes://note/1")!, sourceApplication: "com.mail")
          ],
          activities: [universal], response: response(["link": "notes://note/3"], id: "n1")),
        opening: "notes://home")
      links.open(response(["aps": 1], id: "n2"))  // a notification without a link: not a link, not a failure
      links.open(response(["link": 3], id: "n3"))  // a link that is not one: a failure
      links.open([UIOpenURLContext(_modelURL: URL(string: "notes://nowhere")!)])
      #expect(await eventually { opened.lines.count == 4 && failures.count == 2 })
      #expect(opened.lines == ["home", "external(com.mail) 1", "universalLink 2", "notification 3"])
      #expect(Set(failures) == ["notification: missingLink", "notes://nowhere: notFound"])
    }

    @Test("the same notification tap from the launch options and the delegate opens once")
    func notificationOnce() async throws {
      UIKitModel.reset()
      let opened = Opened()
      let links = SceneLinks(router: try router(opened))
      links.open(response(["link": "notes://note/5"], id: "tap"))
      links.open(link: "notes://note/5", origin: .notification, notification: "tap")
      links.open(link: "notes://note/6", origin: .notification, notification: "other")
      #expect(await eventually { opened.lines.count == 2 })
      await settle()
      #expect(opened.lines == ["notification 5", "notification 6"])
    }

    @Test("links carry the window they arrived in, so a router over WindowCoordinators opens them there")
    func window() async throws {
      UIKitModel.reset()
      var registry = ModuleRegistryBuilder()
      registry.registerScreen(ListController.self, target: "List") { _ in ListController() }
      let windows = WindowCoordinators(registry: try registry.build())
      var routes = RouterBuilder()
      windows.registerTargets(in: &routes)
      routes.add(
        try RouteManifest(
          json:
            #"{"routes":[{"pattern":"notes://list","target":"List","presentation":"replaceRoot","exposure":"public"}]}"#
        ))
      let router = RouterHolder(try routes.build())
      let first = windows.add("A", navigator: UIKitNavigator(window: UIWindow(windowScene: UIWindowScene())))
      let second = windows.add("B", navigator: UIKitNavigator(window: UIWindow(windowScene: UIWindowScene())))
      let links = SceneLinks(router: router)
      links.window = "A"
      links.open([UIOpenURLContext(_modelURL: URL(string: "notes://list")!)])
      #expect(await eventually { first.navigator.state.stack.count == 1 })
      #expect(second.navigator.state.stack.isEmpty)
      expectNoException()
    }

    @Test("a scene of the app object: its launch link waits for the tab bar, then opens in its tab, once")
    func appScene() async throws {
      UIKitModel.reset()
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      let start = NavigationState(
        tabs: TabContainer(
          [
            NavigationTab(id: "notes", stack: [Screen(id: "List#1", target: "List")]),
            NavigationTab(id: "more", stack: [Screen(id: "List#2", target: "List")]),
          ], selected: "more"))
      let app = try WaypointApp(routes: routes, start: start) { screens in
        screens.registerScreen(ListController.self, target: "List") { _ in ListController() }
        screens.registerScreen(EditorController.self, target: "Editor") { _, link in
          let editor = EditorController()
          editor.noteID = try link.int("id")
          return editor
        }
      }
      var failures: [String] = []
      let launch = response(["link": "notes://note/5"], id: "tap-1")
      let (links, window, _) = connect(app, scene: "scene-1", options: UIScene.ConnectionOptions(response: launch)) {
        link, error in failures.append("\(link): \(error)")
      }
      // The delegate reports the same tap again: one id space, so it is a duplicate.
      let delegate = Opened()
      app.receiveNotification(launch) { outcome in
        guard case .failure(let error) = outcome else { return }
        Task { @MainActor in delegate.lines.append("\(error.code)") }
      }
      #expect(links.window == "scene-1")
      let modules = try #require(app.coordinator(for: "scene-1"))
      #expect(await eventually { modules.navigator.state.tabs?["notes"]?.stack.count == 2 })
      await settle()
      #expect(modules.navigator.state.tabs?.selected == "notes")
      #expect(modules.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"])
      // The scene hands its launch options over once the tab bar is up, and the delegate's report
      // may come before or after it: whichever comes second is the duplicate, and the note opened
      // once (its stack above holds one editor).
      #expect(await eventually { failures.count + delegate.lines.count == 1 }, "\(failures) \(delegate.lines)")
      #expect(
        failures.allSatisfy { $0.contains("a duplicate of") } && delegate.lines.allSatisfy { $0 == "dropped" },
        "\(failures) \(delegate.lines)")
      #expect(window._modelIsKey)
      expectNoException()
    }

    @Test("a scene connected again with its session gets a new window, and links open there")
    func appSceneReconnected() async throws {
      UIKitModel.reset()
      var routes = RouterBuilder()
      routes.add("notes://list", target: "List", presentation: .replaceRoot, exposure: .public)
      let app = try WaypointApp(routes: routes) { screens in
        screens.registerScreen(ListController.self, target: "List") { _ in ListController() }
      }
      let firstScene = connect(app, scene: "scene-1")
      let first = try #require(app.coordinator(for: "scene-1"))
      // UIKit released the scene to reclaim memory, and connects it again with a new window.
      firstScene.scene._modelDisconnect()
      let (links, window, _) = connect(app, scene: "scene-1")
      let second = try #require(app.coordinator(for: "scene-1"))
      #expect(second !== first, "the new window replaced the old one")
      #expect(await eventually { app.isReady })
      links.open([UIOpenURLContext(_modelURL: URL(string: "notes://list")!)])
      #expect(await eventually { second.navigator.state.stack.count == 1 })
      #expect(first.navigator.state.stack.isEmpty, "nothing opened in the window UIKit let go")
      #expect(window.rootViewController != nil)
      expectNoException()
    }

    @Test("a dismissed notification opens nothing")
    func dismissedNotification() async throws {
      UIKitModel.reset()
      let opened = Opened()
      let links = SceneLinks(router: try router(opened))
      links.open(response(["link": "notes://note/5"], id: "d", action: UNNotificationDismissActionIdentifier))
      links.open(response(["link": "notes://note/6"], id: "t"))
      #expect(await eventually { opened.lines.count == 1 })
      await settle()
      #expect(opened.lines == ["notification 6"])
    }

    @Test("A7: a background action opens nothing and leaves a later tap its link; a foreground one listed opens")
    func notificationActions() async throws {
      UIKitModel.reset()
      let opened = Opened()
      var policy = LinkInbox.Policy()
      policy.notificationLinkActions = ["view"]
      let links = SceneLinks(inbox: LinkInbox(router: try router(opened), policy: policy))
      links.inbox.setReady(true)
      // The inbox opens in order: a link the background action opened would come first.
      links.open(response(["link": "notes://note/5"], id: "n5", action: "mark-read"))
      links.open(response(["link": "notes://note/6"], id: "n6", action: "view"))
      #expect(await eventually { !opened.lines.isEmpty })
      await settle()
      #expect(opened.lines == ["notification 6"], "a background action does not navigate the app")
      links.open(response(["link": "notes://note/5"], id: "n5"))
      #expect(await eventually { opened.lines.count == 2 })
      #expect(opened.lines == ["notification 6", "notification 5"], "a later tap is not taken for a duplicate")
      // The link handed over by a delegate that is not on the main actor, with its action.
      links.open(
        link: "notes://note/8", origin: .notification(identifier: "n8", action: "mark-read"), notification: "n8")
      links.open(link: "notes://note/9", origin: .notification(identifier: "n9", action: "view"), notification: "n9")
      #expect(await eventually { opened.lines.count == 3 })
      await settle()
      #expect(opened.lines.last == "notification 9", "the background action's link did not open")
      #expect(opened.lines.count == 3)
    }

    @Test("A25: a notification without a link is not a failure; a link that is not one is")
    func linklessNotification() async throws {
      UIKitModel.reset()
      let opened = Opened()
      var failures: [String] = []
      let links = SceneLinks(router: try router(opened)) { link, error in failures.append("\(link): \(error.code)") }
      links.open(response(["title": "Water the plants"], id: "r1"))
      links.open(response(["link": 42], id: "r2"))
      await settle()
      #expect(failures == ["notification: missingLink"])
      #expect(opened.lines.isEmpty)
    }

    @Test("a Handoff activity with a web page URL is not taken for a universal link")
    func handoff() async throws {
      UIKitModel.reset()
      let opened = Opened()
      let links = SceneLinks(router: try router(opened))
      let handoff = NSUserActivity(activityType: "com.example.notes.editing")
      handoff.webpageURL = URL(string: "https://notes.example/note/9")
      links.continue(handoff)
      await settle()
      #expect(opened.lines.isEmpty)
    }

    @Test("a quick action, a Spotlight result, a Handoff and a widget link each come with their door")
    func doors() async throws {
      UIKitModel.reset()
      let opened = Opened()
      let links = SceneLinks(router: try router(opened))
      links.handoffLink = { activity in activity.activityType == "com.example.notes.editing" ? "notes://note/4" : nil }
      let shortcut = UIApplicationShortcutItem(
        type: "recent", localizedTitle: "Recent note", localizedSubtitle: nil, icon: nil,
        userInfo: ["link": "notes://note/1" as NSString])
      let spotlight = NSUserActivity(activityType: CSSearchableItemActionType)
      spotlight.userInfo = [CSSearchableItemActivityIdentifier: "notes://note/2"]
      let universal = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
      universal.webpageURL = URL(string: "https://notes.example/note/3")
      universal.referrerURL = URL(string: "https://search.example/")
      let handoff = NSUserActivity(activityType: "com.example.notes.editing")
      handoff.userInfo = ["draft": "yes"]
      links.connect(UIScene.ConnectionOptions(shortcut: shortcut))
      links.continue(spotlight)
      links.continue(universal)
      links.continue(handoff)
      let widget = Origin.widgetLink("notes://note/5", kind: "RecentNote")
      links.open([UIOpenURLContext(_modelURL: URL(string: widget)!)])
      #expect(
        !links.perform(
          UIApplicationShortcutItem(type: "compose", localizedTitle: "New", localizedSubtitle: nil, icon: nil)))
      #expect(await eventually { opened.lines.count == 5 })
      #expect(opened.lines == ["quickAction 1", "spotlight 2", "universalLink 3", "handoff 4", "widget 5"])
      #expect(opened.origins[0].details == ["type": "recent", "link": "notes://note/1"])
      #expect(opened.origins[1].details == ["identifier": "notes://note/2"])
      #expect(opened.origins[2].referrer == "https://search.example/")
      #expect(opened.origins[3].details == ["activityType": "com.example.notes.editing", "draft": "yes"])
      #expect(opened.origins[4].details == ["kind": "RecentNote"])
    }

    @Test("an App Clip's invocation is an appClip link; a notification's action comes with it")
    func appClipAndAction() async throws {
      UIKitModel.reset()
      let opened = Opened()
      var policy = LinkInbox.Policy()
      policy.notificationLinkActions = ["reply"]
      let links = SceneLinks(inbox: LinkInbox(router: try router(opened), policy: policy))
      links.inbox.setReady(true)
      links.isAppClip = true
      let invocation = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
      invocation.webpageURL = URL(string: "https://notes.example/note/7")
      links.continue(invocation)
      links.open(response(["link": "notes://note/8", "campaign": "spring"], id: "n8", action: "reply"))
      #expect(await eventually { opened.lines.count == 2 })
      #expect(opened.lines == ["appClip 7", "notification 8"])
      #expect(opened.origins[0].referrer == "https://notes.example/note/7")
      #expect(
        opened.origins[1].details == [
          "identifier": "n8", "action": "reply", "link": "notes://note/8", "campaign": "spring",
        ])
    }

    @Test("links a cold start brings wait for the app to be ready; the newest tap wins over older ones")
    func waitsUntilReady() async throws {
      UIKitModel.reset()
      let opened = Opened()
      let inbox = LinkInbox(router: try router(opened))
      var dropped: [String] = []
      let links = SceneLinks(inbox: inbox) { link, error in dropped.append("\(link) \(error.code)") }
      links.connect(
        UIScene.ConnectionOptions(
          _modelURLContexts: [UIOpenURLContext(_modelURL: URL(string: "notes://note/1")!)],
          response: response(["link": "notes://note/2"], id: "n2")),
        opening: "notes://home")
      await settle()
      #expect(opened.lines.isEmpty, "nothing opens before the app is ready")
      inbox.setReady(true)
      #expect(await eventually { opened.lines.count == 2 && dropped.count == 1 })
      #expect(opened.lines == ["home", "notification 2"])
      #expect(dropped == ["notes://note/1 dropped"])
    }
  }
}
