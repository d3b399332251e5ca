#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import UserNotifications
import Waypoint

extension WaypointApp {
  /// Lets `receiveNotification(_:completion:)` open a tap in the window the system shows it in:
  /// the scene UIKit names as the response's
  /// (https://developer.apple.com/documentation/usernotifications/unnotificationresponse/targetscene).
  func readsNotificationScenes() {
    notificationScene.withLock { reader in
      reader = { response in response.targetScene.map(ObjectIdentifier.init) }
    }
  }
}

/// What a window's links follow of its scene, from UIKit's notifications: the scene becoming
/// active or its window key (links that name no window open there), the scene disconnecting
/// (links no longer open there), and the scene in the background (its screens hidden from the
/// screen views until it comes back).
///
/// UIKit posts the scene's notifications on the main thread with the scene as their object
/// (https://developer.apple.com/documentation/uikit/uiscene/didactivatenotification,
/// https://developer.apple.com/documentation/uikit/uiscene/diddisconnectnotification); a window's
/// with the window (https://developer.apple.com/documentation/uikit/uiwindow/didbecomekeynotification).
final class SceneObservations: @unchecked Sendable {
  // Safety: the tokens are written once, in `init`, and read only in `deinit`.
  private var tokens: [any NSObjectProtocol] = []

  @MainActor
  init(app: WaypointApp, window: UIWindow, scene: UIScene, id: String) {
    app.windows.attach(scene: ObjectIdentifier(scene), to: id)
    let center = NotificationCenter.default
    let activate: @Sendable (Notification) -> Void = { [weak app] _ in
      MainActor.assumeIsolated { app?.activateWindow(id) }
    }
    tokens = [
      center.addObserver(forName: UIScene.didActivateNotification, object: scene, queue: nil, using: activate),
      center.addObserver(forName: UIWindow.didBecomeKeyNotification, object: window, queue: nil, using: activate),
      center.addObserver(forName: UIScene.didDisconnectNotification, object: scene, queue: nil) { [weak app] _ in
        MainActor.assumeIsolated { app?.closeWindow(id) }
      },
      // Screen views pause with the scene (third adapter review, B16):
      // https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification,
      // https://developer.apple.com/documentation/uikit/uiscene/willenterforegroundnotification.
      center.addObserver(forName: UIScene.didEnterBackgroundNotification, object: scene, queue: nil) {
        [weak app] _ in
        MainActor.assumeIsolated { app?.screenViews.enterBackground(window: id) }
      },
      center.addObserver(forName: UIScene.willEnterForegroundNotification, object: scene, queue: nil) {
        [weak app] _ in
        MainActor.assumeIsolated { app?.screenViews.enterForeground(window: id) }
      },
    ]
  }

  deinit {
    for token in tokens { NotificationCenter.default.removeObserver(token) }
  }
}
#endif
