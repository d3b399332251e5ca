#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit
public import UserNotifications
public import Waypoint

/// Sends what a scene receives to the router, each with its external ``Waypoint/Origin``: URLs
/// from another app (`external`, with the sending app's bundle identifier when the system gives
/// it, which it does for apps of the same team), universal links (`universalLink`) and
/// notification taps (`notification`).
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///   var window: UIWindow?
///   var links: SceneLinks?
///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
///     // … make the window, the navigator and the router, then:
///     links = SceneLinks(router: router)
///     links?.connect(connectionOptions, opening: "myapp://inbox")
///   }
///   func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { links?.open(URLContexts) }
///   func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { links?.continue(userActivity) }
/// }
/// ```
///
/// Links are opened one after another, in the order they came, in one task (several URLs a scene
/// receives at once come as a set, in no order); a link that fails goes to `failed` (a log, a
/// message to the user), never to a crash.
///
/// **Notifications.** A tap that launches the app arrives in the connection options and, when
/// the app set a `UNUserNotificationCenter` delegate at launch, in its `didReceive` too; each
/// notification (by its request identifier) is opened once. `UNUserNotificationCenterDelegate`
/// is not main-actor isolated, so take the link out of the response there and hand it over:
///
/// ```swift
/// nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
///   let request = response.notification.request
///   // the payload's key, if the app changed `notificationLinkKey`
///   guard let link = try? Router.link(inNotification: request.content.userInfo, key: "link") else { return }
///   await links.open(link: link, origin: .notification, notification: request.identifier)
/// }
/// ```
@MainActor
public final class SceneLinks {
  /// The router links go to.
  public let router: RouterHolder
  /// The key a notification's payload holds its link under.
  public var notificationLinkKey = "link"
  /// Called with each link that could not be opened.
  public var failed: @MainActor (String, RoutingError) -> Void
  /// The window (the scene's persistent identifier) these links arrive in; each link then
  /// carries it as the ``Waypoint/WindowNavigators/windowExtra``, so a router over
  /// ``Waypoint/WindowNavigators`` opens it there.
  public var window: String?
  /// The identifiers of the notifications opened, newest last (a few are kept).
  private var openedNotifications: [String] = []
  /// The links still to open, in order.
  private var queue: [(link: String, origin: Origin)] = []
  private var opening = false

  /// Links for `router`; `failed` hears each one that could not be opened.
  public init(router: RouterHolder, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }) {
    self.router = router
    self.failed = failed
  }

  /// Opens what a scene was launched with — URLs, a universal link, a notification tap — after
  /// `root` (the app's first screen, so a normal launch is not a blank window) when given.
  public func connect(_ options: UIScene.ConnectionOptions, opening root: String? = nil) {
    if let root { open(link: root, origin: .internal) }
    open(options.urlContexts)
    for activity in options.userActivities { self.continue(activity) }
    if let response = options.notificationResponse { open(response) }
  }

  /// Opens URLs another app sent, as `external` with the sending app's bundle identifier (when
  /// the system gives it).
  public func open(_ contexts: Set<UIOpenURLContext>) {
    for context in contexts {
      open(link: context.url.absoluteString, origin: .external(sourceApplication: context.options.sourceApplication))
    }
  }

  /// Opens a universal link (the web page URL of a web-browsing activity), as `universalLink`;
  /// other activities (Handoff of the app's own types) are left to the app.
  public func `continue`(_ activity: NSUserActivity) {
    guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return }
    open(link: url.absoluteString, origin: .universalLink)
  }

  /// Opens the link of a notification the user tapped, as `notification`, once per notification.
  public func open(_ response: UNNotificationResponse) {
    let request = response.notification.request
    let link: String
    do {
      link = try Router.link(inNotification: request.content.userInfo, key: notificationLinkKey)
    } catch {
      failed("notification", error)
      return
    }
    open(link: link, origin: .notification, notification: request.identifier)
  }

  /// Opens `link` with `origin`, after the links that came before it.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: Where it came from.
  ///   - notification: The identifier of the notification request the link came from; a
  ///     notification already opened is not opened again.
  public func open(link: String, origin: Origin, notification: String? = nil) {
    if let notification {
      guard !openedNotifications.contains(notification) else { return }
      openedNotifications = Array((openedNotifications + [notification]).suffix(32))
    }
    queue.append((link, origin))
    guard !opening else { return }
    opening = true
    Task { await drain() }
  }

  private func drain() async {
    while !queue.isEmpty {
      let (link, origin) = queue.removeFirst()
      let extras: [String: any Sendable] = window.map { [WindowNavigators.windowExtra: $0] } ?? [:]
      do throws(RoutingError) {
        _ = try await router.router.open(link, origin: origin, extras: extras)
      } catch {
        failed(link, error)
      }
    }
    opening = false
  }
}
#endif
