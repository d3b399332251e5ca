#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit

/// How an app-defined `custom(name)` presentation shows and hides a view controller.
///
/// The navigator hands it the screen in a ``WaypointNavigationController`` (the screen itself,
/// when it is a container), so screens can be pushed over it and a `dismiss` of it is heard. A
/// transition that does not finish within the navigator's `transitionTimeout` fails with
/// `transitionTimedOut`.
///
/// ```swift
/// navigator.register(custom: "banner", CustomTransition(
///   present: { banner, source, animated in
///     banner.modalPresentationStyle = .overFullScreen
///     // No wait on UIKit's completion: UIKit never calls it when it refuses.
///     source.present(banner, animated: animated)
///   },
///   dismiss: { banner, animated in
///     banner.presentingViewController?.dismiss(animated: animated)
///   }))
/// ```
///
/// The navigator waits for the presented controller's transition coordinator after `present`
/// returns, so one that returns early still finishes before the next step; a transition that
/// waits on UIKit itself must end the wait on a deadline too, since UIKit never calls a
/// completion for a presentation it refuses (the source presents already, or is off screen). A
/// container neither presented nor in a window once `present` returned was refused:
/// `presentationBlocked`.
public struct CustomTransition {
  /// Shows the first view controller over the second.
  public var present: @MainActor (UIViewController, UIViewController, Bool) async -> Void
  /// Hides it again.
  public var dismiss: @MainActor (UIViewController, Bool) async -> Void

  /// Makes a transition from its two halves.
  ///
  /// - Parameters:
  ///   - present: Shows the first view controller over the second (the source), animated when
  ///     the third argument is `true`.
  ///   - dismiss: Hides the view controller again, animated when the second argument is `true`.
  public init(
    present: @escaping @MainActor (UIViewController, UIViewController, Bool) async -> Void,
    dismiss: @escaping @MainActor (UIViewController, Bool) async -> Void
  ) {
    self.present = present
    self.dismiss = dismiss
  }
}
#endif
