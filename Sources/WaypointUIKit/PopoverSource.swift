#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit
public import Waypoint

/// A source screen that says where a popover shown from it points: one of its views (the
/// button that opened it) and, optionally, a rectangle in that view; without it, or while that
/// view is not on screen, a popover points at the source's whole view.
///
/// ```swift
/// final class NoteController: UIViewController, PopoverSource {
///   let shareButton = UIButton()
///   func popoverAnchor(for screen: Screen) -> (view: UIView, rect: CGRect?)? {
///     screen.target == "Share" ? (shareButton, nil) : nil
///   }
/// }
/// ```
@MainActor
public protocol PopoverSource: AnyObject {
  /// The view the popover of `screen` points at, and the rectangle in it (`nil` for its bounds);
  /// `nil` for the source's whole view.
  func popoverAnchor(for screen: Screen) -> (view: UIView, rect: CGRect?)?
}

/// A source screen that names the view its children go into (`addChild`); without it, a
/// child's view fills the source's view.
@MainActor
public protocol ChildContainer: AnyObject {
  /// The view the child `screen` is added to.
  func containerView(for screen: Screen) -> UIView
}
#endif
