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
///   private var links: SceneLinks?
///
///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     links = SceneLinks(app: Self.app, scene: scene, options: options)
///     window = links?.uiWindow
///   }
///   func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) { links?.open(contexts) }
///   func scene(_ scene: UIScene, continue activity: NSUserActivity) { links?.continue(activity) }
///   func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
///                    completionHandler: @escaping (Bool) -> Void) {
///     completionHandler(links?.perform(shortcutItem) ?? false)
///   }
/// }
/// ```
///
/// Without the app object, make one over an inbox (``init(inbox:failed:)``) and hand it what the
/// scene was launched with (``connect(_:opening:)``).
///
/// The inbox keeps the order links come in (several URLs a scene receives at once come as a set,
/// in no order), holds them until the app says it is ready, and opens one tap reported twice
/// once; a link that fails or is dropped goes to `failed` (a log, a message to the user), never to
/// a crash.
///
/// **Notifications.** A tap that launches the app arrives in the connection options and, when
/// the app set a `UNUserNotificationCenter` delegate, in its `didReceive` too; each notification
/// (by its request identifier and delivery date, one id space for every way in) is opened once.
/// The delegate hands its tap to the app, in a UIKit app and a SwiftUI app alike:
///
/// ```swift
/// nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
///                                         withCompletionHandler done: @escaping @Sendable () -> Void) {
///   app.receiveNotification(response)
///   done()
/// }
/// ```
@MainActor
public final class SceneLinks {
  /// The inbox links go to.
  public let inbox: LinkInbox
  /// The router links go to.
  public var router: RouterHolder { inbox.router }
  /// The key a notification's payload holds its link under.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: set ``Waypoint/LinkInbox/Policy/notificationLinkKey``,
  /// which every way a tap comes in reads (a tap while the app runs reaches only the notification
  /// center's delegate, and `receiveNotification` never read this). Set here, it still wins for
  /// the taps this scene receives.
  @available(*, deprecated, message: "set LinkInbox.Policy.notificationLinkKey, which every way a tap comes in reads")
  public var notificationLinkKey: String {
    get { ownNotificationLinkKey ?? inbox.policy.notificationLinkKey }
    set { ownNotificationLinkKey = newValue }
  }
  private var ownNotificationLinkKey: String?
  /// Called with each link that could not be opened, or was dropped (code `dropped`).
  public var failed: @MainActor (String, RoutingError) -> Void
  /// The window (the scene's persistent identifier) these links arrive in; each link then
  /// carries it as the ``Waypoint/WindowCoordinators/windowExtra``, so a router over
  /// ``Waypoint/WindowCoordinators`` opens it there.
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
  /// The activity types the app itself opens new windows with (a note dragged out into a window
  /// of its own, `UISceneSessionActivationRequest`): such an activity in a scene's connection
  /// options opens its link (``handoffLink``) as the app's own, ``Waypoint/Origin/internal``, so
  /// internal routes open too.
  ///
  /// Only the connection options are trusted so: Handoff never arrives there (it comes through
  /// `scene(_:continue:)`, still `handoff` and external), but UIKit puts there whatever activity
  /// a new scene was asked for with, and a drag of another app can carry an activity of a type
  /// the app declares. List the types whose links the app is willing to open from any of them.
  public var inAppActivityTypes: Set<String> = []
  /// The link of a Handoff activity of the app's own types: by default the string under `link`
  /// in its `userInfo`; return `nil` for activities the app handles itself.
  public var handoffLink: @MainActor (NSUserActivity) -> String? = { activity in
    activity.userInfo?["link"] as? String
  }

  /// Links for `inbox`; `failed` hears each one that could not be opened or was dropped.
  ///
  /// - Parameters:
  ///   - inbox: Where the scene's links go; it holds them until the app is ready.
  ///   - failed: Hears each link that could not be opened or was dropped, with the error; by
  ///     default nothing hears them (the router's observers still do).
  public init(inbox: LinkInbox, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }) {
    self.inbox = inbox
    self.failed = failed
  }

  /// Links for `router` through an inbox of their own that is ready at once, for apps with
  /// nothing to wait for; `failed` hears each one that could not be opened.
  ///
  /// - Parameters:
  ///   - router: The router the links open with.
  ///   - failed: Hears each link that could not be opened, with the error; by default nothing
  ///     hears them (the router's observers still do).
  public convenience init(
    router: RouterHolder, failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
  ) {
    let inbox = LinkInbox(router: router)
    inbox.setReady(true)
    self.init(inbox: inbox, failed: failed)
  }

  /// The window made for the scene by ``init(app:scene:options:savedState:failed:)``, which the
  /// scene delegate keeps as its `window`.
  public private(set) var uiWindow: UIWindow?
  /// The navigator of that window, to set up right after `SceneLinks(app:scene:options:)`
  /// returns: its first plan runs once the scene delegate's method has returned.
  ///
  /// ```swift
  /// links = SceneLinks(app: Self.app, scene: scene, options: options)
  /// links?.navigator?.register(custom: "banner", bannerTransition)
  /// links?.navigator?.sheetDetents = [.medium(), .large()]
  /// ```
  public private(set) var navigator: UIKitNavigator?
  /// What the links follow of their scene: activation, disconnection, the window becoming key.
  private var sceneObservations: SceneObservations?
  /// The app whose window this is, once ``init(app:scene:options:savedState:failed:)`` opened it.
  private weak var app: WaypointApp?

  // MARK: - From a screen

  /// The links of each window they made, by the window's identity: how a view controller finds
  /// its window's links (`openLink(_:)`, `closeScreen()`).
  static var byWindow: [ObjectIdentifier: WeakLinks] = [:]

  struct WeakLinks {
    weak var links: SceneLinks?
  }

  /// Opens a link from a screen of this window: in the app's window, or through the inbox with
  /// this window named when the links have no app.
  func openLinkAction(_ link: String, _ presentation: Presentation?, _ extras: [String: any Sendable]) -> LinkOpening {
    if let app, let window { return app.open(link, fromWindow: window, presentation: presentation, extras: extras) }
    return inbox.open(link, fromWindow: window, presentation: presentation, extras: extras) { true }
  }

  /// Closes the screen `screen` of this window.
  func closeScreenAction(_ screen: String) -> ScreenClosing {
    if let app, let window { return app.closeScreen(screen, inWindow: window) }
    let closing = ScreenClosing(screen, window: window)
    closing.finish(.notShown)
    return closing
  }

  /// The window, links and navigator of one scene of `app`: the one line of a scene delegate.
  ///
  /// ```swift
  /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
  ///   links = SceneLinks(app: Self.app, scene: scene, options: options)
  ///   window = links?.uiWindow
  /// }
  /// ```
  ///
  /// Makes the scene's window and opens it in the app (a ``UIKitNavigator`` over it, shown on
  /// the app's `start` or the state saved for it, each tab's bar item made from its
  /// ``Waypoint/TabItem``, with the badges the app sets; a scene connected again with the same
  /// session replaces its old window), then hands the app what the scene was launched with and
  /// tells it the window is up, which makes the app ready (see `WaypointApp.readyOnFirstWindow`).
  ///
  /// The app follows the scene by itself: a link that names no window (a notification tap, an
  /// App Intent) opens in the one the user is in (its scene in the foreground and frontmost:
  /// `activeAppearance`), else the one last made active or key, a notification the system shows
  /// in this scene opens here, and
  /// once UIKit disconnects the scene (the user closed it in the app switcher, or the system
  /// reclaimed it) no link opens in it.
  ///
  /// - Parameters:
  ///   - app: The app, which keeps the window's screen coordinator.
  ///   - scene: The scene that connected; `nil` is returned for a scene that is not a
  ///     `UIWindowScene`.
  ///   - options: What the scene was launched with; its links wait until the app is ready. A link
  ///     that launched the app opens on the window's first state in one plan: no screen of that
  ///     state is shown before the link's.
  ///   - savedState: What an earlier run saved for this scene (the JSON of the window's state,
  ///     such as `WindowCoordinators.state(of:)` encoded in the scene's
  ///     `stateRestorationActivity`), restored as `WaypointApp.restoredState(from:)` restores it;
  ///     `nil` for the app's `start`.
  ///   - failed: Hears each link that could not be opened or was dropped, and a first state
  ///     that could not be shown.
  public convenience init?(
    app: WaypointApp, scene: UIScene, options: UIScene.ConnectionOptions?, savedState: Data? = nil,
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
  ) {
    guard let windowScene = scene as? UIWindowScene else { return nil }
    let window = UIWindow(windowScene: windowScene)
    self.init(inbox: app.inbox, failed: failed)
    uiWindow = window
    start(app: app, window: window, scene: windowScene, options: options, savedState: savedState, tabTitles: nil)
  }

  /// Opens the scene's window in `app` and shows its first state, or the link it was launched
  /// with; follows the scene from then on.
  func start(
    app: WaypointApp, window: UIWindow, scene: UIScene?, id: String? = nil, options: UIScene.ConnectionOptions?,
    savedState: Data?, tabTitles: [String: String]?
  ) {
    let id = id ?? scene?.session.persistentIdentifier ?? WaypointApp.mainWindow
    self.window = id
    self.app = app
    Self.byWindow[ObjectIdentifier(window)] = WeakLinks(links: self)
    let navigator = UIKitNavigator(window: window)
    self.navigator = navigator
    showBadges(of: app, on: navigator, window: id, tabTitles: tabTitles)
    let coordinator = app.addWindow(id, navigator: navigator)
    // The user is in this window while its scene is in the foreground and frontmost: a scene
    // beside another (iPad, Stage Manager, the Mac, Vision Pro) stays active when the user moves
    // to the other (https://developer.apple.com/documentation/uikit/uitraitcollection/activeappearance).
    app.windows.follow(
      frontmost: { [weak window] in
        guard let window, window.windowScene?.activationState == .foregroundActive else { return false }
        return window.traitCollection.activeAppearance == .active
      }, of: id)
    if let scene { sceneObservations = SceneObservations(app: app, window: window, scene: scene, id: id) }
    app.readsNotificationScenes()
    let restored = app.restoredState(from: savedState)
    let launched = options.map { Self.carriesLinks($0) } ?? false
    let failed = failed
    // A link that reaches the window before its first state is known opens on the app's start,
    // never on the empty window, and keeps its place (independent read, U5).
    coordinator.startOn(app.guarded(app.start))
    Task { @MainActor in
      // What of it can be shown now: never a blank window (third adapter review, B2, B17).
      let first = await app.firstState(restored, in: coordinator)
      // Taken as the gates are then (`ScreenCoordinator.startAsGatesAre`).
      coordinator.settleStart(on: first)
      if let options, launched {
        // The launch link opens on the first state in one plan: none of its screens is shown
        // before the link's. The first state is shown on its own once the launch links are
        // handled and none opened on it, when the app is not ready for them, or after
        // `launchLinkWait` (a link parked behind sign-in).
        self.handOver(options) { Task { await self.showFirst(in: coordinator, failed: failed) } }
        app.windowIsShown(id)
        if !app.isReady { await self.showFirst(in: coordinator, failed: failed) }
        try? await Task.sleep(for: Self.launchLinkWait)
        await self.showFirst(in: coordinator, failed: failed)
      } else {
        await self.showFirst(in: coordinator, failed: failed)
        // After the first state, so a launch link never lands before it (and is replaced by it)
        // when the app is ready already (a second scene, a scene connected again).
        if let options { self.connect(options) }
        app.windowIsShown(id)
      }
    }
  }

  /// Puts each tab's title (a deprecated `tabTitles` entry) and the app's badges on `navigator`'s
  /// tab bar items, now and as the app sets badges, while the window `id` is open with it.
  private func showBadges(
    of app: WaypointApp, on navigator: UIKitNavigator, window id: String, tabTitles: [String: String]?
  ) {
    let badges = app.tabBadges
    navigator.configureTab = { tab, stack in
      if let title = tabTitles?[tab] { stack.tabBarItem.title = title }
      stack.tabBarItem.badgeValue = badges.badge(onTab: tab)
    }
    badges.observe(
      { [weak navigator] tab, badge in
        guard let navigator else { return false }
        navigator.showBadge(badge, onTab: tab)
        return true
      },
      while: { [weak navigator, weak app] in
        // Listens while its window is open in the app with this navigator.
        navigator != nil && app?.coordinator(for: id)?.navigator === navigator
      })
  }

  /// How long a window launched with a link waits for it before it shows its first state
  /// anyway: a link still waiting then (parked behind sign-in) opens over it later.
  public static let launchLinkWait = Duration.milliseconds(500)

  /// Whether the options carry anything that may be a link: a Handoff launch carries only its
  /// activity's type, the activity coming later through `scene(_:continue:)`
  /// (https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/handoffuseractivitytype).
  private static func carriesLinks(_ options: UIScene.ConnectionOptions) -> Bool {
    !options.urlContexts.isEmpty || !options.userActivities.isEmpty || options.notificationResponse != nil
      || options.shortcutItem != nil || options.handoffUserActivityType != nil
  }

  /// Hands the launch links over, and calls `handled` once every one of them ended; a Handoff
  /// activity still to come counts as one, until it comes (or `launchLinkWait` ends the wait).
  private func handOver(_ options: UIScene.ConnectionOptions, handled: @escaping @MainActor () -> Void) {
    launch = Launch(then: handled)
    if let type = options.handoffUserActivityType {
      launch?.pending += 1
      launch?.awaitedHandoff = type
    }
    connect(options)
    launch?.handedOver = true
    endLaunchIfDone()
  }

  /// Shows the window's first state unless a link already opened on it (decided in the
  /// navigator's turn; a link whose plan failed puts the state back).
  private func showFirst(
    in coordinator: ScreenCoordinator, failed: @escaping @MainActor (String, RoutingError) -> Void
  ) async {
    do {
      try await coordinator.showPendingStart()
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
    /// The type of the Handoff activity the launch announced, until it comes.
    var awaitedHandoff: String?
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
  ///
  /// - Parameters:
  ///   - options: What UIKit handed the scene delegate's `scene(_:willConnectTo:options:)`.
  ///   - root: A link to open first, as the app's own (`internal`); `nil` (the default) opens
  ///     none.
  public func connect(_ options: UIScene.ConnectionOptions, opening root: String? = nil) {
    if let root { open(link: root, origin: .internal) }
    open(options.urlContexts)
    for activity in options.userActivities {
      // The app's own window activity (third adapter review, B7); Handoff never comes this way.
      if inAppActivityTypes.contains(activity.activityType), let link = handoffLink(activity) {
        var origin = Origin.internal
        origin.details["activityType"] = activity.activityType
        open(link: link, origin: origin)
      } else {
        self.continue(activity)
      }
    }
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
    // The Handoff a launch announced (third adapter review, B11): it holds the first state back
    // until it is handed over.
    let awaited = launch?.awaitedHandoff == activity.activityType
    if awaited { launch?.awaitedHandoff = nil }
    defer { if awaited { launchLinkEnded() } }
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
  /// notification: a launching tap that the notification center's delegate reports too
  /// (`WaypointApp.receiveNotification(_:)`) opens once.
  ///
  /// A plain tap opens it, and so do the actions the inbox's policy lists
  /// (``LinkInbox/Policy/notificationLinkActions``, those registered with `.foreground`). A
  /// dismissal (`UNNotificationDismissActionIdentifier`) or any other action, such as a
  /// background "Mark as read", opens nothing and is left to the app. A notification without
  /// a link (a plain reminder) is not a link and is not a failure; one whose link is not a
  /// string or a URL is reported to `failed`.
  public func open(_ response: UNNotificationResponse) {
    let notification = response.notification
    guard
      let tap = NotificationTap(
        payload: notification.request.content.userInfo,
        key: ownNotificationLinkKey ?? inbox.policy.notificationLinkKey,
        identifier: notification.request.identifier, action: response.actionIdentifier, date: notification.date,
        policy: inbox.policy)
    else { return }
    let extras: [String: any Sendable] = window.map { [WindowCoordinators.windowExtra: $0] } ?? [:]
    let failed = failed
    let counted = launch != nil
    if counted { launch?.pending += 1 }
    inbox.receive(tap, extras: extras) { outcome in
      Task { @MainActor in self.ended(outcome, link: "notification", counted: counted, failed: failed) }
    }
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
    let extras: [String: any Sendable] = window.map { [WindowCoordinators.windowExtra: $0] } ?? [:]
    let failed = failed
    let counted = launch != nil
    if counted { launch?.pending += 1 }
    inbox.receive(link, origin: origin, extras: extras, id: notification) { outcome in
      Task { @MainActor in self.ended(outcome, link: link, counted: counted, failed: failed) }
    }
  }

  /// A link handed over ended: a failure goes to `failed`, and a launch link is counted.
  private func ended(
    _ outcome: Result<RouteResult, RoutingError>, link: String, counted: Bool,
    failed: @MainActor (String, RoutingError) -> Void
  ) {
    if case .failure(let error) = outcome {
      failed(link, error)
      if counted, LinkInbox.isDuplicate(error) { launch?.sawDuplicate = true }
    }
    if counted { launchLinkEnded() }
  }
}

#endif
