import AppIntents
// The delivery matrix's UIKit set-up against the model of UIKit: a scene delegate as
// UsingWaypointWithUIKit shows it (SceneLinks over the app object, the notification center's
// delegate calling `receiveNotification`, the App Intents slot filled when a window becomes
// active), every door in every state. Not a test on iOS.
import CoreSpotlight
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointAdapterSupport
import WaypointAppIntents
import WaypointUIKit

/// A screen the app shows on its own: pushed, or presented as a sheet.
final class SheetController: UIViewController {}

extension MatrixApp {
  /// The app of every set-up: a list, a sheet of the app's own, and a note's editor made from
  /// its link (each one counted in `made`).
  @MainActor
  static func make(events: LinkEvents, made: MadeNotes) throws -> WaypointApp {
    try WaypointApp(routes: routes(events), start: start, policy: policy) { screens in
      screens.registerScreen(ListController.self, target: "List") { _ in ListController() }
      screens.registerScreen(SheetController.self, target: "Sheet") { _ in SheetController() }
      screens.registerScreen(EditorController.self, target: "Editor") { _, link in
        let editor = EditorController()
        editor.noteID = try link.int("id")
        made.ids.append(editor.noteID)
        return editor
      }
    }
  }
}

/// An App Intent that opens a note, as the example's intents do.
struct OpenNoteIntent: LinkIntent {
  static let title: LocalizedStringResource = "Open Note"
  static var openAppWhenRun: Bool { true }
  var id = 7
  var link: NoteLink { NoteLink(id: id) }
}

extension ModelChecks {
  @MainActor
  @Suite("Delivery matrix: UIKit scenes")
  struct DeliveryMatrixUIKit {
    /// One scene of the app, wired as the UIKit article shows.
    @MainActor
    final class Scene {
      let links: SceneLinks
      let window: UIWindow
      let scene: UIWindowScene
      let id: String

      init(app: WaypointApp, id: String, options: UIScene.ConnectionOptions?, appClip: Bool) {
        (links, window, scene) = connect(app, scene: id, options: options)
        self.id = id
        links.isAppClip = appClip
        // The scene becomes active: links that name no window open here (SceneLinks follows
        // UIKit's notification by itself), and intents find the inbox.
        scene._modelActivate()
        LinkIntents.slot.fill(app.inbox)
      }

      var bar: UITabBarController? { window.rootViewController as? UITabBarController }
    }

    static let note = 7

    /// The URL of one of the matrix's links, which are all valid.
    static func url(_ link: String) -> URL {
      URL(string: link) ?? URL(fileURLWithPath: "/")
    }

    @Test("every door, every state", arguments: DeliveryCase.all(.uikitScenes))
    func deliver(_ item: DeliveryCase) async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      let made = MadeNotes()
      let app = try MatrixApp.make(events: events, made: made)
      defer { LinkIntents.slot.empty(ifHolding: app.inbox) }
      let door = item.door
      var verdict = Verdict()
      var intent: Task<Void, any Error>?
      let scene: Scene
      var other: Scene?

      if item.launch == .notRunning {
        // What launches the app: an intent may run before any scene connects; the rest arrive in
        // the connection options, a notification tap also in the delegate, a deferred link from
        // its source once the app asks at launch.
        if door == .appIntent { intent = Task { _ = try await OpenNoteIntent(id: Self.note).perform() } }
        scene = Scene(app: app, id: "scene-1", options: Self.options(door), appClip: door == .appClip)
        if door == .notification || door.opensNothing { Self.delegateReports(app, door) }
        // A Handoff launch names only the activity's type; UIKit hands the activity over after.
        if door == .handoff { scene.links.continue(Self.handoffActivity()) }
        if door == .deferred { Self.askDeferred(app) }
        #expect(await eventually { app.isReady })
      } else if item.launch == .noWindow {
        // The app runs with no window: UIKit reclaimed its only scene. The link arrives as at a
        // launch (an intent, the delegate's tap, a deferred link before any scene; the rest in
        // the connection options of the scene UIKit connects for it).
        let gone = Scene(app: app, id: "scene-0", options: nil, appClip: false)
        #expect(await eventually { app.isReady && gone.bar != nil })
        await settle()
        gone.scene._modelDisconnect()
        if door == .appIntent { intent = Task { _ = try await OpenNoteIntent(id: Self.note).perform() } }
        if door == .notification || door.opensNothing { Self.delegateReports(app, door) }
        if door == .deferred { Self.askDeferred(app) }
        for _ in 0..<20 { await Task.yield() }
        verdict.check(!events.all.contains { $0.phase == .failed }, "the link failed with no window open")
        scene = Scene(app: app, id: "scene-1", options: Self.options(door), appClip: door == .appClip)
        if door == .handoff { scene.links.continue(Self.handoffActivity()) }
        #expect(await eventually { app.isReady && scene.bar != nil })
      } else {
        if item.twoWindows || item.launch == .windowClosed || item.launch == .keyChanging {
          other = Scene(app: app, id: "scene-0", options: nil, appClip: false)
          #expect(await eventually { app.isReady })
        }
        if item.launch == .reconnected {
          // UIKit reclaims the scene in the background, and connects its session again.
          let first = Scene(app: app, id: "scene-1", options: nil, appClip: door == .appClip)
          #expect(await eventually { app.isReady && first.bar != nil })
          await settle()
          first.scene._modelDisconnect()
        }
        scene = Scene(app: app, id: "scene-1", options: nil, appClip: door == .appClip)
        #expect(await eventually { app.isReady && scene.bar != nil })
        await settle()
        if let other, item.twoWindows {
          // The first window shows note 3, so a link in the second must leave it alone.
          _ = try await app.open("notes://note/3", window: other.id)
          await settle()
        }
      }
      // The window the link must open in: its own, or, when that one closes, the one left.
      let target = item.launch == .windowClosed ? try #require(other) : scene
      let modules = try #require(app.coordinator(for: target.id))
      let navigator = try #require(modules.navigator as? UIKitNavigator)
      // The window shows its first state before the link comes (a busy machine may still be
      // carrying out its first plan here).
      if item.launch != .notRunning { _ = await eventually { modules.navigator.state.tabs != nil } }
      let otherBefore = other.flatMap { app.coordinator(for: $0.id)?.navigator.state }

      // The state the link arrives in.
      var alert: AlertController?
      var sheet: ShownModule?
      switch item.launch {
      case .notRunning, .idle, .noWindow, .reconnected: break
      case .keyChanging:
        // Side by side, both active: the user works in this window; the other one changed
        // activation last.
        scene.scene._modelActiveAppearance = .active
        other?.scene._modelActiveAppearance = .inactive
        other?.scene._modelActivate()
      case .suspended:
        // The user left the app with a sheet up; the link comes on the way back to the foreground.
        sheet = try await modules.show(SheetController.self, .sheet)
        await settle()
      case .midPush:
        UIKitModel.holdsAnimations = true
        let push = Task { @MainActor in try await modules.show(SheetController.self, .push) }
        for _ in 0..<20 { await Task.yield() }
        _ = push
      case .backSwipe:
        _ = try await app.open("notes://note/3", window: scene.id)
        await settle()
        let notes = try #require(
          navigator.navigationController(at: StackLocation(tab: "notes")) as? WaypointNavigationController)
        notes._modelUserBeginsBackSwipe()
      case .sheetDismissing:
        sheet = try await modules.show(SheetController.self, .sheet)
        await settle()
        UIKitModel.holdsAnimations = true
        let presented = try #require(scene.bar?.presentedViewController)
        presented._modelUserDismisses()
      case .appAlert:
        let shown = AlertController()
        scene.bar?.present(shown, animated: true)
        alert = shown
        await settle()
      case .notReady, .windowClosed:
        app.setReady(false, reason: "signing in")
      case .backgrounded:
        UIKitModel.holdsAnimations = true
      }
      let before = modules.navigator.state

      // The link, through its door.
      if item.launch != .notRunning, item.launch != .noWindow {
        // A door that names no window finds the window the user is in by itself when two are
        // active; otherwise the window is made the last active, as the user moving to it does.
        let activates = item.launch != .keyChanging
        switch door {
        case .notification, .notificationDismissed, .notificationBackground:
          Self.delegateReports(app, door, in: scene.scene)
        case .quickAction:
          #expect(scene.links.perform(Self.shortcut()))
        case .appIntent:
          if activates { app.activateWindow(scene.id) }
          intent = Task { _ = try await OpenNoteIntent(id: Self.note).perform() }
        case .deferred:
          if activates { app.activateWindow(scene.id) }
          Self.askDeferred(app)
        case .url, .widget:
          scene.links.open(Self.options(door).urlContexts)
        case .universalLink, .appClip, .spotlight:
          for activity in Self.options(door).userActivities { scene.links.continue(activity) }
        case .handoff:
          scene.links.continue(Self.handoffActivity())
        }
      }
      for _ in 0..<40 { await Task.yield() }

      // The state ends.
      switch item.launch {
      case .midPush, .sheetDismissing:
        UIKitModel.holdsAnimations = false
        UIKitModel.finishAnimations()
      case .backSwipe:
        let notes = navigator.navigationController(at: StackLocation(tab: "notes")) as? WaypointNavigationController
        notes?._modelUserEndsBackSwipe(cancelled: false)
      case .notReady:
        MatrixApp.signedIn(app, events: events, note: Self.note)
      case .windowClosed:
        // The user closes the window the link came in (the app switcher): UIKit disconnects it.
        scene.scene._modelDisconnect()
        MatrixApp.signedIn(app, events: events, note: Self.note)
      case .backgrounded:
        // The user goes home while the link's push animates, and comes back.
        scene.scene._modelEnterBackground()
        UIKitModel.holdsAnimations = false
        UIKitModel.finishAnimations()
        scene.scene._modelEnterForeground()
      default: break
      }
      await verdict.wait(for: intent, item)
      // The navigator waits for UIKit's transitions to end (by its clock, not the model's
      // turns), so the outcome is awaited by time; a door that opens nothing has none.
      if item.expected != .nothing { try await events.outcome(note: Self.note) }
      await settle()
      await settle()

      MatrixApp.checkOutcome(
        item, note: Self.note, events: events, made: made, state: modules.navigator.state, before: before,
        verdict: &verdict)
      Self.checkModel(navigator, scene: target, alert: alert, verdict: &verdict)
      if item.expected == .opened {
        let top = navigator.navigationController(at: StackLocation(tab: "notes"))?.viewControllers.last
        verdict.check((top as? EditorController)?.noteID == Self.note, "the notes tab does not show note \(Self.note)")
      }
      if item.expected == .opened, let sheet {
        verdict.check(sheet.state == .removed, "the sheet the user left is still taken for shown")
      }
      if let other, item.twoWindows || item.launch == .keyChanging {
        verdict.check(
          app.coordinator(for: other.id)?.navigator.state == otherBefore, "the other window changed")
      }
      if item.launch == .windowClosed {
        verdict.check(app.coordinator(for: scene.id) == nil, "the closed window is still open in the app")
      }
      verdict.report(item)
    }

    /// What UIKit shows agrees with the state: the selected tab, each tab's stack controller by
    /// controller, and what is presented over the tab bar (the app's alert aside).
    static func checkModel(_ navigator: UIKitNavigator, scene: Scene, alert: AlertController?, verdict: inout Verdict) {
      let state = navigator.state
      guard let bar = scene.bar, let tabs = state.tabs else {
        verdict.problems.append("the window shows no tab bar")
        return
      }
      verdict.check(
        bar.selectedIndex == tabs.tabs.firstIndex { $0.id == tabs.selected },
        "the tab bar shows tab \(bar.selectedIndex), the state \(tabs.selected)")
      for (index, tab) in tabs.tabs.enumerated() {
        let stack = (bar.viewControllers?[index] as? UINavigationController)?.viewControllers ?? []
        let expected = tab.stack.map { navigator.controller(for: $0.id) }
        verdict.check(
          stack.count == expected.count && zip(stack, expected).allSatisfy { $0 === $1 },
          "the \(tab.id) tab shows \(stack.count) screens, the state \(tab.stack.map(\.id))")
      }
      var presented: [UIViewController] = []
      var next = bar.presentedViewController
      while let controller = next {
        if controller !== alert { presented.append(controller) }
        next = controller.presentedViewController
      }
      verdict.check(
        presented.count == state.levels.count - 1,
        "UIKit presents \(presented.count) levels, the state \(state.levels.count - 1)")
      if let alert {
        verdict.check(alert.presentingViewController != nil, "the app's alert was taken down")
      }
    }

    /// The connection options that carry the door's link (empty for doors that do not come
    /// through a scene).
    static func options(_ door: Door) -> UIScene.ConnectionOptions {
      let link = door.link(note: note)
      switch door {
      case .url:
        return UIScene.ConnectionOptions(
          _modelURLContexts: [
            UIOpenURLContext(_modelURL: Self.url(link), sourceApplication: "com.apple.mobilemail")
          ])
      case .widget:
        return UIScene.ConnectionOptions(
          _modelURLContexts: [UIOpenURLContext(_modelURL: Self.url(Origin.widgetLink(link, kind: "Recent")))])
      case .universalLink, .appClip:
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: link)
        return UIScene.ConnectionOptions(activities: [activity])
      case .spotlight:
        let activity = NSUserActivity(activityType: CSSearchableItemActionType)
        activity.userInfo = [CSSearchableItemActivityIdentifier: link]
        return UIScene.ConnectionOptions(activities: [activity])
      case .handoff:
        // "This property doesn't contain user activity objects related to Handoff": the
        // connection options name only its type (the handoffUserActivityType page).
        return UIScene.ConnectionOptions(handoffType: handoffActivity().activityType)
      case .notification:
        return UIScene.ConnectionOptions(response: response(door))
      case .quickAction:
        return UIScene.ConnectionOptions(shortcut: shortcut())
      case .notificationDismissed, .notificationBackground, .appIntent, .deferred:
        // A dismissal or a background action wakes the app without a scene for it; an intent and
        // a deferred link come through no scene.
        return UIScene.ConnectionOptions()
      }
    }

    /// The Handoff activity of the app's own type that carries the note's link.
    static func handoffActivity() -> NSUserActivity {
      let activity = NSUserActivity(activityType: "com.example.notes.viewing")
      activity.userInfo = ["link": Door.handoff.link(note: note)]
      return activity
    }

    static func response(_ door: Door) -> UNNotificationResponse {
      UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(
            _model: UNNotificationContent(_model: ["link": door.link(note: note)]), identifier: "note-\(note)"),
          // One delivery: both reports of a launching tap carry this notification.
          date: Date(timeIntervalSinceReferenceDate: 0)),
        action: MatrixApp.action(door))
    }

    static func shortcut() -> UIApplicationShortcutItem {
      UIApplicationShortcutItem(
        type: "open-note", localizedTitle: "Open note", localizedSubtitle: nil, icon: nil,
        userInfo: ["link": "notes://note/\(note)" as NSString])
    }

    /// The notification center's delegate, as the README writes it: the response goes to the
    /// app, whose target scene (the one the system shows it in) names the window.
    static func delegateReports(_ app: WaypointApp, _ door: Door, in scene: UIScene? = nil) {
      let response = response(door)
      if let scene { response._modelSetTargetScene(scene) }
      app.receiveNotification(response)
    }

    static func askDeferred(_ app: WaypointApp) {
      let inbox = app.inbox
      Task {
        await inbox.receiveDeferredLink(
          from: OneDeferredLink(link: "notes://note/\(note)"), ledger: MemoryDeferredLinkLedger())
      }
    }
  }
}
