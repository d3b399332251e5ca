// Interface stubs of exactly the UIKit declarations Waypoint's UIKit adapter, the example app
// and the README use, for the Linux check only: no product depends on this folder.
//
// Each declaration copies the signature, optionality and isolation of the documentation page
// named beside it (see also ../../shared/reference/apple-declarations.md). Bodies are a small
// model of what the pages document (a navigation controller's `viewControllers`, the presented
// view controller, delegate calls), so adapter behaviour can be tested against it; they are not
// Apple's code. Two kinds of difference cannot be avoided on Linux and are listed in
// Checks/README.md: superclasses the type pages do not show are filled in, and `optional`
// protocol requirements (Objective-C only) are plain requirements with empty defaults.
@_exported import Foundation
@_exported import UserNotifications
@_exported import AppleFoundation

// MARK: - Responders and views

/// https://developer.apple.com/documentation/uikit/uiresponder — `@MainActor class UIResponder`
@MainActor open class UIResponder: NSObject {
  public override init() { super.init() }
}

/// https://developer.apple.com/documentation/uikit/uiview (superclass UIResponder, per the
/// UIResponder page's overview).
@MainActor open class UIView: UIResponder {
  /// https://developer.apple.com/documentation/uikit/uiview/frame — `var frame: CGRect { get set }`
  open var frame: CGRect = .zero
  /// Model only: the superview `addSubview(_:)` set.
  public private(set) weak var _modelSuperview: UIView?
  /// Model only: the subviews.
  public private(set) var _modelSubviews: [UIView] = []

  /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:) — `func addSubview(_ view: UIView)`
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    _modelSubviews.append(view)
    view._modelSuperview = self
  }

  /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview() — `func removeFromSuperview()`
  open func removeFromSuperview() {
    _modelSuperview?._modelSubviews.removeAll { $0 === self }
    _modelSuperview = nil
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindow — `@MainActor class UIWindow`
@MainActor open class UIWindow: UIView {
  /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
  /// `var rootViewController: UIViewController? { get set }`
  open var rootViewController: UIViewController?
  /// Model only: whether `makeKeyAndVisible()` was called.
  public private(set) var _modelIsKey = false

  /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:) — `init(windowScene: UIWindowScene)`
  public init(windowScene: UIWindowScene) { super.init() }

  /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible() — `func makeKeyAndVisible()`
  open func makeKeyAndVisible() { _modelIsKey = true }
}

// MARK: - View controllers

/// https://developer.apple.com/documentation/uikit/uiviewcontroller — `@MainActor class UIViewController`
@MainActor open class UIViewController: UIResponder {
  private var loadedView: UIView?
  private var storedPresentation: UIPresentationController?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)` — designated.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
  /// `init?(coder: NSCoder)` — required, so a subclass with its own designated initializer must
  /// implement it, as with the SDK.
  public required init?(coder: NSCoder) { super.init() }

  /// `UIViewController()`, NSObject's initializer, which UIKit routes to `init(nibName: nil, bundle: nil)`.
  public override convenience init() { self.init(nibName: nil, bundle: nil) }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view — `var view: UIView! { get set }`
  open var view: UIView! {
    get {
      if loadedView == nil { loadedView = UIView() }
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
  /// `var presentedViewController: UIViewController? { get }`
  open internal(set) var presentedViewController: UIViewController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
  /// `var presentingViewController: UIViewController? { get }`
  open internal(set) weak var presentingViewController: UIViewController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
  /// `var navigationController: UINavigationController? { get }`
  open internal(set) weak var navigationController: UINavigationController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
  /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed — `var isBeingDismissed: Bool { get }`
  open var isBeingDismissed: Bool { false }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
  /// `var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { get }` — the model
  /// animates nothing, so there is never a transition in flight.
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/children — `var children: [UIViewController] { get }`
  open private(set) var children: [UIViewController] = []
  /// Model only: the parent `addChild(_:)` set.
  public private(set) weak var _modelParent: UIViewController?
  /// Model only: what `showDetailViewController(_:sender:)` was last asked to show.
  public private(set) var _modelShownDetail: UIViewController?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
  /// `var presentationController: UIPresentationController? { get }`
  open var presentationController: UIPresentationController? {
    if storedPresentation == nil {
      switch modalPresentationStyle {
      case .popover: storedPresentation = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
      case .pageSheet, .formSheet, .automatic:
        storedPresentation = UISheetPresentationController(presentedViewController: self, presenting: nil)
      default: storedPresentation = UIPresentationController(presentedViewController: self, presenting: nil)
      }
    }
    return storedPresentation
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/sheetpresentationcontroller
  /// `var sheetPresentationController: UISheetPresentationController? { get }` (iOS 15)
  open var sheetPresentationController: UISheetPresentationController? {
    presentationController as? UISheetPresentationController
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller
  /// `var popoverPresentationController: UIPopoverPresentationController? { get }`
  open var popoverPresentationController: UIPopoverPresentationController? {
    presentationController as? UIPopoverPresentationController
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
  /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
    precondition(presentedViewController == nil, "model: a view controller presents one at a time")
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    viewControllerToPresent.storedPresentation?._modelPresenting = self
    completion?()
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
  /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` — the presenter
  /// dismisses what it presents (and everything over it); a presented controller asks its presenter.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if presentedViewController != nil {
      dismissChain()
    } else if let presenter = presentingViewController {
      presenter.dismissChain()
    }
    completion?()
  }

  /// Model only: takes away what this controller presents, and everything over it.
  private func dismissChain() {
    guard let presented = presentedViewController else { return }
    presented.dismissChain()
    presented.presentingViewController = nil
    presentedViewController = nil
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/addchild(_:) — `func addChild(_ childController: UIViewController)`
  open func addChild(_ childController: UIViewController) {
    children.append(childController)
    childController._modelParent = self
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/removefromparent() — `func removeFromParent()`
  open func removeFromParent() {
    _modelParent?.children.removeAll { $0 === self }
    _modelParent = nil
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/willmove(toparent:) — `func willMove(toParent parent: UIViewController?)`
  open func willMove(toParent parent: UIViewController?) {}
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:) — `func didMove(toParent parent: UIViewController?)`
  open func didMove(toParent parent: UIViewController?) {}

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/show(_:sender:) — `func show(_ vc: UIViewController, sender: Any?)`
  open func show(_ vc: UIViewController, sender: Any?) { present(vc, animated: true) }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/showdetailviewcontroller(_:sender:)
  /// `func showDetailViewController(_ vc: UIViewController, sender: Any?)`
  open func showDetailViewController(_ vc: UIViewController, sender: Any?) { _modelShownDetail = vc }
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller — `@MainActor class UINavigationController`
@MainActor open class UINavigationController: UIViewController {
  private var stack: [UIViewController] = []

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
  /// `init(rootViewController: UIViewController)`
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    setStack([rootViewController])
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(nibname:bundle:)
  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
  /// `weak var delegate: (any UINavigationControllerDelegate)? { get set }`
  open weak var delegate: (any UINavigationControllerDelegate)?

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
  /// `var viewControllers: [UIViewController] { get set }`
  open var viewControllers: [UIViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
  /// `var topViewController: UIViewController? { get }`
  open var topViewController: UIViewController? { stack.last }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
  /// `func pushViewController(_ viewController: UIViewController, animated: Bool)`
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    setStack(stack + [viewController])
    shown(animated)
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/popviewcontroller(animated:)
  /// `func popViewController(animated: Bool) -> UIViewController?` (no `@discardableResult` on
  /// the page; Objective-C methods are discardable, which `@discardableResult` models here)
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard stack.count > 1 else { return nil }
    let popped = stack.removeLast()
    popped.navigationController = nil
    shown(animated)
    return popped
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/poptoviewcontroller(_:animated:)
  /// `func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]?`
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard let index = stack.firstIndex(where: { $0 === viewController }) else { return nil }
    let popped = Array(stack[(index + 1)...])
    setStack(Array(stack[...index]))
    shown(animated)
    return popped
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
  /// `func setViewControllers(_ viewControllers: [UIViewController], animated: Bool)`
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    setStack(viewControllers)
    shown(animated)
  }

  private func setStack(_ controllers: [UIViewController]) {
    for controller in stack where !controllers.contains(where: { $0 === controller }) {
      controller.navigationController = nil
    }
    stack = controllers
    for controller in controllers { controller.navigationController = self }
  }

  private func shown(_ animated: Bool) {
    guard let top = stack.last else { return }
    delegate?.navigationController(self, didShow: top, animated: animated)
  }
}

/// https://developer.apple.com/documentation/uikit/uisplitviewcontroller — `@MainActor class UISplitViewController`
@MainActor open class UISplitViewController: UIViewController {
  private var columns: [UISplitViewController.Column: UIViewController] = [:]

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/column — `enum Column`
  public enum Column: Int, Sendable {
    case primary, supplementary, secondary, compact, inspector
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/setviewcontroller(_:for:)
  /// `func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column)`
  open func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column) {
    columns[column] = vc
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/viewcontroller(for:)
  /// `func viewController(for column: UISplitViewController.Column) -> UIViewController?`
  open func viewController(for column: UISplitViewController.Column) -> UIViewController? { columns[column] }
}

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle — `enum UIModalPresentationStyle`
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none
  case automatic = -2
}

// MARK: - Presentation controllers

/// https://developer.apple.com/documentation/uikit/uipresentationcontroller — `@MainActor class UIPresentationController`
@MainActor open class UIPresentationController: NSObject {
  fileprivate weak var _modelPresenting: UIViewController?
  private unowned let presented: UIViewController

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/init(presentedviewcontroller:presenting:)
  /// `init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?)`
  public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    presented = presentedViewController
    _modelPresenting = presentingViewController
  }

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
  /// `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }`
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentedviewcontroller
  /// `var presentedViewController: UIViewController { get }` (non-optional)
  open var presentedViewController: UIViewController { presented }
}

/// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller — `@MainActor class UISheetPresentationController` (iOS 15)
@MainActor open class UISheetPresentationController: UIPresentationController {
  /// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detents
  /// `var detents: [UISheetPresentationController.Detent] { get set }` (default `[.large()]`)
  open var detents: [UISheetPresentationController.Detent] = [.large()]

  /// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent — `@MainActor class Detent`
  @MainActor open class Detent: NSObject {
    /// Model only: which detent.
    public let _modelName: String
    /// Model only.
    required public init(_name name: String) { _modelName = name }
    /// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/medium() — `class func medium() -> Self`
    open class func medium() -> Self { Self.init(_name: "medium") }
    /// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller/detent/large() — `class func large() -> Self`
    open class func large() -> Self { Self.init(_name: "large") }
  }
}

/// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller — `@MainActor class UIPopoverPresentationController`
@MainActor open class UIPopoverPresentationController: UIPresentationController {
  /// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview — `var sourceView: UIView? { get set }`
  open var sourceView: UIView?
}

// MARK: - Protocols

/// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
/// `@MainActor protocol UINavigationControllerDelegate : NSObjectProtocol`. Its requirements are
/// `optional`; Linux has no Objective-C, so they are plain requirements with empty defaults.
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:willshow:animated:)
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  /// Listed in the protocol page's Topics as `navigationController(_:didShow:animated:)`
  /// (https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate); written
  /// like its `willShow` sibling, whose page is stored.
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
}

/// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
/// `@MainActor protocol UIAdaptivePresentationControllerDelegate : NSObjectProtocol` (optional
/// requirements, modelled as above).
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
  /// Not called for a programmatic dismissal.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator
/// `@MainActor protocol UIViewControllerTransitionCoordinator : UIViewControllerTransitionCoordinatorContext`
@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:)
  /// `func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?, completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool`
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

// MARK: - Scenes

/// https://developer.apple.com/documentation/uikit/uiscene — `@MainActor class UIScene`
@MainActor open class UIScene: UIResponder {
  /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions — `@MainActor class ConnectionOptions`
  @MainActor open class ConnectionOptions: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts — `var urlContexts: Set<UIOpenURLContext> { get }`
    open var urlContexts: Set<UIOpenURLContext> { _modelURLContexts }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities — `var userActivities: Set<NSUserActivity> { get }`
    open var userActivities: Set<NSUserActivity> { _modelActivities }
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/notificationresponse
    /// `var notificationResponse: UNNotificationResponse? { get }`
    open var notificationResponse: UNNotificationResponse? { _modelResponse }
    private let _modelURLContexts: Set<UIOpenURLContext>
    private let _modelActivities: Set<NSUserActivity>
    private let _modelResponse: UNNotificationResponse?
    /// Model only: apps never make connection options.
    public init(
      _modelURLContexts: Set<UIOpenURLContext> = [], activities: Set<NSUserActivity> = [],
      response: UNNotificationResponse? = nil
    ) {
      self._modelURLContexts = _modelURLContexts
      self._modelActivities = activities
      self._modelResponse = response
    }
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene — `@MainActor class UIWindowScene : UIScene`
@MainActor open class UIWindowScene: UIScene {}

/// https://developer.apple.com/documentation/uikit/uiscenesession
@MainActor open class UISceneSession: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiopenurlcontext — `@MainActor class UIOpenURLContext`
@MainActor open class UIOpenURLContext: NSObject {
  /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url — `var url: URL { get }` (non-optional)
  open var url: URL { _modelURL }
  private let _modelURL: URL
  /// Model only.
  public init(_modelURL url: URL) { _modelURL = url }
}

/// https://developer.apple.com/documentation/uikit/uiscenedelegate — `@MainActor protocol UISceneDelegate : NSObjectProtocol`
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
  /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
  func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
  public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate — `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window — `optional var window: UIWindow? { get set }`
  var window: UIWindow? { get set }
}
