#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit
public import UserNotifications
public import Waypoint
import CoreSpotlight

/// Hands everything a scene receives to a ``Waypoint/LinkInbox``, each with the ``Waypoint/Origin``
/// of its door: URLs from another app (`external`, with the sending app's bundle identifier when
/// the system gives it), widget links (`widget`, marked with ``Waypoint/Origin/widgetLink(_:kind:)``),
/// universal links (`universalLink`, with the referrer), App Clip invocations (`appClip`),
/// Spotlight results (`spotlight`), Handoff (`handoff`), Home Screen quick actions
/// (`quickAction`) and notification taps (`notification`).
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///   var window: UIWindow?
///   var links: SceneLinks?
///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
///     // … make the window, the navigator, the router and the inbox, then:
///     links = SceneLinks(inbox: inbox)
///     links?.connect(connectionOptions, opening: "myapp://inbox")
///   }
///   func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) { links?.open(URLContexts) }
///   func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { links?.continue(userActivity) }
///   func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
///                    completionHandler: @escaping (Bool) -> Void) {
///     completionHandler(links?.perform(shortcutItem) ?? false)
///   }
/// }
/// ```
///
/// The inbox keeps the order links come in (several URLs a scene receives at once come as a set,
/// in no order), holds them until the app says it is ready, and opens one tap reported twice
/// once; a link that fails or is dropped goes to `failed` (a log, a message to the user), never to
/// a crash.
///
/// **Notifications.** A tap that launches the app arrives in the connection options and, when
/// the app set a `UNUserNotificationCenter` delegate, in its `didReceive` too; each notification
/// (by its request identifier, one id space for every way in) is opened once. The delegate is not
/// main-actor isolated; `WaypointApp.receiveNotification` may be called from it directly:
///
/// ```swift
/// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
///                             withCompletionHandler done: @escaping @Sendable () -> Void) {
///   let request = response.notification.request
///   app.receiveNotification(link: request.content.userInfo["link"] as? String, identifier: request.identifier,
///                           action: response.actionIdentifier)
///   done()
/// }
/// ```
///
/// Without the app object, hand the same strings to ``open(link:origin:notification:)`` on the
/// main actor.
@MainActor
public final class SceneLinks {
  /// The inbox links go to.
  public let inbox: LinkInbox
  /// The router links go to.
  public var router: RouterHolder { inbox.router }
  /// The key a notification's payload holds its link under.
  public var notificationLinkKey = "link"
  /// Called with each link that could not be opened, or was dropped (code `dropped`).
  public var failed: @MainActor (String, RoutingError) -> Void
  /// The window (the scene's persistent identifier) these links arrive in; each link then
  /// carries it as the ``Waypoint/WindowNavigators/windowExtra``, so a router over
  /// ``Waypoint/WindowNavigators`` opens it there.
  public var window: String?
  /// Whether this is an App Clip, whose invocations (web-browsing activities) are `appClip`
  /// links rather than universal links.
  public var isAppClip = false
  /// The link of a Home Screen quick action: by default the string under `link` in its
  /// `userInfo`; return `nil` for an item that opens no link.
  public var quickActionLink: @MainActor (UIApplicationShortcutItem) -> String? = { item in
    item.userInfo?["link"] as? String
  }
  /// The link of a Spotlight result, from the searchable item's unique identifier: by default
  /// the identifier itself (index items with their link as the identifier).
  public var spotlightLink: @MainActor (String) -> String? = { $0 }
  /// The link of a Handoff activity of the app's own types: by default the string under `link`
  /// in its `userInfo`; return `nil` for activities the app handles itself.
  public var handoffLink: @MainActor (NSUserActivity) -> String? = { activity in
    activity.userInfo?["link"] as? String
  }

  /// Links for `inbox`; `failed` hears each one that could not be opened or was dropped.
  public init(inbox: LinkInbox, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }) {
    self.inbox = inbox
    self.failed = failed
  }

  /// Links for `router` through an inbox of their own that is ready at once, for apps with
  /// nothing to wait for; `failed` hears each one that could not be opened.
  public convenience init(
    router: RouterHolder, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
  ) {
    let inbox = LinkInbox(router: router)
    inbox.setReady(true)
    self.init(inbox: inbox, failed: failed)
  }

  /// The links, window and navigator of one scene of `app`.
  ///
  /// Opens the scene's window in the app
  /// (a ``UIKitNavigator`` over `window`, shown on the app's `start` or the state saved for it,
  /// titled by `tabTitles`;
  /// a scene connected again with the same session replaces its old window), then hands the app
  /// what the scene was launched with and tells it the window is up, which makes the app ready
  /// (see `WaypointApp.readyOnFirstWindow`). A first state that cannot be shown goes to `failed`,
  /// and links then open on what the window shows.
  ///
  /// ```swift
  /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
  ///   guard let scene = scene as? UIWindowScene else { return }
  ///   let window = UIWindow(windowScene: scene)
  ///   self.window = window
  ///   links = SceneLinks(app: app, window: window, session: session, options: options)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - app: The app, which keeps the window's screen coordinator.
  ///   - window: The scene's window; the navigator makes it key and visible.
  ///   - session: The scene's session, whose persistent identifier names the window, so links
  ///     that arrive here open here.
  ///   - options: What the scene was launched with; its links wait until the app is ready.
  ///     A link that launched the app opens on the window's first state in one plan: no screen
  ///     of that state is shown before the link's.
  ///   - savedState: What an earlier run saved for this scene (the JSON of the window's state,
  ///     such as `WindowNavigators.state(of:)` encoded in the scene's
  ///     `stateRestorationActivity`), restored as `WaypointApp.restoredState(from:)` restores it;
  ///     `nil` for the app's `start`.
  ///   - tabTitles: The title of each tab of `app.start`, by id; a tab without one shows its id.
  ///   - failed: Hears each link that could not be opened or was dropped, and a first state
  ///     that could not be shown.
  public convenience init(
    app: WaypointApp, window: UIWindow, session: UISceneSession, options: UIScene.ConnectionOptions?,
    savedState: Data? = nil, tabTitles: [String: String] = [:],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
  ) {
    self.init(inbox: app.inbox, failed: failed)
    let id = session.persistentIdentifier
    self.window = id
    let navigator = UIKitNavigator(window: window)
    navigator.configureTab = { tab, stack in stack.tabBarItem.title = tabTitles[tab] ?? tab }
    let modules = app.openWindow(id, navigator: navigator)
    let first = app.restoredState(from: savedState)
    let launched = options.map { Self.carriesLinks($0) } ?? false
    Task { @MainActor in
      if let options, launched {
        // The launch link opens on the first state in one plan: none of its screens is shown
        // before the link's. The first state is shown on its own once the launch links are
        // handled and none opened on it, when the app is not ready for them, or after
        // `launchLinkWait` (a link parked behind sign-in).
        modules.startOn(first)
        self.handOver(options) { Task { await self.showFirst(in: modules, failed: failed) } }
        app.windowIsShown(id)
        if !app.isReady { await self.showFirst(in: modules, failed: failed) }
        try? await Task.sleep(for: Self.launchLinkWait)
        await self.showFirst(in: modules, failed: failed)
      } else {
        modules.startOn(first)
        await self.showFirst(in: modules, failed: failed)
        // After the first state, so a launch link never lands before it (and is replaced by it)
        // when the app is ready already (a second scene, a scene connected again).
        if let options { self.connect(options) }
        app.windowIsShown(id)
      }
    }
  }

  /// How long a window launched with a link waits for it before it shows its first state
  /// anyway: a link still waiting then (parked behind sign-in) opens over it later.
  public static let launchLinkWait = Duration.milliseconds(500)

  /// Whether the options carry anything that may be a link.
  private static func carriesLinks(_ options: UIScene.ConnectionOptions) -> Bool {
    !options.urlContexts.isEmpty || !options.userActivities.isEmpty || options.notificationResponse != nil
      || options.shortcutItem != nil
  }

  /// Hands the launch links over, and calls `handled` once every one of them ended.
  private func handOver(_ options: UIScene.ConnectionOptions, handled: @escaping @MainActor () -> Void) {
    launch = Launch(then: handled)
    connect(options)
    launch?.handedOver = true
    endLaunchIfDone()
  }

  /// Shows the window's first state unless a link already opened on it (decided in the
  /// navigator's turn; a link whose plan failed puts the state back).
  private func showFirst(
    in modules: ScreenCoordinator, failed: @escaping @MainActor (String, RoutingError) -> Void
  ) async {
    do {
      try await modules.showPendingStart()
    } catch {
      failed("the first state", RoutingError(.handlerFailed, "the window's first state could not be shown: \(error)"))
    }
  }

  /// The launch links being handed over: how many have not ended, and what to do once none is
  /// left.
  private struct Launch {
    var pending = 0
    var handedOver = false
    /// Whether one of them was a duplicate of a link the inbox had already (a notification tap
    /// its delegate reported first): that one is under way, and may still open on the state.
    var sawDuplicate = false
    let then: @MainActor () -> Void
  }
  private var launch: Launch?

  private func endLaunchIfDone() {
    guard let launch, launch.handedOver, launch.pending == 0 else { return }
    self.launch = nil
    if !launch.sawDuplicate { launch.then() }
  }

  private func launchLinkEnded() {
    launch?.pending -= 1
    endLaunchIfDone()
  }

  /// Opens what a scene was launched with — URLs, a universal link, a Spotlight result, a
  /// notification tap, a quick action — after `root` (the app's first screen, so a normal launch
  /// is not a blank window) when given.
  public func connect(_ options: UIScene.ConnectionOptions, opening root: String? = nil) {
    if let root { open(link: root, origin: .internal) }
    open(options.urlContexts)
    for activity in options.userActivities { self.continue(activity) }
    if let response = options.notificationResponse { open(response) }
    if let item = options.shortcutItem { _ = perform(item) }
  }

  /// Opens URLs another app (or a widget of this one) sent, as `external` with the sending
  /// app's bundle identifier when the system gives it; the inbox reads a widget's mark.
  public func open(_ contexts: Set<UIOpenURLContext>) {
    for context in contexts {
      open(link: context.url.absoluteString, origin: .external(sourceApplication: context.options.sourceApplication))
    }
  }

  /// Opens what an activity carries: a universal link (or an App Clip invocation) from a
  /// web-browsing activity, a Spotlight result, or a Handoff of the app's own types through
  /// ``handoffLink``.
  public func `continue`(_ activity: NSUserActivity) {
    switch activity.activityType {
    case NSUserActivityTypeBrowsingWeb:
      guard let url = activity.webpageURL?.absoluteString else { return }
      let origin: Origin =
        isAppClip ? .appClip(invocation: url) : .universalLink(referrer: activity.referrerURL?.absoluteString)
      open(link: url, origin: origin)
    case CSSearchableItemActionType:
      guard let identifier = activity.userInfo?[CSSearchableItemActivityIdentifier] as? String,
        let link = spotlightLink(identifier)
      else { return }
      open(link: link, origin: .spotlight(identifier: identifier))
    default:
      guard let link = handoffLink(activity) else { return }
      open(link: link, origin: .handoff(activityType: activity.activityType, userInfo: activity.userInfo ?? [:]))
    }
  }

  /// Opens the link of a Home Screen quick action; returns whether it had one, for the
  /// delegate's completion handler.
  @discardableResult
  public func perform(_ item: UIApplicationShortcutItem) -> Bool {
    guard let link = quickActionLink(item) else { return false }
    open(link: link, origin: .quickAction(type: item.type, userInfo: item.userInfo ?? [:]))
    return true
  }

  /// Opens the link of a notification the user tapped, as `notification`, once per
  /// notification.
  ///
  /// A plain tap opens it, and so do the actions the inbox's policy lists
  /// (``LinkInbox/Policy/notificationLinkActions``, those registered with `.foreground`). A
  /// dismissal (`UNNotificationDismissActionIdentifier`) or any other action, such as a
  /// background "Mark as read", opens nothing and is left to the app. A notification without
  /// a link (a plain reminder) is not a link and is not a failure; one whose link is not a
  /// string or a URL is reported to `failed`.
  public func open(_ response: UNNotificationResponse) {
    let request = response.notification.request
    guard request.content.userInfo[notificationLinkKey] != nil,
      inbox.policy.refusal(ofNotificationAction: response.actionIdentifier) == nil
    else { return }
    let link: String
    do {
      link = try Router.link(inNotification: request.content.userInfo, key: notificationLinkKey)
    } catch {
      failed("notification", error)
      return
    }
    let origin = Origin.notification(
      identifier: request.identifier, action: response.actionIdentifier, payload: request.content.userInfo)
    open(link: link, origin: origin, notification: request.identifier)
  }

  /// Hands `link` to the inbox with `origin`, after the links that came before it.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: Where it came from.
  ///   - notification: The identifier of the notification request the link came from; a
  ///     notification already received is not opened again. A notification's origin that names
  ///     an action (``Waypoint/Origin/notification(identifier:action:payload:)``) opens only for
  ///     a plain tap and the policy's `notificationLinkActions`, as opening the response does.
  public func open(link: String, origin: Origin, notification: String? = nil) {
    if origin.kind == Origin.notification.kind,
      inbox.policy.refusal(ofNotificationAction: origin.details["action"]) != nil
    {
      return
    }
    let extras: [String: any Sendable] = window.map { [WindowNavigators.windowExtra: $0] } ?? [:]
    let failed = failed
    let counted = launch != nil
    if counted { launch?.pending += 1 }
    inbox.receive(link, origin: origin, extras: extras, id: notification) { outcome in
      Task { @MainActor in
        if case .failure(let error) = outcome {
          failed(link, error)
          if counted, LinkInbox.isDuplicate(error) { self.launch?.sawDuplicate = true }
        }
        if counted { self.launchLinkEnded() }
      }
    }
  }
}
#endif
