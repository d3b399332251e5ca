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
  /// Set once UIKit has dismissed the container (its `viewDidDisappear` while being dismissed).
  private(set) var dismissed = false
  /// Called once when the container next appears or disappears; a navigator waiting on UIKit
  /// uses it beside the completion handler.
  var onAppearance: (@MainActor () -> Void)?

  /// The container appeared.
  func appeared() {
    let call = onAppearance
    onAppearance = nil
    call?()
  }

  /// The container disappeared; `beingDismissed` is its `isBeingDismissed` then.
  func disappeared(beingDismissed: Bool) {
    let call = onAppearance
    onAppearance = nil
    call?()
    guard beingDismissed else { return }
    dismissed = true
    navigator?.containerChanged()
  }

  /// The container's stack changed (a pop, a new set of view controllers): reports it once the
  /// transition ends, cancelled or not, since the diff against the state tells which.
  func stackChanged(_ container: UIViewController) {
    let navigator = navigator
    if let coordinator = container.transitionCoordinator,
      coordinator.animate(alongsideTransition: nil, completion: { _ in navigator?.containerChanged() })
    {
      return
    }
    navigator?.containerChanged()
  }
}
#endif
