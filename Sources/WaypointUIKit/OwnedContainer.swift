#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit

/// A container the navigator made and owns (its navigation controllers, a popover's wrapper),
/// which reports its own appearance, pops and dismissal, so the navigator needs no delegate of
/// UIKit's and the app keeps every delegate slot for itself.
@MainActor
protocol OwnedContainer: UIViewController {
  /// Where the container reports.
  var reports: ContainerReports { get }
}

/// What an owned container tells its navigator.
@MainActor
final class ContainerReports {
  /// The navigator that owns the container.
  weak var navigator: UIKitNavigator?
  /// Whether the navigator made the container to hold its screens (a level's stack), rather
  /// than an app's container shown as a screen; only such a stack is compared with the state.
  var holdsScreens = false
  /// Set once UIKit has dismissed the container (its `viewDidDisappear` while being dismissed),
  /// until it appears again.
  private(set) var dismissed = false
  /// Set when the navigator gave up waiting for the container's custom presentation: should it
  /// still appear, it is taken away, and until then it is on its way out.
  var givenUp = false
  /// Called once when the container next appears or disappears; a navigator waiting on UIKit
  /// uses it beside the completion handler.
  var onAppearance: (@MainActor () -> Void)?

  /// Whether the container tells the navigator each time it appears: a tab's stack, which
  /// appears when the user selects its tab.
  var reportsAppearance = false

  /// Set when the container, a column's stack of a collapsed split view, was popped off the
  /// primary column's stack (the user went back to the primary column), until it appears again.
  private(set) var leftCollapsedSplit = false

  /// The container appeared.
  func appeared() {
    dismissed = false
    leftCollapsedSplit = false
    if reportsAppearance { navigator?.containerChanged() }
    let call = onAppearance
    onAppearance = nil
    call?()
  }

  /// `controller`, the container, disappeared.
  ///
  /// It is dismissed when it, or a presented level under it, is being dismissed: a presenter's
  /// `dismiss` takes every level over it away, and which of them UIKit calls being dismissed is
  /// not documented (the dismiss(animated:completion:) page: "only the top-most view is dismissed
  /// in an animated fashion; any intermediate view controllers are simply removed").
  func disappeared(from controller: UIViewController) {
    let beingDismissed = sequence(first: controller, next: \.presentingViewController).contains {
      $0.isBeingDismissed
    }
    let call = onAppearance
    onAppearance = nil
    call?()
    // A column's stack also leaves the screen when its split view collapses or expands, in an
    // order against `isCollapsed` UIKit does not document: only a pop off the primary stack
    // (`poppedOffPrimary()`) says the user went back (third adapter review, B9).
    guard beingDismissed else { return }
    dismissed = true
    navigator?.containerChanged()
  }

  /// The container, a column's stack of a collapsed split view, was popped off the primary stack.
  ///
  /// The user went back to the primary column: taken in as the column emptied once the pop ends
  /// (a back swipe let go early puts it back, and it appears again).
  func poppedOffPrimary() {
    guard holdsScreens, container != nil else { return }
    leftCollapsedSplit = true
  }

  /// The navigator took in that the column emptied.
  func tookInLeavingCollapsedSplit() {
    leftCollapsedSplit = false
  }

  /// The container these reports are for, when it said (a column's stack).
  weak var container: UIViewController?

  /// The container's stack changed (a pop, a new set of view controllers).
  ///
  /// Reports it once the transition ends, unless the user cancelled it (a back swipe let go
  /// early). UIKit's order of
  /// restoring the stack and running the coordinator's completions is not documented, so a
  /// cancelled transition is not reported at all (radianttap/Coordinator#8,
  /// jessesquires/PresenterKit#38). Nor is whether `transitionCoordinator` is still set while
  /// the completions run: the report waits for the next turn of the main actor, when the
  /// container has let its transition go, so the navigator reads the stack as UIKit shows it.
  func stackChanged(_ container: UIViewController) {
    let navigator = navigator
    if let coordinator = container.transitionCoordinator,
      coordinator.animate(
        alongsideTransition: nil,
        completion: { context in
          guard !context.isCancelled else { return }
          Task { @MainActor in navigator?.containerChanged() }
        })
    {
      return
    }
    navigator?.containerChanged()
  }
}
#endif
