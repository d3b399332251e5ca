#if canImport(UIKit)
import UIKit

// Forwarding to the app's delegate uses the Objective-C runtime: UIKit asks `responds(to:)`
// before calling an optional delegate method, and `forwardingTarget(for:)` hands each method the
// forwarder does not implement to the app's delegate. Optional protocol requirements exist only
// with the Objective-C runtime, so this file is the one part of `WaypointUIKit` that the Linux
// check compiles without its bodies (see Checks/README.md).

extension DelegateForwarder {
  #if canImport(ObjectiveC)
  override func responds(to selector: Selector!) -> Bool {
    super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
  }

  override func forwardingTarget(for selector: Selector!) -> Any? {
    (appDelegate?.responds(to: selector) ?? false) ? appDelegate : super.forwardingTarget(for: selector)
  }
  #endif

  func forwardDidShow(_ stack: UINavigationController, _ shown: UIViewController, _ animated: Bool) {
    #if canImport(ObjectiveC)
    (appDelegate as? any UINavigationControllerDelegate)?.navigationController?(
      stack, didShow: shown, animated: animated)
    #endif
  }

  func forwardDidDismiss(_ presentation: UIPresentationController) {
    #if canImport(ObjectiveC)
    (appDelegate as? any UIAdaptivePresentationControllerDelegate)?.presentationControllerDidDismiss?(presentation)
    #endif
  }
}
#endif
