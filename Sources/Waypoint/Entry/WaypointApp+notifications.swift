#if canImport(UserNotifications) && !os(tvOS)
public import UserNotifications

extension WaypointApp {
  /// Opens the link of a notification the user tapped, once: the one way to hand the app a tap,
  /// from the notification center's delegate, in a UIKit app and a SwiftUI app alike.
  ///
  /// ```swift
  /// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
  ///                             withCompletionHandler done: @escaping @Sendable () -> Void) {
  ///   app.receiveNotification(response)
  ///   done()
  /// }
  /// ```
  ///
  /// - The link is the payload's `link` (a string or a URL; another key with the inbox's
  ///   ``LinkInbox/Policy/notificationLinkKey``); a notification without one opens nothing.
  /// - A plain tap opens it, and so do the actions the inbox's policy lists
  ///   (``LinkInbox/Policy/notificationLinkActions``); a dismissal or any other action (a
  ///   background "Mark as read") opens nothing, and `completion` hears `dropped` with the reason.
  /// - It opens in the window the system shows the response in (`targetScene`), else in the
  ///   one the user was last in.
  /// - A launching tap, which the scene's connection options report too, opens once; the same
  ///   notification posted again (a new delivery date) and tapped again is a new tap.
  ///
  /// The delegate is not main-actor isolated, and neither is this method: call it where the
  /// response arrives.
  ///
  /// - Parameters:
  ///   - response: The response the delegate received.
  ///   - completion: Hears how the link ended, once.
  public nonisolated func receiveNotification(
    _ response: UNNotificationResponse, completion: LinkInbox.Completion? = nil
  ) {
    let notification = response.notification
    guard
      let tap = NotificationTap(
        payload: notification.request.content.userInfo, key: inbox.policy.notificationLinkKey,
        identifier: notification.request.identifier,
        action: response.actionIdentifier, date: notification.date, policy: inbox.policy)
    else { return }
    let inbox = inbox
    // The scene the system shows the response in, as the UI adapter reads it (`targetScene` is
    // UIKit's); its window is known on the main actor.
    if let scene = notificationScene.withLock({ $0 })?(response) {
      Task { @MainActor in
        inbox.receive(tap, extras: Self.extras(window: self.windows.window(forScene: scene)), completion: completion)
      }
      return
    }
    inbox.receive(tap, completion: completion)
  }
}

/// How the UI adapter reads the scene a notification response targets: UIKit's
/// `targetScene`, which the core cannot name.
package typealias NotificationSceneReader = @Sendable (UNNotificationResponse) -> ObjectIdentifier?
#endif
