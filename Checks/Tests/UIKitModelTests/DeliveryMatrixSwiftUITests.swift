// The delivery matrix's SwiftUI set-ups, on the core with the host's own decisions: a SwiftUI
// `App` whose window is `WaypointHost(app:)` (links by `onOpenURL` and `onContinueUserActivity`,
// which call the host's `receive`; Handoff by the app's own `onContinueUserActivity`;
// notifications by the app delegate adaptor's notification-center delegate), and the same with a
// scene delegate for quick actions (UsingWaypointWithSwiftUI and EveryWayIn show both). SwiftUI
// cannot run here: a UIKit transition in flight is what SwiftUI writes back when it ends, made
// from what it read before the link came (the worst case), through the host's own bindings'
// decisions. Not a test on iOS.
import CoreSpotlight
import Foundation
import SwiftUI
import Testing
import UIKit
import Waypoint
import WaypointAppIntents
import WaypointSwiftUI
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("Delivery matrix: SwiftUI")
  struct DeliveryMatrixSwiftUI {
    static let note = 7

    /// The URL of one of the matrix's links, which are all valid.
    static func url(_ link: String) -> URL {
      URL(string: link) ?? URL(fileURLWithPath: "/")
    }

    /// One window of the app: the host SwiftUI would draw.
    @MainActor
    struct Window {
      let host: WaypointHost<EmptyView>
      let id: String
      var modules: ScreenCoordinator { host.coordinator }
    }

    func window(_ app: WaypointApp, _ id: String, appClip: Bool) -> Window {
      var host = WaypointHost(app: app, window: id) { _, _ in EmptyView() }
      host.isAppClip = appClip
      return Window(host: host, id: id)
    }

    @Test(
      "every door, every state",
      arguments: DeliveryCase.all(.swiftUIApp) + DeliveryCase.all(.swiftUISceneDelegate))
    func deliver(_ item: DeliveryCase) async throws {
      let events = LinkEvents()
      let made = MadeNotes()
      let app = try MatrixApp.make(events: events, made: made)
      defer { LinkIntents.slot.empty(ifHolding: app.inbox) }
      // The scene delegate's doors (quick actions), over the app's inbox.
      let sceneDoors = SceneLinks(inbox: app.inbox)
      let door = item.door
      var verdict = Verdict()
      var intent: Task<Void, any Error>?
      var other: Window?
      let id = item.twoWindows || item.launch == .windowClosed ? "window-2" : WaypointApp.mainWindow

      if item.twoWindows || item.launch == .windowClosed || item.launch == .keyChanging {
        let first = window(app, "window-1", appClip: false)
        first.host.appeared()
        other = first
      }
      if item.launch == .noWindow || item.launch == .reconnected {
        // A window that goes: the app's only one closed (a Mac app runs on with none), or this
        // window's scene reclaimed, to be connected again under the same id.
        let gone = window(app, item.launch == .noWindow ? "window-0" : id, appClip: door == .appClip)
        gone.host.appeared()
        app.closeWindow(gone.id)
      }
      // The app's `init` fills the intents' slot (an intent may run before any window); SwiftUI
      // makes the window's host, then hands it what launched the app, then it appears.
      LinkIntents.slot.fill(app.inbox)
      let shown = window(app, id, appClip: door == .appClip)
      app.activateWindow(id)
      if item.launch == .notRunning || item.launch == .noWindow {
        deliverLink(item, app: app, window: shown, sceneDoors: sceneDoors, intent: &intent)
        for _ in 0..<20 { await Task.yield() }
        #expect(events.outcomes(note: Self.note).isEmpty || door.opensNothing, "nothing opens before the window is up")
      }
      shown.host.appeared()
      #expect(app.isReady)
      if let other, item.twoWindows {
        _ = try await app.open("notes://note/3", window: other.id)
      }
      // The window the link must open in: its own, or, when that one closes, the one left.
      let target = item.launch == .windowClosed ? try #require(other) : shown
      let modules = target.modules
      let otherBefore = other?.modules.navigator.state
      let notes = StackLocation(tab: "notes")

      // The state the link arrives in, and what SwiftUI read in it.
      var sheet: ShownModule?
      switch item.launch {
      case .notRunning, .idle, .midPush, .noWindow, .reconnected: break
      case .keyChanging:
        // Both windows active: the user is in this one (it appears active); the other's scene
        // phase turned active last.
        shown.host.appearsActiveChanged(true)
        other?.host.appearsActiveChanged(false)
        other?.host.becameActive()
      case .appAlert:
        // What `waypointAppPresentation(_:isPresented:)` tells the navigator while the app's
        // `.alert` is up.
        (modules.navigator as? HeadlessNavigator)?.setAppPresentation("delete-note", isPresented: true)
      case .suspended, .sheetDismissing:
        sheet = try await modules.show(SheetController.self, .sheet)
        _ = shown.host.readItem(level: 0)
      case .backSwipe:
        _ = try await app.open("notes://note/3", window: id)
        _ = shown.host.readPath(at: notes)
      case .notReady, .windowClosed:
        app.setReady(false, reason: "signing in")
      case .backgrounded:
        break
      }
      if item.launch == .midPush {
        // The app pushes; SwiftUI reads the new path and animates it in as the link comes.
        _ = try await modules.show(SheetController.self, .push)
        _ = shown.host.readPath(at: StackLocation(tab: "search"))
      }
      let before = modules.navigator.state

      if item.launch != .notRunning, item.launch != .noWindow {
        deliverLink(item, app: app, window: shown, sceneDoors: sceneDoors, intent: &intent)
      }
      for _ in 0..<40 { await Task.yield() }

      // The state ends: SwiftUI writes back what the user did, from what it read before.
      switch item.launch {
      case .backSwipe:
        shown.host.write(path: [], at: notes)
      case .sheetDismissing:
        shown.host.writeNoItem(level: 0)
      case .notReady:
        MatrixApp.signedIn(app, events: events, note: Self.note)
      case .windowClosed:
        // The user closes the window the link came in (a host keeping a window per scene closes
        // it so itself when it goes away; these hosts were given their windows).
        app.closeWindow(shown.id)
        MatrixApp.signedIn(app, events: events, note: Self.note)
      case .backgrounded:
        // The user goes home while the link opens, and comes back.
        shown.host.scenePhaseChanged(.background)
        for _ in 0..<5 { await Task.yield() }
        shown.host.scenePhaseChanged(.active)
      default: break
      }
      await verdict.wait(for: intent, item)
      if item.expected != .nothing {
        try await events.outcome(note: Self.note)
      }
      for _ in 0..<20 { await Task.yield() }

      MatrixApp.checkOutcome(
        item, note: Self.note, events: events, made: made, state: modules.navigator.state, before: before,
        verdict: &verdict)
      if item.expected == .opened {
        verdict.check(
          modules.navigator.state.tabs?["notes"]?.stack.last?.parameters["id"] == String(Self.note),
          "the notes tab does not end on note \(Self.note)")
        if let sheet { verdict.check(sheet.state == .removed, "the sheet is still taken for shown") }
      }
      if let other, item.twoWindows || item.launch == .keyChanging {
        verdict.check(other.modules.navigator.state == otherBefore, "the other window changed")
      }
      if item.launch == .windowClosed {
        verdict.check(app.coordinator(for: shown.id) == nil, "the closed window is still open in the app")
      }
      verdict.report(item)
    }

    @Test("an App Clip's invocation by onOpenURL is an appClip link, and one arriving both ways opens once")
    func appClipBothWays() async throws {
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let shown = window(app, WaypointApp.mainWindow, appClip: true)
      shown.host.appeared()
      let link = Door.appClip.link(note: Self.note)
      shown.host.receive(Self.url(link))
      let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
      activity.webpageURL = Self.url(link)
      shown.host.receive(activity)
      try await events.outcome(note: Self.note)
      for _ in 0..<20 { await Task.yield() }
      let did = events.of(note: Self.note).filter { $0.phase == .did }
      #expect(did.count == 1)
      #expect(did.first?.origin.kind == Origin.appClip(invocation: nil).kind)
    }

    @Test("a SwiftUI window whose scene becomes active takes the links that name no window")
    func activeWindow() async throws {
      let events = LinkEvents()
      let app = try MatrixApp.make(events: events, made: MadeNotes())
      let first = window(app, "window-1", appClip: false)
      let second = window(app, "window-2", appClip: false)
      first.host.appeared()
      second.host.appeared()
      // The user goes back to the first window: its scene phase becomes active.
      first.host.becameActive()
      app.receiveNotification(link: "notes://note/7", identifier: "n7")
      try await events.outcome(note: Self.note)
      #expect(first.modules.navigator.state.tabs?["notes"]?.stack.count == 2)
      #expect(second.modules.navigator.state.tabs?["notes"]?.stack.count == 1)
    }

    /// Hands the case's link to its door, as the set-up wires it.
    func deliverLink(
      _ item: DeliveryCase, app: WaypointApp, window: Window, sceneDoors: SceneLinks,
      intent: inout Task<Void, any Error>?
    ) {
      let link = item.door.link(note: Self.note)
      switch item.door {
      case .url:
        window.host.receive(Self.url(link))
      case .widget:
        window.host.receive(Self.url(Origin.widgetLink(link, kind: "Recent")))
      case .universalLink, .appClip:
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: link)
        window.host.receive(activity)
      case .spotlight:
        window.host.receive(spotlight: link)
      case .handoff:
        // The app's own `onContinueUserActivity`, as EveryWayIn shows it.
        app.inbox.receive(
          link, origin: .handoff(activityType: "com.example.notes.viewing", userInfo: ["link": link]),
          extras: [WindowCoordinators.windowExtra: window.id])
      case .notification, .notificationDismissed, .notificationBackground:
        // The app delegate adaptor's notification-center delegate.
        app.receiveNotification(
          link: link, identifier: "note-\(Self.note)", action: MatrixApp.action(item.door), window: window.id)
      case .quickAction:
        let shortcut = UIApplicationShortcutItem(
          type: "open-note", localizedTitle: "Open note", localizedSubtitle: nil, icon: nil,
          userInfo: ["link": link as NSString])
        sceneDoors.window = window.id
        #expect(sceneDoors.perform(shortcut))
      case .appIntent:
        intent = Task { _ = try await OpenNoteIntent(id: Self.note).perform() }
      case .deferred:
        let inbox = app.inbox
        Task {
          await inbox.receiveDeferredLink(from: OneDeferredLink(link: link), ledger: MemoryDeferredLinkLedger())
        }
      }
    }
  }
}
