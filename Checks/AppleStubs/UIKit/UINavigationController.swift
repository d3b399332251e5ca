// UINavigationController: its stack, pushes and pops that end after their animation, an
// interactive pop that can be cancelled, and the exceptions UIKit raises for what cannot be
// pushed (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller — `@MainActor class UINavigationController`
@available(watchOS, unavailable)
@MainActor open class UINavigationController: UIViewController {
  private var stack: [UIViewController] = []
  /// Set while `_modelUserBeginsBackSwipe()` calls `popViewController(animated:)`.
  private var nextPopIsInteractive = false
  private var interactivePop: (transition: ModelTransition, popped: UIViewController)?

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
  /// `init(rootViewController: UIViewController)`
  /// The root's view is in the navigation controller's view from the start: the navigation
  /// controller's view holds the content view of its topmost view controller (the page's
  /// "Navigation controller views", https://developer.apple.com/documentation/uikit/uinavigationcontroller),
  /// so a root presented inside it is in the window once its navigation controller is.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    guard Self.canPush(rootViewController) else { return }
    setStack([rootViewController])
    view.addSubview(rootViewController.view)
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(nibname:bundle:)
  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
  /// `weak var delegate: (any UINavigationControllerDelegate)? { get set }` — UIKit asks the
  /// delegate which optional methods it implements when it is set, and keeps the answers.
  open weak var delegate: (any UINavigationControllerDelegate)? {
    didSet { delegateAnswers = DelegateAnswers(delegate, [Self.didShowSelector]) }
  }
  private var delegateAnswers = DelegateAnswers(nil, [])
  static let didShowSelector = "navigationController:didShowViewController:animated:"

  /// Tells the delegate, if it said it implements `didShow` when it was set.
  private func tellDidShow(_ top: UIViewController, animated: Bool) {
    guard delegateAnswers.implements(Self.didShowSelector) else { return }
    delegate?.navigationController(self, didShow: top, animated: animated)
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
  /// `var viewControllers: [UIViewController] { get set }` — during an interactive pop it no
  /// longer holds the controller being popped; a cancelled pop puts it back. Setting it does
  /// not go through `setViewControllers(_:animated:)` (the page does not say it does, so a
  /// subclass must not count on it).
  open var viewControllers: [UIViewController] {
    get { stack }
    set { replaceStack(newValue, animated: false) }
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
  /// `var topViewController: UIViewController? { get }`
  open var topViewController: UIViewController? { stack.last }

  override var _modelShownChildren: [UIViewController] { stack.last.map { [$0] } ?? [] }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
  /// `func pushViewController(_ viewController: UIViewController, animated: Bool)` — raises for
  /// a navigation controller ("Pushing a navigation controller is not supported",
  /// skywinder/ActionSheetPicker-3.0#70), a split view controller ("Split View Controllers
  /// cannot be pushed to a Navigation Controller", grgcombs/IntelligentSplitViewController#11)
  /// and a controller already in the stack; a push while another transition runs is dropped
  /// with UIKit's "nested push animation can result in corrupted navigation bar".
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    guard Self.canPush(viewController), isFree(viewController) else { return }
    guard !stack.contains(where: { $0 === viewController }) else {
      UIKitModel.raise("Pushing the same view controller instance more than once is not supported (\(viewController))")
      return
    }
    guard _modelTransition == nil else {
      UIKitModel.log("nested push animation can result in corrupted navigation bar")
      return
    }
    transition(to: stack + [viewController], animated: animated)
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/popviewcontroller(animated:)
  /// `func popViewController(animated: Bool) -> UIViewController?` (no `@discardableResult` on
  /// the page; Objective-C methods are discardable, which `@discardableResult` models here).
  /// The back button and the interactive back swipe both pop through it (the swipe when it
  /// begins: ReSwift/ReSwift-Router#74, onegray/UIViewController-BackButtonHandler#5).
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard stack.count > 1, _modelTransition == nil, let popped = stack.last else { return nil }
    if nextPopIsInteractive {
      nextPopIsInteractive = false
      let transition = ModelTransition()
      _modelTransition = transition
      interactivePop = (transition, popped)
      popped._modelAppearance(.willDisappear, animated)
      stack.removeLast()
      stack.last?._modelAppearance(.willAppear, animated)
      return popped
    }
    transition(to: Array(stack.dropLast()), animated: animated)
    return popped
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/poptoviewcontroller(_:animated:)
  /// `func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]?`
  /// — a controller the stack does not hold raises `NSInternalInconsistencyException` "Tried to
  /// pop to a view controller that doesn't exist." (crash reports in
  /// helpscout/beacon-ios-sdk#132 and xiaopin/NavigationContainer#11).
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    guard let index = stack.firstIndex(where: { $0 === viewController }) else {
      UIKitModel.raise("Tried to pop to a view controller that doesn't exist.")
      return nil
    }
    guard _modelTransition == nil else { return nil }
    let popped = Array(stack[(index + 1)...])
    transition(to: Array(stack[...index]), animated: animated)
    return popped
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/poptorootviewcontroller(animated:)
  /// `func popToRootViewController(animated: Bool) -> [UIViewController]?`
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = stack.first else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
  /// `func setViewControllers(_ viewControllers: [UIViewController], animated: Bool)`
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    replaceStack(viewControllers, animated: animated)
  }

  private func replaceStack(_ viewControllers: [UIViewController], animated: Bool) {
    guard viewControllers.allSatisfy(Self.canPush), viewControllers.allSatisfy(isFree) else { return }
    guard _modelTransition == nil else {
      UIKitModel.log("setViewControllers while a transition is in progress")
      return
    }
    transition(to: viewControllers, animated: animated)
  }

  /// Model only: the user starts a back swipe; UIKit pops through `popViewController(animated:)`
  /// and the transition stays open until ``_modelUserEndsBackSwipe(cancelled:)``.
  public func _modelUserBeginsBackSwipe() {
    nextPopIsInteractive = true
    _ = popViewController(animated: true)
    nextPopIsInteractive = false
  }

  /// Model only: the user lifts the finger; a cancelled swipe puts the popped controller back
  /// (the coordinator's `isCancelled` page), a finished one completes the pop.
  ///
  /// When the swipe is cancelled, the coordinator's completions run before the stack gets its
  /// controller back (UIKit does not document the order, so the model takes the one that
  /// catches an adapter reading the stack without looking at `isCancelled`), and no `didShow`
  /// comes (openradar 21137690 reports none).
  public func _modelUserEndsBackSwipe(cancelled: Bool) {
    guard let pop = interactivePop else { return }
    let (transition, popped) = pop
    interactivePop = nil
    UIKitModel.animate { [self] in
      if cancelled {
        // The coordinator stays set while its completions run (as for a finished pop, below).
        transition.end(cancelled: true)
        _modelTransition = nil
        stack.last?._modelAppearance(.willDisappear, true)
        stack.append(popped)
        popped._modelAppearance(.willAppear, true)
        popped._modelAppearance(.didAppear, true)
        return
      }
      popped.navigationController = nil
      popped.viewIfLoaded?.removeFromSuperview()
      popped._modelAppearance(.didDisappear, true)
      stack.last?._modelAppearance(.didAppear, true)
      transition.end()
      _modelTransition = nil
      if let top = stack.last { tellDidShow(top, animated: true) }
    }
  }

  /// Replaces the stack; the shown controller changes at the end of the animation, when the
  /// coordinator's completions and the delegate's `didShow` run.
  private func transition(to controllers: [UIViewController], animated: Bool) {
    let oldTop = stack.last
    let newTop = controllers.last
    let changesTop = oldTop !== newTop
    let transition = ModelTransition()
    _modelTransition = transition
    if changesTop {
      oldTop?._modelAppearance(.willDisappear, animated)
      newTop?._modelAppearance(.willAppear, animated)
    }
    setStack(controllers)
    if let newTop { view.addSubview(newTop.view) }
    UIKitModel.animate { [self] in
      if changesTop {
        oldTop?.viewIfLoaded?.removeFromSuperview()
        oldTop?._modelAppearance(.didDisappear, animated)
        newTop?._modelAppearance(.didAppear, animated)
      }
      // Whether `transitionCoordinator` is still set while the coordinator's completions run is
      // not documented (https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator):
      // the model keeps it set, which catches an adapter that reads the stack from a completion.
      transition.end()
      _modelTransition = nil
      if let top = stack.last { tellDidShow(top, animated: animated) }
    }
  }

  private func setStack(_ controllers: [UIViewController]) {
    for controller in stack where !controllers.contains(where: { $0 === controller }) {
      controller.navigationController = nil
    }
    stack = controllers
    for controller in controllers { controller.navigationController = self }
  }

  /// Model only: the More navigation controller shows `controller`, a tab listed under More, over
  /// its list.
  func _modelShowUnderMore(_ controller: UIViewController) {
    guard let list = stack.first else { return }
    setStack([list, controller])
  }

  /// Model only: a collapsed split view puts its later column's controller (a navigation
  /// controller, or the app's detail) on this, its primary navigation controller's, stack. UIKit
  /// does it itself, so no push is refused and no override of this class is called; the old top
  /// disappears and the column appears.
  func _modelNest(_ controller: UIViewController) {
    let oldTop = stack.last
    oldTop?._modelAppearance(.willDisappear, false)
    controller._modelAppearance(.willAppear, false)
    stack.append(controller)
    controller.navigationController = self
    view.addSubview(controller.view)
    oldTop?.viewIfLoaded?.removeFromSuperview()
    oldTop?._modelAppearance(.didDisappear, false)
    controller._modelAppearance(.didAppear, false)
  }

  /// Model only: a split view expanding (or showing its primary column) takes a nested column's
  /// controller, and what is over it, off this stack; the screen under it appears again.
  func _modelUnnest(_ controller: UIViewController) {
    guard let index = stack.firstIndex(where: { $0 === controller }) else { return }
    let leaving = Array(stack[index...])
    let top = stack.last
    let newTop = index > 0 ? stack[index - 1] : nil
    top?._modelAppearance(.willDisappear, false)
    newTop?._modelAppearance(.willAppear, false)
    stack.removeSubrange(index...)
    for gone in leaving {
      gone.navigationController = nil
      gone.viewIfLoaded?.removeFromSuperview()
    }
    if let newTop { view.addSubview(newTop.view) }
    top?._modelAppearance(.didDisappear, false)
    newTop?._modelAppearance(.didAppear, false)
  }

  /// Whether `controller` is in no other navigation controller's stack; raises (records) when it
  /// is. https://developer.apple.com/documentation/uikit/uiviewcontroller/hierarchyinconsistencyexception
  /// — a controller's parent must be the container its view is added to; Apple Developer Forums
  /// thread 52937 shows `setViewControllers` with a controller another navigation controller
  /// holds terminating with `UIViewControllerHierarchyInconsistency`. (The thread's other case,
  /// a controller already taken out of the other stack whose view is still in its hierarchy, is
  /// not modelled: the model keeps no view hierarchy inside a navigation controller.)
  private func isFree(_ controller: UIViewController) -> Bool {
    guard let other = controller.navigationController, other !== self else { return true }
    UIKitModel.raise(
      "UIViewControllerHierarchyInconsistency: child view controller \(controller) should have parent view "
        + "controller \(other) but requested parent is \(self)")
    return false
  }

  /// Whether UIKit lets `controller` into a navigation stack; raises (records) when not.
  private static func canPush(_ controller: UIViewController) -> Bool {
    if controller is UINavigationController {
      UIKitModel.raise("Pushing a navigation controller is not supported (\(controller))")
      return false
    }
    if controller is UISplitViewController {
      UIKitModel.raise("Split View Controllers cannot be pushed to a Navigation Controller (\(controller))")
      return false
    }
    return true
  }
}
