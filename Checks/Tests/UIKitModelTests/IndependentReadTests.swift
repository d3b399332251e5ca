// What the independent read of the adapters (after the third review's fixes) found, each a test
// named after its finding (C1 is in DayOneModelTests). Not a test on iOS.
import Foundation
import Testing
import UIKit
import UserNotifications
import Waypoint
import WaypointAdapterSupport
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("Independent read")
  struct IndependentRead {
    @Test("C2: a notification link under the policy's key opens when the delegate hands the tap over")
    func notificationKey() async throws {
      UIKitModel.reset()
      var policy = LinkInbox.Policy()
      policy.notificationLinkKey = "url"
      var routes = RouterBuilder()
      routes.add("notes://note/<int:id>", target: "Editor", tab: "notes", under: ["List"], exposure: .public)
      let app = try WaypointApp(routes: routes, tabs: [NavigationTab("notes", root: "List")], policy: policy) {
        screens in ThirdReview.registerNotes(&screens)
      }
      let (_, window, scene) = connect(app, scene: "n")
      #expect(await eventually { app.isReady })
      await settle()
      let response = UNNotificationResponse(
        _model: UNNotification(
          _model: UNNotificationRequest(
            _model: UNNotificationContent(_model: ["url": "notes://note/4"]), identifier: "thread-1")))
      response._modelSetTargetScene(scene)
      app.receiveNotification(response)
      #expect(await eventually { app.coordinator(for: "n")?.navigator.state.tabs?["notes"]?.stack.count == 2 })
      withExtendedLifetime(window) {}
      expectNoException()
    }

    @Test("C3: the navigator of the one-line scene set-up takes a custom transition before its first plan")
    func configuredNavigator() async throws {
      UIKitModel.reset()
      let events = LinkEvents()
      var routes = RouterBuilder()
      routes.add("notes://promo", target: "Editor", presentation: .custom(name: "banner"), exposure: .public)
      routes.observe(events)
      let app = try WaypointApp(routes: routes, tabs: [NavigationTab("notes", root: "List")]) { screens in
        screens.registerScreen(ListController.self, target: "List") { ListController() }
        screens.registerScreen(EditorController.self, target: "Editor") { EditorController() }
      }
      let options = UIScene.ConnectionOptions(_modelURLContexts: [
        UIOpenURLContext(_modelURL: DeliveryMatrixUIKit.url("notes://promo"))
      ])
      let (links, window, _) = connect(app, scene: "c", options: options)
      links.navigator?.register(
        custom: "banner", bannerTransition)
      #expect(await eventually { events.all.contains { $0.phase.isOutcome } })
      await settle()
      #expect(
        events.all.filter { $0.phase == .did }.count == 1,
        "\(events.all.map { "\($0.phase) \($0.error?.message ?? "")" })")
      #expect(app.coordinator(for: "c")?.navigator.state.levels.count == 2)
      withExtendedLifetime(window) {}
      expectNoException()
    }
  }
}
