#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

// One UIKit call per plan step, and never a wait on UIKit without a time limit.

extension UIKitNavigator {
  func carryOut(step: NavigationStep) async throws(NavigationError) {
    switch step {
    case .dismiss(let level):
      try await dismiss(over: level)
    case .popTo(let id, let level):
      let stack = try navigationController(at: level, for: step)
      guard let target = controllers[id]?.controller else { throw gone(id, step) }
      try await clearForeign(over: level, step)
      // The steps before waited on UIKit, and the user may have popped meanwhile: UIKit raises
      // for a pop to a controller its stack no longer holds.
      try await finishTransition(of: stack, step)
      guard stack.viewControllers.contains(where: { $0 === target }) else {
        needsSync = true
        throw gone(id, step)
      }
      _ = stack.popToViewController(target, animated: animated)
      try await finishTransition(of: stack, step)
    case .push(let screen, let level):
      let stack = try navigationController(at: level, for: step)
      let pushed = try controller(for: screen)
      try Self.checkStackable(pushed, screen: screen.id)
      try await clearForeign(over: level, step)
      Self.detach(pushed, for: stack)
      stack.pushViewController(pushed, animated: animated)
      try await finishTransition(of: stack, step)
    case .present(let screen, let presentation, let source, let level):
      try await present(screen, presentation, from: source, level: level)
    case .setRoot(let screen):
      try await setRoot(screen, step)
    case .setDetail(let screen, _):
      try showDetail(screen)
    case .addChild(let screen, let parent):
      guard let host = controllers[parent]?.controller else { throw gone(parent, step) }
      let child = try controller(for: screen)
      let container = (host as? any ChildContainer)?.containerView(for: screen) ?? host.view
      guard let container else { throw gone(parent, step) }
      host.addChild(child)
      child.view.frame = container.bounds
      child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      container.addSubview(child.view)
      child.didMove(toParent: host)
    case .removeChild(let id, let parent):
      // Only a child of the step's parent: one the app moved elsewhere is not the navigator's to take.
      guard let child = controllers[id]?.controller, child.parent === controllers[parent]?.controller else {
        throw gone(id, step)
      }
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    case .setTabs, .selectTab, .setSplit, .setCollapsed, .setStack:
      try await carryOutContainerStep(step)
    }
  }

  /// Several screens pushed onto one stack (a restore, a deep link's path): one
  /// `setViewControllers` call, so UIKit animates only the last.
  func pushAll(_ pushes: [NavigationStep]) async throws(NavigationError) {
    guard case .push(_, let level)? = pushes.first else { return }
    let stack = try navigationController(at: level, for: pushes[0])
    let added = try controllers(pushedBy: pushes)
    try await clearForeign(over: level, pushes[0])
    for controller in added { Self.detach(controller, for: stack) }
    stack.setViewControllers(stack.viewControllers + added, animated: animated)
    try await finishTransition(of: stack, pushes[0])
  }

  /// The view controllers of the screens `pushes` push, each one a navigation controller may
  /// take.
  func controllers(pushedBy pushes: [NavigationStep]) throws(NavigationError) -> [UIViewController] {
    var added: [UIViewController] = []
    for case .push(let screen, _) in pushes {
      let pushed = try controller(for: screen)
      try Self.checkStackable(pushed, screen: screen.id)
      added.append(pushed)
    }
    return added
  }

  /// Pushes the screens of `pushes` onto the stack of level `level` within the caller's
  /// turn, nothing over it to clear (``canCarryOutNow(_:)``), and returns the stack, whose
  /// transition runs on.
  func pushNow(_ pushes: [NavigationStep], at level: Int) throws(NavigationError) -> UINavigationController {
    let stack = try navigationController(at: level, for: pushes[0])
    let added = try controllers(pushedBy: pushes)
    for controller in added { Self.detach(controller, for: stack) }
    if added.count == 1 {
      stack.pushViewController(added[0], animated: animated)
    } else {
      stack.setViewControllers(stack.viewControllers + added, animated: animated)
    }
    return stack
  }

  // MARK: - Steps

  func setRoot(_ screen: Screen?, _ step: NavigationStep) async throws(NavigationError) {
    let root = try screen.map { screen throws(NavigationError) in try controller(for: screen) }
    if let root, let screen { try Self.checkStackable(root, screen: screen.id) }
    try await clearRoot(for: step, screen: screen?.id)
    if tabBarController != nil, let window {
      // A new root takes the tab bar away; a split view of the root stays, as in the state.
      tabBarController = nil
      stacks = [:]
      splits = [:]
      window.rootViewController = rootController
    }
    containers = [splits[.primary] ?? rootController]
    if let root { Self.detach(root, for: rootController) }
    rootController.setViewControllers(root.map { [$0] } ?? [], animated: animated)
    try await finishTransition(of: rootController, step)
  }

  /// Dismisses what is presented over the root level's container; what the app presented is up
  /// to ``foreignPresentations``.
  func clearRoot(for step: NavigationStep, screen: String?) async throws(NavigationError) {
    await endSearches(from: 0)
    let base = containers[0]
    guard let covering = base.presentedViewController else { return }
    // The navigator's own levels go with the old root; what the app presented anywhere over
    // them is up to the policy.
    if let foreign = foreignPresentation(), case .refuse = foreignPolicy {
      throw NavigationError(
        .presentationBlocked,
        "cannot replace the root: a \(type(of: foreign)) the navigator did not present is up; "
          + "dismiss it first, or set foreignPresentations = .dismiss", screen: screen)
    }
    try await dismissPresentation(of: base, covering, animated: false, step)
  }

  /// Presents from the level's container, which gives UIKit's presentation context; a popover
  /// still points at the source's view.
  ///
  /// The `stacked` pushes onto the new level go in its navigation controller before UIKit
  /// presents it, so the whole stack arrives in one presentation, the top screen showing.
  func present(
    _ screen: Screen, _ presentation: Presentation, from source: String, level: Int,
    stackedOn stacked: ArraySlice<NavigationStep> = []
  ) async throws(NavigationError) {
    let step = NavigationStep.present(screen, presentation, source: source, level: level)
    guard let sourceController = controllers[source]?.controller, level < containers.count else {
      throw gone(source, step)
    }
    let presenter = containers[level]
    let container = try container(for: try controller(for: screen), presentation, source: sourceController, screen)
    if !stacked.isEmpty { try stack(stacked, on: container, screen) }
    try await clearForPresenting(from: presenter, screen: screen.id, step)
    let presented: Bool
    if case .custom(let name) = presentation, let transition = customTransitions[name] {
      presented = await runCustom { await transition.present(container, sourceController, self.animated) }
      // A transition that returns before UIKit is done: the plan's next step may present over it.
      if presented { _ = await UIKitWait.transition(of: container.transitionCoordinator, at: transitionTimeout) }
    } else {
      let wait = UIKitWait()
      (container as? any OwnedContainer)?.reports.onAppearance = { wait.end() }
      presenter.present(container, animated: animated) { wait.end() }
      presented = await wait.wait(at: transitionTimeout)
    }
    let isCustom = if case .custom = presentation { true } else { false }
    // A custom transition that UIKit refused shows nothing: not presented, not in a window.
    if isCustom, presented, container.presentingViewController == nil, container.viewIfLoaded?.window == nil {
      throw NavigationError(
        .presentationBlocked, "the custom transition of '\(screen.id)' did not put it on screen", screen: screen.id)
    }
    guard isCustom || presenter.presentedViewController === container else {
      throw NavigationError(
        presented ? .presentationBlocked : .transitionTimedOut,
        "UIKit did not present '\(screen.id)' from '\(source)' within \(transitionTimeout)", screen: screen.id)
    }
    if !presented && isCustom {
      if case .custom(let name) = presentation, let transition = customTransitions[name] {
        giveUp(container, transition)
      }
      throw NavigationError(
        .transitionTimedOut, "the custom transition of '\(screen.id)' did not finish within \(transitionTimeout)",
        screen: screen.id)
    }
    (container as? any OwnedContainer)?.reports.navigator = self
    containers.append(container)
  }

  /// Puts the screens `pushes` push in `container`, a navigation controller of the navigator's
  /// about to be presented, over its root.
  func stack(_ pushes: ArraySlice<NavigationStep>, on container: UIViewController, _ root: Screen)
    throws(NavigationError)
  {
    guard let stack = container as? WaypointNavigationController, stack.reports.holdsScreens else {
      throw NavigationError(
        .unsupportedPresentation,
        "'\(root.id)' is itself a container, so no screen can be pushed onto the level it is presented in",
        screen: root.id)
    }
    var added: [UIViewController] = []
    for case .push(let screen, _) in pushes {
      let pushed = try controller(for: screen)
      try Self.checkStackable(pushed, screen: screen.id)
      Self.detach(pushed, for: stack)
      added.append(pushed)
    }
    stack.setViewControllers(stack.viewControllers + added, animated: false)
  }

  /// What UIKit presents for `shown`: a ``WrappingContainer`` holding it when it is a popover's
  /// one screen or a container controller, else a navigation controller of the navigator's
  /// holding it.
  func container(
    for shown: UIViewController, _ presentation: Presentation, source: UIViewController, _ screen: Screen
  ) throws(NavigationError) -> UIViewController {
    // A popover points at its source's view, which must be on screen before anything is made.
    let anchor = presentation.isPopover ? try popoverAnchor(in: source, screen) : nil
    let container: UIViewController
    if presentation == .popover || Self.isContainer(shown) {
      // A popover's one screen; a container wrapped, so its dismissal reaches the navigator
      // (UIKit cannot push it onto a stack).
      container = WrappingContainer(showing: shown)
    } else {
      let stack = WaypointNavigationController(rootViewController: shown)
      stack.reports.holdsScreens = true
      container = stack
    }
    if let anchor {
      container.modalPresentationStyle = .popover
      container.popoverPresentationController?.sourceView = anchor.view
      container.popoverPresentationController?.sourceRect = anchor.rect
      return container
    }
    switch presentation {
    case .sheet:
      container.modalPresentationStyle = .pageSheet
      container.sheetPresentationController?.detents = sheetDetents
    case .fullScreen:
      container.modalPresentationStyle = .fullScreen
    case .present(let style):
      guard let modalStyle = Self.modalStyles[style] else {
        throw NavigationError(
          .unsupportedPresentation,
          "UIKit has no modal style '\(style)' (known: \(Self.modalStyles.keys.sorted().joined(separator: ", ")))",
          screen: screen.id)
      }
      container.modalPresentationStyle = modalStyle
    case .custom(let name):
      guard customTransitions[name] != nil else {
        throw NavigationError(
          .unsupportedPresentation,
          "no custom transition is registered as '\(name)'; register one with register(custom:_:)", screen: screen.id)
      }
    default:
      break
    }
    return container
  }

  /// Where a popover shown from `source` points: the view the source names (the button that
  /// opened it) when that is on screen, else its whole view, which leaves UIKit no room outside
  /// it on a large screen.
  ///
  /// - Throws: `invalidSource` when the source's view is not on screen.
  func popoverAnchor(in source: UIViewController, _ screen: Screen) throws(NavigationError)
    -> (view: UIView, rect: CGRect)
  {
    guard let whole = source.viewIfLoaded, whole.window != nil else {
      throw NavigationError(
        .invalidSource, "'\(screen.id)' is a popover and its source's view is not on screen to anchor it",
        screen: screen.id)
    }
    if let named = (source as? any PopoverSource)?.popoverAnchor(for: screen), named.view.window != nil {
      return (named.view, named.rect ?? named.view.bounds)
    }
    return (whole, whole.bounds)
  }

  /// Makes sure `presenter` can present: in a window, and presenting nothing the navigator did
  /// not present (refused, or dismissed under `foreignPresentations = .dismiss`).
  func clearForPresenting(from presenter: UIViewController, screen: String, _ step: NavigationStep)
    async throws(NavigationError)
  {
    // A presentation on its way out (the user swiped a sheet down a moment ago) is waited for,
    // not taken for the app's.
    if let leaving = presenter.presentedViewController, Self.isLeaving(leaving) {
      _ = await UIKitWait.transition(of: leaving.transitionCoordinator, at: transitionTimeout)
      _ = await UIKitWait.until({ presenter.presentedViewController !== leaving }, at: transitionTimeout)
    }
    if let search = presenter.presentedViewController as? UISearchController { await end(search) }
    // What the app presented comes first: a full-screen modal takes the presenter's views out
    // of the window (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen),
    // and dismissing it under `.dismiss` puts them back.
    if let covering = presenter.presentedViewController {
      switch foreignPolicy {
      case .refuse:
        throw NavigationError(
          .presentationBlocked,
          "cannot present '\(screen)': a \(type(of: covering)) the navigator did not present is up; "
            + "dismiss it first, or set foreignPresentations = .dismiss",
          screen: screen)
      case .dismiss:
        try await dismissPresentation(of: presenter, covering, animated: false, step)
      }
    }
    guard presenter.viewIfLoaded?.window != nil else {
      throw NavigationError(
        .presentationBlocked,
        "cannot present '\(screen)': the level it is presented from is not in a window (another tab, or covered)",
        screen: screen)
    }
  }

  /// Takes `controller` out of another navigation controller's stack before `stack` takes it (a
  /// screen a plan moves between tabs or columns): UIKit raises
  /// `UIViewControllerHierarchyInconsistency` for a controller another stack holds, and for one
  /// whose view is still in that stack's views (Apple Developer Forums thread 52937;
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/hierarchyinconsistencyexception).
  static func detach(_ controller: UIViewController, for stack: UINavigationController) {
    guard let other = controller.navigationController, other !== stack else { return }
    other.setViewControllers(other.viewControllers.filter { $0 !== controller }, animated: false)
    controller.viewIfLoaded?.removeFromSuperview()
  }

  /// What is done with the app's own presentations for the change under way: the app's
  /// ``foreignPresentations``, but a sign-in gate's change (sign-out), which lands whatever the
  /// app presents, as a protected screen must not wait under the app's sheet to be seen when it
  /// goes (`GateChange`).
  var foreignPolicy: ForeignPresentations {
    GateChange.isUnderway ? .dismiss : foreignPresentations
  }

  /// Makes sure what the app presented over level `level` (an alert, a share sheet, its own
  /// modal) does not hide a change made there: under `.refuse` the step fails with
  /// `presentationBlocked`, under `.dismiss` it is dismissed first.
  func clearForeign(over level: Int, _ step: NavigationStep) async throws(NavigationError) {
    await endSearches(from: level)
    guard let foreign = foreignPresentation(from: level), let presenter = foreign.presentingViewController else {
      return
    }
    switch foreignPolicy {
    case .refuse:
      throw NavigationError(
        .presentationBlocked,
        "cannot \(step): a \(type(of: foreign)) the navigator did not present is up over it, and would hide it; "
          + "dismiss it first, or set foreignPresentations = .dismiss")
    case .dismiss:
      try await dismissPresentation(of: presenter, foreign, animated: false, step)
    }
  }

  /// Ends the searches presented over the levels from `first` up.
  ///
  /// A search the user left active over a level is not the app's modal, and a change made under
  /// it would not be seen (third adapter review, B6). A search screen that defines its presentation context
  /// (`definesPresentationContext`) presents its search from itself, over its own view only, and
  /// keeps it under a push.
  func endSearches(from first: Int) async {
    for container in containers.dropFirst(first) {
      if let search = container.presentedViewController as? UISearchController { await end(search) }
    }
  }

  /// Shows `screen` in the split view's secondary column, and brings the column on screen when
  /// the split view is collapsed.
  func showDetail(_ screen: Screen?) throws(NavigationError) {
    guard let split = splitViewController else {
      throw NavigationError(
        .unsupportedPresentation,
        "showDetail needs the navigator's splitViewController; without one UIKit would present the screen modally",
        screen: screen?.id)
    }
    guard split.style != .unspecified else {
      throw NavigationError(
        .unsupportedPresentation,
        "the navigator's split view controller is a classic one (style .unspecified), which takes no column calls; "
          + "make it with init(style:)", screen: screen?.id)
    }
    let detail = try screen.map { screen throws(NavigationError) in try controller(for: screen) }
    // A view controller set for the secondary column over another is pushed onto the navigation
    // controller UIKit made for it, so Back would lead to the old detail; cleared first, it
    // replaces it (Apple's reply to FB8640357, quoted in
    // https://zhaoxin.pro/technology/15993960076329.html).
    split.setViewController(nil, for: .secondary)
    split.setViewController(detail, for: .secondary)
    if detail != nil, split.isCollapsed { split.show(.secondary) }
  }

  /// The navigation controller of the level at `level`.
  func navigationController(at level: Int, for step: NavigationStep) throws(NavigationError)
    -> UINavigationController
  {
    // A root split view holds the root stack in its primary column.
    let container = level == 0 && splits[.primary] != nil ? rootController : containers[safe: level]
    let content = (container as? WrappingContainer)?.content ?? container
    guard let stack = content as? UINavigationController else {
      throw NavigationError(.invalidStep, "cannot \(step): the level has no navigation controller")
    }
    guard (stack as? WaypointNavigationController)?.reports.holdsScreens == true else {
      throw NavigationError(
        .unsupportedPresentation,
        "cannot \(step): the level shows a \(type(of: stack)) of the app's, whose stack the navigator does not manage")
    }
    return stack
  }

  /// Waits for a navigation controller's push or pop animation to end, at most `transitionTimeout`.
  func finishTransition(of stack: UINavigationController, _ step: NavigationStep) async throws(NavigationError) {
    guard await UIKitWait.transition(of: stack.transitionCoordinator, at: transitionTimeout) else {
      throw NavigationError(.transitionTimedOut, "cannot \(step): UIKit did not finish within \(transitionTimeout)")
    }
  }

  func gone(_ id: String, _ step: NavigationStep) -> NavigationError {
    NavigationError(.screenGone, "cannot \(step): the view controller of '\(id)' is gone")
  }

  /// UIKit's modal presentation styles by the names `present(style)` takes.
  static let modalStyles: [String: UIModalPresentationStyle] = [
    "automatic": .automatic, "fullScreen": .fullScreen, "pageSheet": .pageSheet, "formSheet": .formSheet,
    "currentContext": .currentContext, "overFullScreen": .overFullScreen, "overCurrentContext": .overCurrentContext,
  ]
}
#endif
