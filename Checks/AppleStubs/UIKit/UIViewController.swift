// UIViewController: its view, appearance callbacks, modal presentation and containment, as the
// pages and the threads named beside each behaviour describe them (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uiviewcontroller — `@MainActor class UIViewController`
/// (it adopts UIContentContainer, per that protocol's page).
@available(watchOS, unavailable)
@MainActor open class UIViewController: UIResponder, UIContentContainer {
  private var loadedView: UIView?
  private var storedPresentation: UIPresentationController?
  /// Model only: the transition this controller takes part in (its presentation, dismissal, or
  /// a navigation controller's push or pop).
  var _modelTransition: ModelTransition?
  private var dismissing = false

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
      if loadedView == nil {
        loadedView = UIView()
        viewDidLoad()
      }
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded — `var viewIfLoaded: UIView? { get }` (iOS 9)
  open var viewIfLoaded: UIView? { loadedView }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload() — `func viewDidLoad()`:
  /// called once, after the controller's view is loaded.
  open func viewDidLoad() {}
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:) — `func viewWillAppear(_ animated: Bool)`
  open func viewWillAppear(_ animated: Bool) {}
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:) — `func viewDidAppear(_ animated: Bool)`
  open func viewDidAppear(_ animated: Bool) {}
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:) — `func viewWillDisappear(_ animated: Bool)`
  open func viewWillDisappear(_ animated: Bool) {}
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:) — `func viewDidDisappear(_ animated: Bool)`
  open func viewDidDisappear(_ animated: Bool) {}

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
  /// `var presentedViewController: UIViewController? { get }` — "the view controller that is
  /// presented by this view controller, or one of its ancestors in the view controller hierarchy":
  /// a screen in a stack sees what its tab bar controller presents.
  ///
  /// Get-only, as on the page: an adapter that wrote it would compile here and not on iOS (fourth
  /// adapter review, E1's notes on the model); the model sets `_modelPresented`.
  open var presentedViewController: UIViewController? {
    _modelPresented ?? (_modelParent ?? navigationController)?.presentedViewController
  }
  /// Model only: what this controller presents itself.
  var _modelPresented: UIViewController?
  /// Model only: the navigation item, once asked for.
  var _modelNavigationItem: UINavigationItem?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext
  /// `var definesPresentationContext: Bool { get set }` — for a `currentContext` or
  /// `overCurrentContext` presentation UIKit "starts at the presenting view controller and walks up
  /// the view controller hierarchy" to the first controller where it is `true`; "if no view
  /// controller defines the presentation context, UIKit asks the window's root view controller".
  /// The model's default is `false` for every controller.
  open var definesPresentationContext = false
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
  /// `var presentingViewController: UIViewController? { get }` — for a controller that is not
  /// presented itself, the presenter of its nearest presented ancestor (a sheet's stack's screens
  /// see the sheet's presenter), as the page describes.
  open var presentingViewController: UIViewController? {
    _modelPresenter ?? (navigationController ?? _modelParent)?.presentingViewController
  }
  /// Model only: the controller that presented this one itself.
  weak var _modelPresenter: UIViewController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
  /// `var navigationController: UINavigationController? { get }`
  open internal(set) weak var navigationController: UINavigationController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
  /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed — `var isBeingDismissed: Bool { get }`
  /// — true from the start of its dismissal until its `viewDidDisappear` returned.
  open var isBeingDismissed: Bool { dismissing }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
  /// `var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { get }` — the
  /// coordinator of the transition this controller, or the container holding it, takes part in.
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    _modelTransition ?? navigationController?.transitionCoordinator ?? _modelParent?.transitionCoordinator
  }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/tabbaritem — `var tabBarItem: UITabBarItem! { get set }`
  /// (made on first use, as UIKit does).
  @available(watchOS, unavailable)
  open var tabBarItem: UITabBarItem! {
    get {
      if storedTabBarItem == nil { storedTabBarItem = UITabBarItem() }
      return storedTabBarItem
    }
    set { storedTabBarItem = newValue }
  }
  private var storedTabBarItem: UITabBarItem?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title — `var title: String? { get set }`
  open var title: String?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation
  /// `var isModalInPresentation: Bool { get set }` (iOS 13) — while it is true, UIKit "prevents
  /// the interactive dismissal of the view controller while it is onscreen": the model's
  /// `_modelUserDismisses()` leaves such a presented controller up.
  open var isModalInPresentation = false
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/childforstatusbarstyle
  /// `var childForStatusBarStyle: UIViewController? { get }` (iOS 7; visionOS 1.0 to 1.0)
  @available(visionOS, unavailable)
  open var childForStatusBarStyle: UIViewController? { nil }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations
  /// `var supportedInterfaceOrientations: UIInterfaceOrientationMask { get }` (iOS 6, not tvOS)
  @available(tvOS, unavailable)
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/children — `var children: [UIViewController] { get }`
  open private(set) var children: [UIViewController] = []
  /// Model only: the parent `addChild(_:)` set.
  public private(set) weak var _modelParent: UIViewController?
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/parent — `weak var parent: UIViewController? { get }`
  open var parent: UIViewController? { _modelParent }
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/splitviewcontroller
  /// `var splitViewController: UISplitViewController? { get }` — the nearest ancestor that is one.
  @available(watchOS, unavailable)
  open var splitViewController: UISplitViewController? {
    var next = _modelParent
    while let controller = next {
      if let split = controller as? UISplitViewController { return split }
      next = controller._modelParent
    }
    return nil
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
  /// `var presentationController: UIPresentationController? { get }`
  open var presentationController: UIPresentationController? {
    if storedPresentation == nil {
      switch modalPresentationStyle {
      case .popover:
        storedPresentation = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
      case .pageSheet, .formSheet, .automatic:
        storedPresentation = UISheetPresentationController(presentedViewController: self, presenting: nil)
      default: storedPresentation = UIPresentationController(presentedViewController: self, presenting: nil)
      }
    }
    return storedPresentation
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/sheetpresentationcontroller
  /// `var sheetPresentationController: UISheetPresentationController? { get }` (iOS 15, not tvOS)
  @available(tvOS, unavailable)
  open var sheetPresentationController: UISheetPresentationController? {
    presentationController as? UISheetPresentationController
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller
  /// `var popoverPresentationController: UIPopoverPresentationController? { get }`
  open var popoverPresentationController: UIPopoverPresentationController? {
    presentationController as? UIPopoverPresentationController
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredcontentsize
  /// `var preferredContentSize: CGSize { get set }` — a change tells the parent, through
  /// `preferredContentSizeDidChange(forChildContentContainer:)`.
  open var preferredContentSize: CGSize = .zero {
    didSet { _modelParent?.preferredContentSizeDidChange(forChildContentContainer: self) }
  }

  /// https://developer.apple.com/documentation/uikit/uicontentcontainer/preferredcontentsizedidchange(forchildcontentcontainer:)
  /// `func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)`
  open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

  // MARK: Presenting

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
  /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`
  ///
  /// Refusals, which log and never call the completion: presenting from a controller that
  /// already presents ("Attempt to present … which is already presenting …",
  /// airbrake/airbrake-ios#91, kean/Pulse#19), and from one whose view is not in a window
  /// ("… whose view is not in the window hierarchy", hhru/Nivelir#115). A popover without an
  /// anchor raises (the UIPopoverPresentationController page: set `sourceView` or an item before
  /// presenting).
  ///
  /// The controller that presents is not always the receiver
  /// (https://developer.apple.com/documentation/uikit/uipresentationcontroller/presentingviewcontroller:
  /// "the root view controller of the window, a parent view controller that is marked as defining
  /// the current context, or the last view controller that was presented onscreen"): the model
  /// asks the controller that defines the context for a context style, else the root of the
  /// receiver's hierarchy (the window's root, or the presented controller it is in).
  open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
    let context = _modelPresentationContext(for: viewControllerToPresent.modalPresentationStyle)
    if context !== self {
      context.present(viewControllerToPresent, animated: flag, completion: completion)
      return
    }
    let presented = viewControllerToPresent
    if let shown = _modelPresented {
      UIKitModel.log("Attempt to present \(presented) on \(self) which is already presenting \(shown)")
      return
    }
    guard let window = viewIfLoaded?.window else {
      UIKitModel.log("Attempt to present \(presented) on \(self) whose view is not in the window hierarchy")
      return
    }
    if presented.modalPresentationStyle == .popover, presented.popoverPresentationController?.sourceView == nil {
      UIKitModel.raise(
        "UIPopoverPresentationController should have a non-nil sourceView before the presentation occurs")
      return
    }
    _modelPresented = presented
    presented._modelPresenter = self
    presented.storedPresentation?._modelPresenting = self
    let transition = ModelTransition()
    presented._modelTransition = transition
    presented._modelAppearance(.willAppear, flag)
    window.addSubview(presented.view)
    UIKitModel.animate {
      presented._modelAppearance(.didAppear, flag)
      // Set while the coordinator's completions run, as a navigation controller's (the order
      // is not documented; the model takes the one that catches an adapter reading it there).
      transition.end()
      presented._modelTransition = nil
      // https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen —
      // "The views belonging to the presenting view controller are removed after the
      // presentation completes": the presenter is out of the window until the dismissal.
      if presented.modalPresentationStyle == .fullScreen, let superview = self.viewIfLoaded?._modelSuperview {
        self._modelCoveredIn = superview
        self.viewIfLoaded?.removeFromSuperview()
      }
      completion?()
    }
  }

  /// Model only: the controller UIKit asks to present with `style` on this one's behalf.
  func _modelPresentationContext(for style: UIModalPresentationStyle) -> UIViewController {
    var next: UIViewController? = self
    var top = self
    while let controller = next {
      if style == .currentContext || style == .overCurrentContext, controller.definesPresentationContext {
        return controller
      }
      top = controller
      next = controller._modelParent ?? controller.navigationController
    }
    return top
  }

  /// Model only: where this controller's view was before a full-screen presentation over it
  /// took it out of the window; it goes back when that presentation is dismissed.
  var _modelCoveredIn: UIView?

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
  /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` — the presenter
  /// dismisses what it presents and everything over it; a presented controller asks its
  /// presenter. With nothing to dismiss, or while that presentation is still animating, the
  /// model does nothing and never calls the completion (UIKit logs "Attempt to dismiss from
  /// view controller … while a presentation or dismiss is in progress"; whether it calls the
  /// completion could not be determined, so the model does not).
  ///
  /// A programmatic dismissal does not call `presentationControllerDidDismiss(_:)` (its page:
  /// "not called if the presentation is dismissed programmatically").
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    _modelDismiss(animated: flag, byUser: false, completion: completion)
  }

  /// Model only: the user pulls the sheet (or taps outside the popover) this controller is
  /// presented in: UIKit dismisses it and then tells the presentation controller's delegate.
  public func _modelUserDismisses() {
    let presenter = presentedViewController != nil ? self : presentingViewController
    if let pulled = presenter?.presentedViewController, pulled.isModalInPresentation {
      UIKitModel.log("the user cannot pull down \(pulled): isModalInPresentation")
      return
    }
    _modelDismiss(animated: true, byUser: true, completion: nil)
  }

  private func _modelDismiss(animated flag: Bool, byUser: Bool, completion: (() -> Void)?) {
    // What this controller (or an ancestor) presents, else the presentation it is in; the
    // controller that presented it does the dismissing.
    guard let asked = presentedViewController != nil ? self : presentingViewController,
      let dismissed = asked.presentedViewController, let presenter = dismissed._modelPresenter
    else {
      UIKitModel.log("dismiss(animated:) on \(self), which neither presents nor is presented")
      return
    }
    guard !dismissed.dismissing, dismissed._modelTransition == nil else {
      UIKitModel.log(
        "Attempt to dismiss from view controller \(presenter) while a presentation or dismiss is in progress!")
      return
    }
    var chain = [dismissed]
    while let next = chain.last?.presentedViewController { chain.append(next) }
    // Only views in a window leave it: a level a full-screen presentation covered had its views
    // removed then, and had its `viewDidDisappear` then (the viewDidDisappear(_:) page: "the
    // view was removed from a view hierarchy"); its dismissal under the cover tells it nothing.
    let leaving = chain.filter { $0.viewIfLoaded?.window != nil }
    // The presenter's views come back for the dismissal's animation.
    if let superview = presenter._modelCoveredIn, let view = presenter.viewIfLoaded {
      superview.addSubview(view)
      presenter._modelCoveredIn = nil
    }
    for controller in chain { controller._modelCoveredIn = nil }
    dismissed.dismissing = true
    let transition = ModelTransition()
    dismissed._modelTransition = transition
    for controller in leaving.reversed() { controller._modelAppearance(.willDisappear, flag) }
    // Two steps: the animation ends (the views leave, `viewDidDisappear`, and the transition
    // coordinator, which "lasts for the duration of the transition animation", is gone), then,
    // on a later turn, UIKit finishes the dismissal. A presentation asked for in between is
    // refused as "already presenting", as one asked for while a dismissal is in progress is
    // (joomcode/BottomSheet#35).
    UIKitModel.animate {
      for controller in chain.reversed() { controller.viewIfLoaded?.removeFromSuperview() }
      for controller in leaving.reversed() { controller._modelAppearance(.didDisappear, flag) }
      dismissed.dismissing = false
      transition.end()
      dismissed._modelTransition = nil
      UIKitModel.animate {
        for controller in chain {
          controller._modelPresented = nil
          controller._modelPresenter = nil
        }
        presenter._modelPresented = nil
        if byUser { dismissed.storedPresentation?._modelTellDidDismiss() }
        completion?()
      }
    }
  }

  // MARK: Appearance

  /// Model only: the four appearance callbacks, which containers forward to what they show.
  typealias _ModelAppearance = UIKitModelAppearance

  /// Model only: calls the callback on this controller and on the children it shows.
  func _modelAppearance(_ phase: _ModelAppearance, _ animated: Bool) {
    switch phase {
    case .willAppear: viewWillAppear(animated)
    case .didAppear: viewDidAppear(animated)
    case .willDisappear: viewWillDisappear(animated)
    case .didDisappear: viewDidDisappear(animated)
    }
    UIKitModel.onAppearance?(self, phase)
    for child in _modelShownChildren { child._modelAppearance(phase, animated) }
  }

  /// Model only: the children whose views are shown with this controller's.
  var _modelShownChildren: [UIViewController] { children }

  // MARK: Containment

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
  /// (the default presents modally; a navigation controller overrides it and pushes).
  open func show(_ vc: UIViewController, sender: Any?) { present(vc, animated: true) }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/showdetailviewcontroller(_:sender:)
  /// `func showDetailViewController(_ vc: UIViewController, sender: Any?)` — a split view
  /// controller above this one shows `vc` in its secondary column; without one, the default
  /// presents `vc` modally (the review's reading of the page, uikit-swiftui-adapters.md F10).
  open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
    var container = _modelParent ?? navigationController
    while let current = container {
      if let split = current as? UISplitViewController {
        split.showDetailViewController(vc, sender: sender)
        return
      }
      container = current._modelParent ?? current.navigationController
    }
    present(vc, animated: true)
  }
}
