#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit

/// The navigation controller a ``UIKitNavigator`` shows each stack in: the root stack, and every
/// sheet, cover or presented level it wraps.
///
/// It reports what happens to it — the user going back (back button or swipe, finished or
/// cancelled), the app's own `popViewController`, `setViewControllers` or `dismiss` — to its
/// navigator, which takes the change into its state. Its `delegate` stays the app's: the
/// navigator never sets a UIKit delegate.
///
/// Use it as the class of a storyboard's navigation controller to hand that controller to
/// ``UIKitNavigator/init(navigationController:)``. Subclasses call `super` in the overrides below.
@MainActor
open class WaypointNavigationController: UINavigationController, OwnedContainer {
  let reports = ContainerReports()

  @discardableResult
  open override func popViewController(animated: Bool) -> UIViewController? {
    let popped = super.popViewController(animated: animated)
    reports.stackChanged(self)
    return popped
  }

  @discardableResult
  open override func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    let popped = super.popToViewController(viewController, animated: animated)
    reports.stackChanged(self)
    return popped
  }

  @discardableResult
  open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
    let popped = super.popToRootViewController(animated: animated)
    reports.stackChanged(self)
    return popped
  }

  open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    super.setViewControllers(viewControllers, animated: animated)
    reports.stackChanged(self)
  }

  /// Whether setting the property goes through `setViewControllers(_:animated:)` is not
  /// documented, so it reports too; a second report of one change does nothing.
  open override var viewControllers: [UIViewController] {
    didSet { reports.stackChanged(self) }
  }

  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    reports.appeared()
  }

  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    reports.disappeared(beingDismissed: isBeingDismissed)
  }
}

/// The container a popover shows its screen in, so that its dismissal (a tap outside, or the
/// app's `dismiss`) reaches the navigator like a sheet's.
@MainActor
final class PopoverContainer: UIViewController, OwnedContainer {
  let reports = ContainerReports()

  init(showing content: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    preferredContentSize = content.preferredContentSize
    addChild(content)
    content.view.frame = view.bounds
    content.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }

  /// Popovers are made in code, never from a storyboard.
  required init?(coder: NSCoder) { nil }

  /// A popover is sized by its presented controller's preferred size: the content's.
  override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    preferredContentSize = container.preferredContentSize
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    reports.appeared()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    reports.disappeared(beingDismissed: isBeingDismissed)
  }
}
#endif
