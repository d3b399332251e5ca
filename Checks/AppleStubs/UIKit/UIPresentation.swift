// Presentation controllers and the delegate protocols (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uipresentationcontroller — `@MainActor class UIPresentationController`
@available(watchOS, unavailable)
@MainActor open class UIPresentationController: NSObject {
  weak var _modelPresenting: UIViewController?
  private unowned let presented: UIViewController

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/init(presentedviewcontroller:presenting:)
  /// `init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?)`
  public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    presented = presentedViewController
    _modelPresenting = presentingViewController
  }

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
  /// `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }` — the
  /// delegate's answers about its optional methods are kept from when it was set.
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)? {
    didSet { delegateAnswers = DelegateAnswers(delegate, [Self.didDismissSelector]) }
  }
  private var delegateAnswers = DelegateAnswers(nil, [])
  static let didDismissSelector = "presentationControllerDidDismiss:"

  /// Model only: tells the delegate the user dismissed the presentation, if it said it
  /// implements `presentationControllerDidDismiss(_:)` when it was set.
  func _modelTellDidDismiss() {
    guard delegateAnswers.implements(Self.didDismissSelector) else { return }
    delegate?.presentationControllerDidDismiss(self)
  }

  /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentedviewcontroller
  /// `var presentedViewController: UIViewController { get }` (non-optional)
  open var presentedViewController: UIViewController { presented }
}

/// https://developer.apple.com/documentation/uikit/uisheetpresentationcontroller — `@MainActor class UISheetPresentationController` (iOS 15, not tvOS)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
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

/// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller — `@MainActor class UIPopoverPresentationController` (not tvOS)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor open class UIPopoverPresentationController: UIPresentationController {
  /// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourceview — `var sourceView: UIView? { get set }`
  open var sourceView: UIView?
  /// https://developer.apple.com/documentation/uikit/uipopoverpresentationcontroller/sourcerect — `var sourceRect: CGRect { get set }`
  /// (the page: `CGRectNull` by default since iOS 13.2, meaning the source view's bounds).
  open var sourceRect: CGRect = .null
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
/// `@MainActor protocol UIViewControllerTransitionCoordinatorContext : NSObjectProtocol`
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext/iscancelled — `var isCancelled: Bool { get }`
  var isCancelled: Bool { get }
}

/// https://developer.apple.com/documentation/uikit/uicontentcontainer — `@MainActor protocol UIContentContainer : NSObjectProtocol`
@MainActor public protocol UIContentContainer: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uicontentcontainer/preferredcontentsize — `var preferredContentSize: CGSize { get }`
  var preferredContentSize: CGSize { get }
  /// https://developer.apple.com/documentation/uikit/uicontentcontainer/preferredcontentsizedidchange(forchildcontentcontainer:)
  func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
}
