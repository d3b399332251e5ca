#if canImport(UIKit)
import UIKit
import Waypoint

/// Hears what the user does on their own and reports it to the navigator: a navigation
/// controller showing fewer screens (back button, swipe) and a presentation dismissed
/// interactively (a sheet pulled down, a popover tapped away).
///
/// It becomes the delegate of the navigation and presentation controllers the navigator uses
/// through one ``DelegateForwarder`` each, which forwards every call to the delegate the app set
/// before, so the app keeps its own.
@MainActor
final class UIKitDelegates {
  private weak var navigator: UIKitNavigator?
  private var forwarders: [ObjectIdentifier: DelegateForwarder] = [:]

  init(navigator: UIKitNavigator) {
    self.navigator = navigator
  }

  /// Watches the stack of `stack`.
  func watch(_ stack: UINavigationController) {
    let forwarder = forwarder(for: stack)
    if stack.delegate !== forwarder {
      forwarder.appDelegate = stack.delegate
      stack.delegate = forwarder
    }
  }

  /// Watches the interactive dismissal of `presented`.
  func watchPresentation(of presented: UIViewController) {
    guard let presentation = presented.presentationController else { return }
    let forwarder = forwarder(for: presented)
    if presentation.delegate !== forwarder {
      forwarder.appDelegate = presentation.delegate
      presentation.delegate = forwarder
    }
  }

  private func forwarder(for controller: UIViewController) -> DelegateForwarder {
    forwarders = forwarders.filter { $0.value.controller != nil }
    if let existing = forwarders[ObjectIdentifier(controller)] { return existing }
    let forwarder = DelegateForwarder(controller: controller, delegates: self)
    forwarders[ObjectIdentifier(controller)] = forwarder
    return forwarder
  }

  /// A navigation controller finished showing a view controller: report the screens that left.
  func stackShown(_ stack: UINavigationController) {
    guard let navigator, !navigator.inFlight,
      let depth = navigator.containers.firstIndex(where: { $0 === stack }), depth < navigator.state.levels.count
    else { return }
    let level = navigator.state.levels[depth]
    let shown = ([level.root].compactMap { $0 } + level.path)
    let ids = stack.viewControllers.compactMap(navigator.screenID(of:))
    let stillShown = shown.filter { ids.contains($0.id) }
    guard stillShown.count < shown.count else { return }
    _ = try? navigator.reconcile(.replacedStack(depth: depth, stack: stillShown))
  }

  /// A presented controller was dismissed by the user: report its level as dismissed.
  func presentationDismissed(_ presented: UIViewController) {
    guard let navigator, let depth = navigator.containers.firstIndex(where: { $0 === presented }), depth > 0,
      let root = navigator.state.levels[depth - 1].presented?.screen
    else { return }
    _ = try? navigator.reconcile(.dismissed(screen: root.id))
  }
}

/// The delegate of one navigation or presentation controller: it reports to
/// ``UIKitDelegates`` and forwards every call to the delegate the app set.
final class DelegateForwarder: NSObject, UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate {
  weak var controller: UIViewController?
  weak var appDelegate: AnyObject?
  private unowned let delegates: UIKitDelegates

  init(controller: UIViewController, delegates: UIKitDelegates) {
    self.controller = controller
    self.delegates = delegates
  }

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    delegates.stackShown(navigationController)
    forwardDidShow(navigationController, viewController, animated)
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    delegates.presentationDismissed(presentationController.presentedViewController)
    forwardDidDismiss(presentationController)
  }
}
#endif
