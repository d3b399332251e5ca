#if canImport(UIKit)
public import Observation
public import UIKit
public import Waypoint

/// A ``Waypoint/Navigator`` over UIKit's view controllers: it pushes, presents, adds children and
/// replaces roots for a `ModuleNavigator`, and reports what the user does on their own (a back
/// swipe, a sheet pulled down) back into the state.
///
/// ```swift
/// let navigator = UIKitNavigator(window: window)
/// let modules = ModuleNavigator(registry: registry, navigator: navigator)
/// _ = try await modules.route(NoteList.self, .replaceRoot)
/// ```
///
/// Every change goes through a plan: the navigator applies a transition to its
/// ``Waypoint/NavigationState``, asks for the plan from what is shown to the new state
/// (``Waypoint/NavigationState/plan(to:)``), and performs each step with one UIKit call. Its
/// state is updated after each step, so it says what UIKit shows even when a step fails.
///
/// The navigator keeps view controllers only weakly: UIKit's hierarchy holds what is shown.
/// Screens it has to build (restoring a state, reverting to a previous root) come from its
/// ``destinationSource``, which a `ModuleNavigator` made over it sets.
@MainActor
@Observable
public final class UIKitNavigator: RebuildingNavigator {
  /// What is shown now.
  public private(set) var state = NavigationState()
  /// Where the navigator gets view controllers for screens it must build; held weakly.
  @ObservationIgnored public weak var destinationSource: (any DestinationSource)?
  /// Whether UIKit animates the navigator's changes.
  @ObservationIgnored public var animated = true
  /// The detents of a `sheet`.
  @ObservationIgnored public var sheetDetents: [UISheetPresentationController.Detent] = [.medium(), .large()]
  /// The split view controller whose secondary column shows `showDetail` screens; without one,
  /// the source's `showDetailViewController(_:sender:)` is used.
  @ObservationIgnored public weak var splitViewController: UISplitViewController?
  /// The navigation controller of the root level.
  @ObservationIgnored public let rootController: UINavigationController
  @ObservationIgnored var controllers: [String: WeakController] = [:]
  /// One container per level: the root navigation controller, then each presented controller.
  @ObservationIgnored var containers: [UIViewController]
  @ObservationIgnored var customTransitions: [String: CustomTransition] = [:]
  @ObservationIgnored var inFlight = false
  @ObservationIgnored lazy var delegates = UIKitDelegates(navigator: self)

  /// A navigator that shows its root stack in `window`, in a navigation controller it makes.
  public init(window: UIWindow) {
    rootController = UINavigationController(nibName: nil, bundle: nil)
    containers = [rootController]
    window.rootViewController = rootController
    window.makeKeyAndVisible()
    delegates.watch(rootController)
  }

  /// A navigator that drives `navigationController` as its root stack.
  ///
  /// Use it for a navigation controller from a storyboard, or inside a tab. The app's delegate
  /// of the navigation controller keeps getting its calls.
  public init(navigationController: UINavigationController) {
    rootController = navigationController
    containers = [navigationController]
    delegates.watch(navigationController)
  }

  /// Registers the transition `custom(name)` presents and dismisses with.
  public func register(custom name: String, _ transition: CustomTransition) {
    customTransitions[name] = transition
  }

  /// The view controller shown for the screen `id`, while UIKit holds it.
  public func controller(for id: String) -> UIViewController? {
    controllers[id]?.controller
  }

  // MARK: - Navigator

  /// Shows a screen: checks the transition against the state, then performs its plan.
  ///
  /// - Throws: `unbalancedTransition` while a transition is in flight (this navigator's or
  ///   UIKit's), the state's `invalidSource`, `unshowableDestination` when the destination is
  ///   not a view controller, `unsupportedPresentation` for a `present` style UIKit does not
  ///   have or an unregistered `custom` name.
  public func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try begin("\(transition.presentation) \(transition.screen.id)")
    defer { inFlight = false }
    var next = state
    let change = try next.apply(transition)
    if case .nothing = change { return change }
    if let destination = transition.destination {
      guard let controller = destination.value(as: UIViewController.self) else {
        throw NavigationError(
          .unshowableDestination,
          "'\(transition.screen.id)' was made as a \(type(of: destination.value)), not a UIViewController",
          screen: transition.screen.id)
      }
      controllers[transition.screen.id] = WeakController(controller)
    }
    try await perform(state.plan(to: next))
    state = next
    return change
  }

  /// Undoes `change` with the plan back to the state without it.
  ///
  /// - Throws: `unbalancedTransition`, `screenGone`, or what a step throws.
  public func revert(_ change: NavigationChange) async throws(NavigationError) {
    try begin("removing \(change.screen)")
    defer { inFlight = false }
    var next = state
    try next.revert(change)
    try await perform(state.plan(to: next))
    state = next
  }

  /// Takes in a change UIKit already made (the navigator's delegates report the user's own);
  /// nothing is done to the view controllers.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let gone = try next.reconcile(edit)
    state = next
    for screen in gone { controllers[screen.id] = nil }
    containers.removeSubrange(min(containers.count, max(state.levels.count, 1))...)
    return gone
  }

  /// Shows `target` (a saved state, a deep link's path) with the fewest UIKit calls: screens
  /// that stay are kept, the others come from the ``destinationSource``.
  ///
  /// - Throws: `unbalancedTransition`, or what a step throws.
  public func restore(_ target: NavigationState) async throws(NavigationError) {
    try begin("restore")
    defer { inFlight = false }
    try await perform(state.plan(to: target))
    state = target
  }

  // MARK: - Running plans

  private func begin(_ what: String) throws(NavigationError) {
    let busy = containers.last.map { $0.transitionCoordinator != nil || $0.isBeingDismissed } ?? false
    guard !inFlight, !busy else {
      throw NavigationError(
        .unbalancedTransition, "cannot start '\(what)' while another transition is in flight")
    }
    inFlight = true
  }

  /// Performs `steps`, keeping the state in step with UIKit after each one.
  private func perform(_ steps: [NavigationStep]) async throws(NavigationError) {
    for step in steps {
      try await perform(step)
      var shown = state
      try shown.execute(step)
      state = shown
    }
  }

  /// The view controller for `screen`: the one shown or handed over, else a new one from the
  /// destination source.
  func controller(for screen: Screen) throws(NavigationError) -> UIViewController {
    if let shown = controllers[screen.id]?.controller { return shown }
    guard let source = destinationSource else {
      throw NavigationError(
        .unshowableDestination, "'\(screen.id)' must be built, and the navigator has no destination source",
        screen: screen.id)
    }
    let made: ScreenDestination
    do {
      made = try source.destination(for: screen)
    } catch {
      throw NavigationError(
        .unshowableDestination, "'\(screen.id)' could not be built: \(error)", screen: screen.id)
    }
    guard let controller = made.value(as: UIViewController.self) else {
      throw NavigationError(
        .unshowableDestination, "'\(screen.id)' was made as a \(type(of: made.value)), not a UIViewController",
        screen: screen.id)
    }
    controllers[screen.id] = WeakController(controller)
    return controller
  }

  /// The id of the screen `controller` shows.
  func screenID(of controller: UIViewController) -> String? {
    controllers.first { $0.value.controller === controller }?.key
  }
}

/// A view controller the navigator knows without keeping it alive.
struct WeakController {
  weak var controller: UIViewController?
  init(_ controller: UIViewController) { self.controller = controller }
}

/// How an app-defined `custom(name)` presentation shows and hides a view controller.
///
/// ```swift
/// navigator.register(custom: "banner", CustomTransition(
///   present: { banner, source, animated in await BannerPresenter.show(banner, over: source, animated: animated) },
///   dismiss: { banner, animated in await BannerPresenter.hide(banner, animated: animated) }))
/// ```
public struct CustomTransition {
  /// Shows the first view controller over the second.
  public var present: @MainActor (UIViewController, UIViewController, Bool) async -> Void
  /// Hides it again.
  public var dismiss: @MainActor (UIViewController, Bool) async -> Void

  /// Makes a transition from its two halves.
  public init(
    present: @escaping @MainActor (UIViewController, UIViewController, Bool) async -> Void,
    dismiss: @escaping @MainActor (UIViewController, Bool) async -> Void
  ) {
    self.present = present
    self.dismiss = dismiss
  }
}

/// A source screen that names the view its children go into (`addChild`); without it, a
/// child's view fills the source's view.
@MainActor
public protocol ChildContainer: AnyObject {
  /// The view the child `screen` is added to.
  func containerView(for screen: Screen) -> UIView
}
#endif
