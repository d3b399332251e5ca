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

  /// Pops as UIKit does, then reports the pop, and a later column taken off a collapsed split
  /// view's primary stack, to the navigator.
  @discardableResult
  open override func popViewController(animated: Bool) -> UIViewController? {
    let popped = super.popViewController(animated: animated)
    notePoppedColumns(popped.map { [$0] } ?? [])
    reports.stackChanged(self)
    return popped
  }

  /// Pops as UIKit does, then reports the screens popped to the navigator.
  ///
  /// - Parameters:
  ///   - viewController: The view controller to pop to, as UIKit takes it.
  ///   - animated: Whether UIKit animates the pop.
  /// - Returns: The view controllers popped, as UIKit returns them.
  @discardableResult
  open override func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    let popped = super.popToViewController(viewController, animated: animated)
    notePoppedColumns(popped ?? [])
    reports.stackChanged(self)
    return popped
  }

  /// UIKit pops a tab's stack to its root when the user taps the selected tab again, also where
  /// it selects without `tabBar(_:didSelect:)` (the iPadOS floating tab bar, visionOS): the
  /// navigator takes the pop in as a re-tap (third adapter review, B14).
  @discardableResult
  open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
    if viewControllers.count > 1 { reports.navigator?.stackPopsToRoot(self) }
    let popped = super.popToRootViewController(animated: animated)
    notePoppedColumns(popped ?? [])
    reports.stackChanged(self)
    return popped
  }

  /// A collapsed split view holds its later columns' stacks on the primary stack: popping one off
  /// is the user going back to the primary column.
  private func notePoppedColumns(_ popped: [UIViewController]) {
    for case let column as WaypointNavigationController in popped { column.reports.poppedOffPrimary() }
    if !popped.isEmpty { reports.navigator?.stackPopped(popped) }
  }

  /// Sets the stack as UIKit does, then reports the change to the navigator.
  ///
  /// - Parameters:
  ///   - viewControllers: The new stack, root first, as UIKit takes it.
  ///   - animated: Whether UIKit animates the change.
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
    reports.disappeared(from: self)
  }
}

/// The container the navigator presents a screen in when it cannot hold the screen in a
/// navigation controller of its own: a popover's content, and a screen that is itself a
/// container (an image picker, the app's own navigation controller), which UIKit cannot put in a
/// navigation stack.
///
/// It holds the screen as its only child, so the screen's dismissal — the user pulling the
/// sheet down, a tap outside the popover, the app's `dismiss` — reaches the navigator like a
/// stack's, and the navigator sets no delegate of the app's. What UIKit asks a presented
/// controller (refusing the pull-down, the status bar, the orientations) it answers with the
/// screen's answer.
@MainActor
final class WrappingContainer: UIViewController, OwnedContainer {
  let reports = ContainerReports()
  /// The screen it shows.
  let content: UIViewController

  init(showing content: UIViewController) {
    self.content = content
    super.init(nibName: nil, bundle: nil)
    preferredContentSize = content.preferredContentSize
    addChild(content)
    content.view.frame = view.bounds
    content.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(content.view)
    content.didMove(toParent: self)
  }

  /// Wrappers are made in code, never from a storyboard.
  required init?(coder: NSCoder) { nil }

  /// A popover is sized by its presented controller's preferred size: the content's.
  override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
    super.preferredContentSizeDidChange(forChildContentContainer: container)
    preferredContentSize = container.preferredContentSize
  }

  /// Refuses the pull-down while the screen does (an app's flow with unsaved changes).
  override var isModalInPresentation: Bool {
    get { content.isModalInPresentation || super.isModalInPresentation }
    set { super.isModalInPresentation = newValue }
  }

  /// The orientations the screen supports (an image picker supports portrait only).
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { content.supportedInterfaceOrientations }

  #if !os(visionOS)
  /// The screen sets the status bar's style.
  override var childForStatusBarStyle: UIViewController? { content }
  #endif

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    reports.appeared()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    reports.disappeared(from: self)
  }
}
#endif
