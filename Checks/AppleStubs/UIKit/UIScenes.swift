import Synchronization

// Scenes and the links they receive (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uiscene — `@MainActor class UIScene`
@available(watchOS, unavailable)
@MainActor open class UIScene: UIResponder {
  /// Model only: what `activationState` reports.
  public var _modelActivationState = UIScene.ActivationState.foregroundActive
  /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions — `@MainActor class ConnectionOptions`
  @MainActor open class ConnectionOptions: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts — `var urlContexts: Set<UIOpenURLContext> { get }`
    open var urlContexts: Set<UIOpenURLContext> { _modelURLContexts }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities — `var userActivities: Set<NSUserActivity> { get }`
    open var userActivities: Set<NSUserActivity> { _modelActivities }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/notificationresponse
    /// `var notificationResponse: UNNotificationResponse? { get }` (not tvOS)
    @available(tvOS, unavailable)
    open var notificationResponse: UNNotificationResponse? { _modelResponse }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/shortcutitem
    /// `var shortcutItem: UIApplicationShortcutItem? { get }` (not tvOS; `nil` unless the user
    /// chose a quick action)
    @available(tvOS, unavailable)
    open var shortcutItem: UIApplicationShortcutItem? { _modelShortcut }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/handoffuseractivitytype
    /// `var handoffUserActivityType: String? { get }` — a Handoff launch carries only the
    /// activity's type: `userActivities` "doesn't contain user activity objects related to
    /// Handoff", whose activity comes later through `scene(_:continue:)`.
    open var handoffUserActivityType: String? { _modelHandoffType }
    private let _modelHandoffType: String?
    private let _modelURLContexts: Set<UIOpenURLContext>
    private let _modelActivities: Set<NSUserActivity>
    private let _modelResponse: UNNotificationResponse?
    private let _modelShortcut: UIApplicationShortcutItem?
    /// Model only: apps never make connection options.
    public init(
      _modelURLContexts: Set<UIOpenURLContext> = [], activities: Set<NSUserActivity> = [],
      response: UNNotificationResponse? = nil, shortcut: UIApplicationShortcutItem? = nil, handoffType: String? = nil
    ) {
      self._modelHandoffType = handoffType
      self._modelURLContexts = _modelURLContexts
      self._modelActivities = activities
      self._modelResponse = response
      self._modelShortcut = shortcut
    }
  }

  /// https://developer.apple.com/documentation/uikit/uiscene/openurloptions — `@MainActor class OpenURLOptions`
  @MainActor open class OpenURLOptions: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscene/openurloptions/sourceapplication — `var sourceApplication: String? { get }`
    open var sourceApplication: String? { _modelSource }
    private let _modelSource: String?
    /// Model only: apps never make options.
    public init(_modelSourceApplication source: String?) { _modelSource = source }
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene — `@MainActor class UIWindowScene : UIScene`
@available(watchOS, unavailable)
@MainActor open class UIWindowScene: UIScene {
  /// Model only: whether the scene is frontmost, which its windows' trait collections report as
  /// `activeAppearance` (unspecified until a test says; a scene in the foreground may be active
  /// without being frontmost: iPad side by side, Stage Manager, the Mac, Vision Pro).
  public var _modelActiveAppearance = UIUserInterfaceActiveAppearance.unspecified
}

extension UIScene {
  /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum
  /// `enum ActivationState` (iOS 13)
  public enum ActivationState: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/unattached — `case unattached`
    case unattached = -1
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundactive — `case foregroundActive`
    case foregroundActive = 0
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundinactive — `case foregroundInactive`
    case foregroundInactive = 1
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/background — `case background`
    case background = 2
  }

  /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
  /// `var activationState: UIScene.ActivationState { get }` (iOS 13); the model's scenes are in
  /// the foreground and active unless a test says otherwise.
  public var activationState: ActivationState { _modelActivationState }
}

extension UIScene {
  /// https://developer.apple.com/documentation/uikit/uiscene/didactivatenotification
  /// `nonisolated class let didActivateNotification: NSNotification.Name`: "the scene is now
  /// onscreen and responding to user events"; UIKit puts the scene in the notification's object.
  nonisolated public static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
  /// https://developer.apple.com/documentation/uikit/uiscene/willdeactivatenotification
  /// `nonisolated class let willDeactivateNotification: NSNotification.Name`
  nonisolated public static let willDeactivateNotification = NSNotification.Name("UISceneWillDeactivateNotification")
  /// https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification
  /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
    "UISceneDidEnterBackgroundNotification")
  /// https://developer.apple.com/documentation/uikit/uiscene/willenterforegroundnotification
  /// `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
    "UISceneWillEnterForegroundNotification")
  /// https://developer.apple.com/documentation/uikit/uiscene/diddisconnectnotification
  /// `nonisolated class let didDisconnectNotification: NSNotification.Name`: UIKit disconnects a
  /// scene "when the user explicitly closes it in the app switcher", or to reclaim its memory,
  /// and may connect its session again later with a new scene
  /// (https://developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)).
  nonisolated public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")

  /// Model only: the scene comes on screen and takes the user's events (launch, or the user
  /// switched to it): UIKit posts `didActivateNotification` with the scene.
  public func _modelActivate() {
    NotificationCenter.default.post(name: UIScene.didActivateNotification, object: self)
  }

  /// Model only: the scene leaves the foreground (the user went home, or to another app): UIKit
  /// posts `willDeactivateNotification`, then `didEnterBackgroundNotification`, with the scene.
  public func _modelEnterBackground() {
    NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: self)
    NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: self)
  }

  /// Model only: the scene comes back from the background: UIKit posts
  /// `willEnterForegroundNotification`, then `didActivateNotification`, with the scene.
  public func _modelEnterForeground() {
    NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: self)
    NotificationCenter.default.post(name: UIScene.didActivateNotification, object: self)
  }

  /// Model only: UIKit disconnects the scene (the user closed it in the app switcher, or the
  /// system reclaimed it): it posts `didDisconnectNotification` with the scene.
  public func _modelDisconnect() {
    NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: self)
  }
}

extension UIScene {
  /// https://developer.apple.com/documentation/uikit/uiscene/session — `var session: UISceneSession { get }`
  public var session: UISceneSession {
    if let session = UIScene._modelSessions[ObjectIdentifier(self)] { return session }
    let session = UISceneSession(_modelIdentifier: "scene-\(UIScene._modelSessions.count + 1)")
    UIScene._modelSessions[ObjectIdentifier(self)] = session
    return session
  }
  /// Model only: UIKit gives each scene its session; a test names the one it wants.
  public func _modelSetSession(_ session: UISceneSession) {
    UIScene._modelSessions[ObjectIdentifier(self)] = session
  }
  private static var _modelSessions: [ObjectIdentifier: UISceneSession] = [:]
}

extension UNNotificationResponse {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/targetscene
  /// `var targetScene: UIScene? { get }` (iOS 13, in UIKit's additions to the class; `nil` on
  /// the Mac, per an answer on the developer forums, thread 719328): the scene where the
  /// response is reflected. The page shows no actor, so the notification center's delegate,
  /// which is not main-actor isolated, reads it where the response arrives; a `UIScene` is
  /// main-actor isolated, so its `session` is read on the main actor.
  public var targetScene: UIScene? {
    UNNotificationResponse._modelTargets.withLock { $0[ObjectIdentifier(self)]?.scene }
  }
  /// Model only: the scene UIKit names as the response's target.
  @MainActor public func _modelSetTargetScene(_ scene: UIScene?) {
    UNNotificationResponse._modelTargets.withLock { $0[ObjectIdentifier(self)] = _ModelTarget(scene: scene) }
  }
  private struct _ModelTarget: Sendable {
    let scene: UIScene?
  }
  private static let _modelTargets = Mutex<[ObjectIdentifier: _ModelTarget]>([:])
}

/// https://developer.apple.com/documentation/uikit/uiscenesession — `@MainActor class UISceneSession`
@available(watchOS, unavailable)
@MainActor open class UISceneSession: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiscenesession/persistentidentifier
  /// `var persistentIdentifier: String { get }` — unique for the session and its scene
  open var persistentIdentifier: String { _modelIdentifier }
  private let _modelIdentifier: String
  /// https://developer.apple.com/documentation/uikit/uiscenesession/staterestorationactivity
  /// `var stateRestorationActivity: NSUserActivity? { get set }` — the copy of what the scene
  /// delegate's `stateRestorationActivity(for:)` returned before the scene disconnected; `nil`
  /// when there is none, or while the device is locked.
  open var stateRestorationActivity: NSUserActivity?
  /// Model only: UIKit makes sessions, apps never do.
  public init(_modelIdentifier identifier: String) { _modelIdentifier = identifier }
}

/// https://developer.apple.com/documentation/uikit/uiopenurlcontext — `@MainActor class UIOpenURLContext`
@available(watchOS, unavailable)
@MainActor open class UIOpenURLContext: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url — `var url: URL { get }` (non-optional)
  open var url: URL { _modelURL }
  /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/options — `var options: UIScene.OpenURLOptions { get }`
  open var options: UIScene.OpenURLOptions { _modelOptions }
  private let _modelURL: URL
  private let _modelOptions: UIScene.OpenURLOptions
  /// Model only.
  public init(_modelURL url: URL, sourceApplication: String? = nil) {
    _modelURL = url
    _modelOptions = UIScene.OpenURLOptions(_modelSourceApplication: sourceApplication)
  }
}

/// https://developer.apple.com/documentation/uikit/uiscenedelegate — `@MainActor protocol UISceneDelegate : NSObjectProtocol`
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
  func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/staterestorationactivity(for:)
  /// `optional func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?`
  func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
  public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/staterestorationactivity(for:) —
  /// optional in UIKit: a delegate that does not implement it saves nothing (`nil`).
  public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate — `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window — `optional var window: UIWindow? { get set }`
  var window: UIWindow? { get set }
  /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/windowscene(_:performactionfor:completionhandler:)
  /// `optional func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)`
  /// (not tvOS; the completion is neither `@Sendable` nor `@MainActor`)
  @available(tvOS, unavailable)
  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void)
}

extension UIWindowSceneDelegate {
  @available(tvOS, unavailable)
  public func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {}
}

/// https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem — `class UIApplicationShortcutItem`
/// (no `@MainActor` on the page; iOS 9.0, not tvOS)
@available(tvOS, unavailable)
open class UIApplicationShortcutItem: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/type — `var type: String { get }`
  open var type: String { _modelType }
  /// The read-only `userInfo` of the item, as the designated initializer's parameter and
  /// https://developer.apple.com/documentation/uikit/uimutableapplicationshortcutitem/userinfo
  /// (`var userInfo: [String : any NSSecureCoding]? { get set }`) type it: optional, values
  /// `any NSSecureCoding`.
  open var userInfo: [String: any NSSecureCoding]? { _modelUserInfo }
  private let _modelType: String
  private let _modelUserInfo: [String: any NSSecureCoding]?

  /// https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/init(type:localizedtitle:localizedsubtitle:icon:userinfo:)
  /// `init(type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?, userInfo: [String : any NSSecureCoding]? = nil)`
  public init(
    type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?,
    userInfo: [String: any NSSecureCoding]? = nil
  ) {
    _modelType = type
    _modelUserInfo = userInfo
  }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon — `class UIApplicationShortcutIcon`
@available(tvOS, unavailable)
open class UIApplicationShortcutIcon: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiapplication — `@MainActor class UIApplication`
/// (the app's one instance, which UIKit makes; the model has only what the delegate receives).
@available(watchOS, unavailable)
@MainActor open class UIApplication: UIResponder {
  /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
  /// `struct LaunchOptionsKey` (a raw-valued string key)
  public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
/// `@MainActor protocol UIApplicationDelegate : NSObjectProtocol` — its requirements are
/// `optional`, modelled as plain requirements with defaults.
@available(watchOS, unavailable)
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willfinishlaunchingwithoptions:)
  /// `optional func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool`
  /// (`launchOptions` is `nil` in an app with scenes)
  func application(
    _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
}

@available(watchOS, unavailable)
extension UIApplicationDelegate {
  public func application(
    _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
}
