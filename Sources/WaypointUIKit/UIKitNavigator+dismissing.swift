#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

extension UIKitNavigator {
  /// Deactivates `search`, which dismisses it
  /// (https://developer.apple.com/documentation/uikit/uisearchcontroller/isactive), and waits
  /// until it is gone, at most `transitionTimeout`.
  func end(_ search: UISearchController) async {
    search.isActive = false
    _ = await UIKitWait.until({ search.presentingViewController == nil }, at: transitionTimeout)
  }

  func dismiss(over level: Int) async throws(NavigationError) {
    let step = NavigationStep.dismiss(level: level)
    guard level + 1 < containers.count else { throw gone("level \(level + 1)", step) }
    let presented = containers[level + 1]
    // Dismissing a level dismisses everything presented over it, the app's alert included
    // (https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)):
    // what the app presented there is up to the policy.
    try await clearForeign(over: level + 1, step)
    if case .custom(let name)? = current.presentation(presentedBy: level),
      let transition = customTransitions[name]
    {
      let done = await runCustom { await transition.dismiss(presented, self.animated) }
      guard done else {
        throw NavigationError(.transitionTimedOut, "the custom transition did not dismiss within \(transitionTimeout)")
      }
    } else if containers[level].presentedViewController === presented {
      try await dismissPresentation(of: containers[level], presented, animated: animated, step)
    }
    containers.removeSubrange((level + 1)...)
  }

  /// Dismisses what `presenter` presents (`presented`, and everything over it), waiting for the
  /// completion or `presented`'s own disappearance, at most `transitionTimeout`.
  func dismissPresentation(
    of presenter: UIViewController, _ presented: UIViewController, animated: Bool, _ step: NavigationStep
  ) async throws(NavigationError) {
    let wait = UIKitWait()
    (presented as? any OwnedContainer)?.reports.onAppearance = { wait.end() }
    presenter.dismiss(animated: animated) { wait.end() }
    _ = await wait.wait(at: transitionTimeout)
    // The container's `viewDidDisappear` may come before UIKit is done with the dismissal, and a
    // presentation asked for meanwhile is refused: wait until the presenter lets it go.
    _ = await UIKitWait.transition(of: presented.transitionCoordinator, at: transitionTimeout)
    let gone = await UIKitWait.until({ presenter.presentedViewController !== presented }, at: transitionTimeout)
    if gone { return }
    throw NavigationError(.transitionTimedOut, "cannot \(step): UIKit did not dismiss within \(transitionTimeout)")
  }

  /// The first presentation over the navigator's levels (from level `first` up) that is not one
  /// of them, and is not on its way out.
  func foreignPresentation(from first: Int = 0) -> UIViewController? {
    for (level, container) in containers.enumerated() where level >= first {
      guard let presented = container.presentedViewController else { continue }
      let ours = level + 1 < containers.count && presented === containers[level + 1]
      if !ours, !Self.isLeaving(presented), !(presented is UISearchController) { return presented }
    }
    return nil
  }

  /// Whether `controller` is being dismissed, or is a container of the navigator's UIKit has
  /// dismissed or the navigator gave up on.
  static func isLeaving(_ controller: UIViewController) -> Bool {
    guard let reports = (controller as? any OwnedContainer)?.reports else { return controller.isBeingDismissed }
    return controller.isBeingDismissed || reports.dismissed || reports.givenUp
  }

  /// Takes `container` away should its custom presentation still show it: the navigator stopped
  /// waiting for it, and the step failed.
  ///
  /// It goes with the transition's own dismissal, so the screen keeps to the state the failed
  /// step left. Until it is gone it is on its way out, never taken for the app's presentation.
  func giveUp(_ container: UIViewController, _ transition: CustomTransition) {
    guard let reports = (container as? any OwnedContainer)?.reports else { return }
    reports.givenUp = true
    let animated = animated
    let takeAway = { @MainActor in
      guard container.viewIfLoaded?.window != nil else { return }
      Task { @MainActor in await transition.dismiss(container, animated) }
    }
    reports.onAppearance = takeAway
    // Already shown, when the transition put it on screen without UIKit's appearance calls.
    takeAway()
  }

  /// Runs an app's custom transition, giving it `transitionTimeout` to finish.
  func runCustom(_ body: @escaping @MainActor () async -> Void) async -> Bool {
    let wait = UIKitWait()
    Task { @MainActor in
      await body()
      wait.end()
    }
    return await wait.wait(at: transitionTimeout)
  }
}
#endif
