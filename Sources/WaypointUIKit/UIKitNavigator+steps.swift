#if canImport(UIKit)
import UIKit
import Waypoint

// One UIKit call per plan step.

extension UIKitNavigator {
  func perform(_ step: NavigationStep) async throws(NavigationError) {
    switch step {
    case .dismiss(let depth):
      try await dismiss(over: depth)
    case .popTo(let id, let depth):
      let stack = try navigationController(at: depth, for: step)
      guard let target = controllers[id]?.controller else { throw gone(id, step) }
      _ = stack.popToViewController(target, animated: animated)
      await finishTransition(of: stack)
    case .push(let screen, let depth):
      let stack = try navigationController(at: depth, for: step)
      stack.pushViewController(try controller(for: screen), animated: animated)
      await finishTransition(of: stack)
    case .present(let screen, let presentation, let source, let depth):
      try await present(screen, presentation, from: source, depth: depth)
    case .setRoot(let screen):
      if rootController.presentedViewController != nil {
        await withCheckedContinuation { done in rootController.dismiss(animated: false) { done.resume() } }
      }
      containers = [rootController]
      let root = try screen.map { screen throws(NavigationError) in [try controller(for: screen)] } ?? []
      rootController.setViewControllers(root, animated: animated)
      await finishTransition(of: rootController)
    case .setDetail(let screen, let depth):
      try showDetail(screen, depth: depth, step: step)
    case .addChild(let screen, let parent):
      guard let host = controllers[parent]?.controller else { throw gone(parent, step) }
      let child = try controller(for: screen)
      guard let container = (host as? any ChildContainer)?.containerView(for: screen) ?? host.view else {
        throw gone(parent, step)
      }
      host.addChild(child)
      container.addSubview(child.view)
      child.view.frame = CGRect(origin: .zero, size: container.frame.size)
      child.didMove(toParent: host)
    case .removeChild(let id, _):
      guard let child = controllers[id]?.controller else { throw gone(id, step) }
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    }
  }

  // MARK: - Steps

  /// Presents from the level's container (its navigation controller), which gives UIKit's
  /// presentation context; a popover still points at the source's view.
  private func present(_ screen: Screen, _ presentation: Presentation, from source: String, depth: Int)
    async throws(NavigationError)
  {
    let step = NavigationStep.present(screen, presentation, source: source, depth: depth)
    guard let sourceController = controllers[source]?.controller, depth < containers.count else {
      throw gone(source, step)
    }
    let presenter = containers[depth]
    let shown = try controller(for: screen)
    if case .custom(let name) = presentation {
      guard let transition = customTransitions[name] else {
        throw NavigationError(
          .unsupportedPresentation,
          "no custom transition is registered as '\(name)'; register one with register(custom:_:)", screen: screen.id)
      }
      await transition.present(shown, sourceController, animated)
      containers.append(shown)
      return
    }
    let container: UIViewController
    switch presentation {
    case .popover:
      container = shown
      container.modalPresentationStyle = .popover
      // A popover points at its source's view; UIKit needs an anchor to show one.
      guard let anchor = sourceController.view else {
        throw NavigationError(
          .invalidSource, "'\(screen.id)' is a popover and its source '\(source)' has no view to anchor it",
          screen: screen.id)
      }
      container.popoverPresentationController?.sourceView = anchor
    case .sheet:
      container = UINavigationController(rootViewController: shown)
      container.modalPresentationStyle = .pageSheet
      container.sheetPresentationController?.detents = sheetDetents
    case .fullScreen:
      container = UINavigationController(rootViewController: shown)
      container.modalPresentationStyle = .fullScreen
    case .present(let style):
      guard let modalStyle = Self.modalStyles[style] else {
        throw NavigationError(
          .unsupportedPresentation,
          "UIKit has no modal style '\(style)' (known: \(Self.modalStyles.keys.sorted().joined(separator: ", ")))",
          screen: screen.id)
      }
      container = UINavigationController(rootViewController: shown)
      container.modalPresentationStyle = modalStyle
    default:
      container = UINavigationController(rootViewController: shown)
    }
    await withCheckedContinuation { done in presenter.present(container, animated: animated) { done.resume() } }
    delegates.watchPresentation(of: container)
    if let stack = container as? UINavigationController { delegates.watch(stack) }
    containers.append(container)
  }

  private func dismiss(over depth: Int) async throws(NavigationError) {
    guard depth + 1 < containers.count else { throw gone("level \(depth + 1)", .dismiss(depth: depth)) }
    let presented = containers[depth + 1]
    if case .custom(let name)? = state.levels[depth].presented?.presentation, let transition = customTransitions[name] {
      await transition.dismiss(presented, animated)
    } else {
      let presenter = containers[depth]
      await withCheckedContinuation { done in presenter.dismiss(animated: animated) { done.resume() } }
    }
    containers.removeSubrange((depth + 1)...)
  }

  private func showDetail(_ screen: Screen?, depth: Int, step: NavigationStep) throws(NavigationError) {
    let detail = try screen.map { screen throws(NavigationError) in try controller(for: screen) }
    if let split = splitViewController {
      split.setViewController(detail, for: .secondary)
    } else if let detail {
      containers[depth].showDetailViewController(detail, sender: nil)
    } else {
      throw NavigationError(
        .unsupportedPresentation, "clearing the detail column needs the navigator's splitViewController")
    }
  }

  /// The navigation controller of the level at `depth`.
  private func navigationController(at depth: Int, for step: NavigationStep) throws(NavigationError)
    -> UINavigationController
  {
    guard depth < containers.count, let stack = containers[depth] as? UINavigationController else {
      throw NavigationError(.invalidStep, "cannot \(step): the level has no navigation controller")
    }
    return stack
  }

  /// Waits for a navigation controller's push or pop animation to end.
  private func finishTransition(of stack: UINavigationController) async {
    guard let coordinator = stack.transitionCoordinator else { return }
    await withCheckedContinuation { done in
      let queued = coordinator.animate(alongsideTransition: nil) { _ in done.resume() }
      if !queued { done.resume() }
    }
  }

  private func gone(_ id: String, _ step: NavigationStep) -> NavigationError {
    NavigationError(.screenGone, "cannot \(step): the view controller of '\(id)' is gone")
  }

  /// UIKit's modal presentation styles by the names `present(style)` takes.
  static let modalStyles: [String: UIModalPresentationStyle] = [
    "automatic": .automatic, "fullScreen": .fullScreen, "pageSheet": .pageSheet, "formSheet": .formSheet,
    "currentContext": .currentContext, "overFullScreen": .overFullScreen, "overCurrentContext": .overCurrentContext,
  ]
}
#endif
