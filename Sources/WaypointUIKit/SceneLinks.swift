#if canImport(UIKit)
public import UIKit
public import UserNotifications
public import Waypoint

/// Sends what a scene receives to the router, each with its external ``Waypoint/Origin``: URLs
/// from another app (`external`), universal links (`universalLink`) and notification responses
/// (`notification`).
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///   let links = SceneLinks(router: AppRouter.shared)
///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
///     links.connect(connectionOptions)
///   }
///   func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { links.open(URLContexts) }
///   func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { links.continue(userActivity) }
/// }
/// ```
///
/// Each link is opened in a task of its own; a link that fails goes to `failed` (a log, a
/// message to the user), never to a crash.
@MainActor
public final class SceneLinks {
  /// The router links go to.
  public let router: RouterHolder
  /// The key a notification's payload holds its link under.
  public var notificationLinkKey = "link"
  /// Called with each link that could not be opened.
  public var failed: @MainActor (String, RoutingError) -> Void

  /// Links for `router`; `failed` hears each one that could not be opened.
  public init(router: RouterHolder, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }) {
    self.router = router
    self.failed = failed
  }

  /// Opens what a scene was launched with: URLs, a universal link, a notification response.
  public func connect(_ options: UIScene.ConnectionOptions) {
    open(options.urlContexts)
    for activity in options.userActivities { self.continue(activity) }
    if let response = options.notificationResponse { open(response) }
  }

  /// Opens URLs another app sent, as `external`.
  public func open(_ contexts: Set<UIOpenURLContext>) {
    for context in contexts { open(context.url.absoluteString, origin: .external()) }
  }

  /// Opens a universal link (the web page URL of a web-browsing activity), as `universalLink`;
  /// activities without a web page URL are left to the app.
  public func `continue`(_ activity: NSUserActivity) {
    guard let url = activity.webpageURL else { return }
    open(url.absoluteString, origin: .universalLink)
  }

  /// Opens the link of a notification the user tapped, as `notification`.
  public func open(_ response: UNNotificationResponse) {
    let payload = response.notification.request.content.userInfo
    let link: String
    do {
      link = try Router.link(inNotification: payload, key: notificationLinkKey)
    } catch {
      failed("notification", error)
      return
    }
    open(link, origin: .notification)
  }

  private func open(_ link: String, origin: Origin) {
    let router = router
    Task {
      do throws(RoutingError) {
        _ = try await router.open(link, origin: origin)
      } catch {
        failed(link, error)
      }
    }
  }
}
#endif
