#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import Observation
public import UIKit
public import Waypoint

/// A ``Waypoint/Navigator`` over UIKit's view controllers: it pushes, presents, adds children and
/// replaces roots for a `ScreenCoordinator`, and takes in what the user (or the app's own code)
/// changes on its own: a back swipe, a sheet pulled down, a Done button's `dismiss`.
///
/// ```swift
/// let navigator = UIKitNavigator(window: window)
/// let modules = ScreenCoordinator(registry: registry, navigator: navigator)
/// _ = try await modules.show(NoteList.self, .replaceRoot)
/// ```
///
/// Every change goes through one plan, worked out in the navigator's turn from what UIKit shows
/// then (after a back swipe the user was making has ended): the steps from what is shown to
/// the new ``Waypoint/NavigationState`` (`NavigationState.plan(to:)`), each carried out with one
/// UIKit call. The state is published once per plan, and says what UIKit shows even when a
/// step fails.
///
/// **What it owns.** Each stack is a ``WaypointNavigationController`` and each popover sits in a
/// container of the navigator's; they report their own pops and dismissals, so the navigator
/// never sets a UIKit delegate and the app keeps all of them. A screen that is itself a
/// container (a navigation, split view or tab bar controller, such as an image picker) is
/// presented inside a plain container of the navigator's, which reports its dismissal, and is
/// never pushed, which UIKit refuses with an exception.
///
/// **When UIKit refuses.** Changes run one at a time, in the order asked; a change waits for one
/// UIKit is running (a back swipe) at most ``transitionTimeout``. Before presenting, the
/// navigator looks at what is presented: something it did not present (an alert, a share
/// sheet, the app's own modal) is refused with `presentationBlocked`, or dismissed first under
/// ``ForeignPresentations/dismiss``. No UIKit completion is awaited without a time limit: a
/// transition that does not end fails with `transitionTimedOut`, and the navigator stays usable.
///
/// The navigator keeps view controllers only weakly: UIKit's hierarchy holds what is shown.
/// Screens it has to build (restoring a state, reverting to a previous root) come from its
/// `destinationSource`, which a `ScreenCoordinator` made over it sets.
@MainActor
@Observable
public final class UIKitNavigator: RebuildingNavigator, PublishesStates, CarriesOutNow {
  /// What is shown now: published once per plan (never a state half-way through one), and once
  /// per change the user makes on their own.
  public var state: NavigationState { published }
  var published = NavigationState()
  /// Where each published state goes with its cause, for ``ScreenViews``.
  package let statesPublished = StateFeed()
  /// What UIKit shows, step by step while a plan runs; ``state`` publishes it.
  @ObservationIgnored var current = NavigationState()
  /// Where the navigator gets view controllers for screens it must build; held weakly.
  @ObservationIgnored package weak var destinationSource: (any DestinationSource)?
  /// Whether UIKit animates the navigator's changes.
  @ObservationIgnored public var animated = true
  /// The detents of a `sheet`; UIKit's default, `[.large()]`, unless set.
  @ObservationIgnored public var sheetDetents: [UISheetPresentationController.Detent] = [.large()]
  /// The split view controller (column style) whose secondary column shows `showDetail` screens.
  ///
  /// Without one, `showDetail` is refused: UIKit would present the screen modally instead.
  @ObservationIgnored public weak var splitViewController: UISplitViewController?
  /// How long the navigator waits for UIKit to finish a transition (a completion, an animation,
  /// a back swipe the user holds) before it gives up with `transitionTimedOut`.
  @ObservationIgnored public var transitionTimeout: Duration = .seconds(3)
  /// What the navigator does when something it did not present covers the level it presents from.
  @ObservationIgnored public var foreignPresentations = ForeignPresentations.refuse
  /// The navigation controller of the root level.
  @ObservationIgnored public let rootController: WaypointNavigationController
  @ObservationIgnored var controllers: [String: WeakController] = [:]

  /// The view controller that shows the screen `id`, while the state holds it: how a screen
  /// event (``ScreenEvent/screen``) finds the controller it is about, for an analytics SDK that
  /// wants it.
  public func viewController(for id: String) -> UIViewController? {
    published.contains(id) ? controllers[id]?.controller : nil
  }
  /// One container per level: the root navigation controller, then each presented controller.
  @ObservationIgnored var containers: [UIViewController]
  @ObservationIgnored var customTransitions: [String: CustomTransition] = [:]
  /// Whether a change is being carried out; UIKit's reports wait until it is done.
  @ObservationIgnored var busy = false
  /// Whether a container reported a change while the navigator was busy.
  @ObservationIgnored var needsSync = false
  /// The tab the user tapped again, until the pop to its root that follows is taken in.
  @ObservationIgnored var reselectedTab: String?
  /// The cause of what the user did while a change was under way, not published yet.
  @ObservationIgnored var userCause: ScreenEvent.Cause?
  @ObservationIgnored var waiting: [CheckedContinuation<Void, Never>] = []
  /// The window the navigator shows its root in, when it was made with one.
  @ObservationIgnored weak var window: UIWindow?
  /// The stacks of the root level's tabs and split view columns.
  @ObservationIgnored var stacks: [StackLocation: WaypointNavigationController] = [:]
  /// The split views of the root level, by the place of their primary stack.
  @ObservationIgnored var splits: [StackLocation: UISplitViewController] = [:]
  /// The tab bar controller at the window's root, while the state has tabs.
  @ObservationIgnored public internal(set) weak var tabBarController: UITabBarController?
  /// Prepares the stack of each new tab, after its tab bar item took the title, image and
  /// badge of the tab's ``Waypoint/TabItem`` (its id as the title when it has none).
  @ObservationIgnored public var configureTab: @MainActor (String, UINavigationController) -> Void = { _, _ in }
  /// The tabs of the state being reached, whose items new tabs take.
  @ObservationIgnored var tabItems: TabContainer?
  /// Details of the app's collapsed split view that a stack of the navigator's popped, until the
  /// pop is taken in.
  @ObservationIgnored var poppedDetails: [WeakController] = []

  /// What to do about a presentation the navigator did not make, when it must present over it,
  /// replace the root, push, pop or change a tab under it, or dismiss a level it is up on.
  public enum ForeignPresentations: Sendable {
    /// Fail with `presentationBlocked` and change nothing (the default: an alert may hold the
    /// user's unsaved work).
    case refuse
    /// Dismiss it (without animation) and then go on.
    case dismiss
  }

  /// A navigator that shows its root stack in `window`, in a navigation controller it makes.
  public init(window: UIWindow) {
    rootController = WaypointNavigationController(nibName: nil, bundle: nil)
    containers = [rootController]
    rootController.reports.navigator = self
    rootController.reports.holdsScreens = true
    self.window = window
    window.rootViewController = rootController
    window.makeKeyAndVisible()
  }

  /// A navigator that drives `navigationController` as its root stack: one from a storyboard
  /// (set its class to `WaypointNavigationController`), or one the app shows elsewhere.
  public init(navigationController: WaypointNavigationController) {
    rootController = navigationController
    containers = [navigationController]
    navigationController.reports.navigator = self
    navigationController.reports.holdsScreens = true
  }

  /// Registers the transition `custom(name)` presents and dismisses with.
  ///
  /// - Parameters:
  ///   - name: The name a ``Presentation/custom(name:)`` presentation gives; a second registration
  ///     under it replaces the first.
  ///   - transition: How to present and dismiss the screen.
  public func register(custom name: String, _ transition: CustomTransition) {
    customTransitions[name] = transition
  }

  /// The navigation controller of the stack at `location` on the root level (a tab's, a split view
  /// column's), to style it.
  public func navigationController(at location: StackLocation) -> UINavigationController? {
    location == .primary && tabBarController == nil ? rootController : stacks[location]
  }

  /// The split view controller of the tab `tab` (or of the root level), to style it; keep its
  /// delegate, through which it reports collapsing.
  public func splitViewController(in tab: String?) -> UISplitViewController? {
    splits[StackLocation(tab: tab)]
  }

  /// The view controller shown for the screen `id`, while UIKit holds it.
  public func controller(for id: String) -> UIViewController? {
    controllers[id]?.controller
  }

  // MARK: - Navigator

  /// Shows `target` (a saved state, a deep link's path) with the fewest UIKit calls.
  ///
  /// Screens that stay are kept, the others come from the `destinationSource`; screens pushed
  /// onto one stack go in one `setViewControllers` call. ``show(_:)`` does the same.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  ///
  /// - Throws: What a step throws.
  @available(*, deprecated, renamed: "show(_:)")
  public func restore(_ target: NavigationState) async throws(NavigationError) {
    try await carryOut(reaching: target)
  }

  /// Waits for its turn (the changes asked before, a transition UIKit runs such as a back
  /// swipe), takes in what the user did meanwhile, then works out `plan` from what is shown and
  /// carries out its steps, one UIKit call each; ``state`` is published once, when it ends.
  ///
  /// - Parameter plan: Works out the change from what UIKit shows.
  /// - Returns: The plan carried out.
  /// - Throws: What `plan` throws (nothing changed then); `unshowableDestination` when a
  ///   destination is not a view controller; `unsupportedPresentation` for a container
  ///   controller pushed or made the root, a `present` style UIKit does not have or an
  ///   unregistered `custom` name; `presentationBlocked` when UIKit would refuse to present;
  ///   `transitionTimedOut`.
  public func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    try await begin()
    let instant = WaypointClock.live.instant
    let turn = instant()
    var planned = turn
    defer { end(timing: ScreenEvent.Timing(placement: planned - turn, transition: instant() - planned)) }
    var made = try plan(current)
    planned = instant()
    if case .nothing? = made.change { return made }
    let steps = made.workOutSteps()
    let built = try controllers(for: made, steps: steps)
    tabItems = made.target.tabs
    defer { alignCollapsedSplits() }
    try await carryOut(steps: steps)
    withExtendedLifetime(built) {}
    current.adoptTabItems(from: made.target)
    return made
  }

  /// Takes in the view controllers `made` hands over, and makes every screen it puts on screen
  /// before the first UIKit call, so one that cannot be made changes nothing there (third
  /// adapter review, B2); the caller holds what was made until the plan ends, as the navigator
  /// holds its controllers only weakly.
  func controllers(for made: NavigationPlan, steps: [NavigationStep]) throws(NavigationError) -> [UIViewController] {
    for (id, destination) in made.destinations {
      guard let controller = destination.value(as: UIViewController.self) else {
        throw NavigationError(
          .unshowableDestination, "'\(id)' was made as a \(type(of: destination.value)), not a UIViewController",
          screen: id)
      }
      if case .show(let transition) = made.cause, transition.screen.id == id {
        try Self.checkStackable(controller, transition.presentation, screen: id)
      }
      controllers[id] = WeakController(controller)
    }
    var built: [UIViewController] = []
    for screen in Self.screensShown(by: steps) where controllers[screen.id]?.controller == nil {
      built.append(try controller(for: screen))
    }
    return built
  }

  // MARK: - One change at a time

  /// Waits for the changes asked before, then for a transition UIKit runs on its own (a back
  /// swipe), and takes in what changed meanwhile.
  func begin() async throws(NavigationError) {
    if busy {
      // `end()` hands the navigator over still busy, so changes run in the order asked.
      await withCheckedContinuation { waiting.append($0) }
    } else {
      busy = true
    }
    // A container's coordinator covers it and its ancestors, never its children
    // (https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator):
    // a push or a back swipe in a tab's or a column's stack is seen only from that stack.
    for container in everyContainer {
      guard await UIKitWait.transition(of: container.transitionCoordinator, at: transitionTimeout) else {
        end()
        throw NavigationError(
          .transitionTimedOut, "a transition UIKit runs did not end within \(transitionTimeout); try again once it has")
      }
    }
    sync()
    // What the user did before this change (a back swipe it waited for) is on screen already:
    // published with its own cause, not the change's.
    if let cause = userCause {
      userCause = nil
      publish(cause: cause)
    }
  }

  /// Every container the navigator made that a transition can run in: the levels, the root
  /// stack, and the stacks of the tabs and columns, each once.
  var everyContainer: [UIViewController] {
    var seen = Set<ObjectIdentifier>()
    let all: [UIViewController] = containers + [rootController] + Array(stacks.values) + Array(splits.values)
    return all.filter { seen.insert(ObjectIdentifier($0)).inserted }
  }

  func end(timing: ScreenEvent.Timing? = nil) {
    if needsSync { sync() }
    // Only the screens the state shows are looked up (A23: entries of screens a plan took away
    // were kept for good, and every lookup by controller scanned them all).
    controllers = controllers.filter { current.contains($0.key) && $0.value.controller != nil }
    // What the user did while the change ran is published with it, as one state.
    userCause = nil
    publish(timing: timing)
    if waiting.isEmpty {
      busy = false
    } else {
      waiting.removeFirst().resume()
    }
  }

  /// A container the navigator owns changed on its own: take the change in now, or once the
  /// change being carried out is done.
  func containerChanged() {
    if busy {
      needsSync = true
    } else {
      sync()
    }
  }

  /// Carries out `steps`, keeping the state in step with UIKit: each step is checked against the
  /// state before UIKit is touched, and recorded once UIKit has done it.
  func carryOut(steps: [NavigationStep]) async throws(NavigationError) {
    var index = steps.startIndex
    while index < steps.endIndex {
      let batch = Self.pushBatch(steps[index...])
      let before = current
      var checked = current
      for step in batch { try checked.carryOut(step) }
      if batch.count > 1, case .present(let screen, let presentation, let source, let level) = batch[0] {
        try await present(screen, presentation, from: source, level: level, stackedOn: batch.dropFirst())
      } else if batch.count > 1 {
        try await pushAll(batch)
      } else {
        try await carryOut(step: batch[0])
      }
      if current == before {
        current = checked
      } else {
        // UIKit changed something while the step ran: the step applies to what is shown now.
        var done = current
        do {
          for step in batch { try done.carryOut(step) }
        } catch {
          sync()
          throw error
        }
        current = done
      }
      if needsSync { sync() }
      index += batch.count
    }
  }

  /// The pushes onto one stack that start `steps`, when there are several, or a presentation
  /// with the pushes onto the level it makes (a route that presents its stack: UIKit gets the
  /// whole stack in one presentation); else its first step.
  static func pushBatch(_ steps: ArraySlice<NavigationStep>) -> [NavigationStep] {
    switch steps.first {
    case .push(_, let level)?:
      return Array(steps.prefix { if case .push(_, level) = $0 { true } else { false } })
    case .present(_, let presentation, _, let level)? where presentation.kind != .popover:
      let pushes = steps.dropFirst().prefix { if case .push(_, level + 1) = $0 { true } else { false } }
      return [steps[steps.startIndex]] + pushes
    default:
      return [steps[steps.startIndex]]
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
    let made: MadeModule
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

  /// How many view controllers the navigator keeps track of, for the adapter checks.
  package var trackedControllerCount: Int { controllers.count }

  /// The id of the screen `controller` shows.
  func screenID(of controller: UIViewController) -> String? {
    controllers.first { $0.value.controller === controller }?.key
  }

  /// Refuses to put a container controller where UIKit raises: a navigation or split view
  /// controller cannot be pushed or be a stack's root, and a tab bar controller belongs at a
  /// window's root.
  static func checkStackable(_ controller: UIViewController, _ presentation: Presentation, screen: String)
    throws(NavigationError)
  {
    switch presentation.kind {
    case .push, .show, .replaceRoot: try checkStackable(controller, screen: screen)
    default: break
    }
  }

  static func checkStackable(_ controller: UIViewController, screen: String) throws(NavigationError) {
    guard isContainer(controller) else { return }
    throw NavigationError(
      .unsupportedPresentation,
      "'\(screen)' is a \(type(of: controller)), a container UIKit cannot push or put in a navigation stack; "
        + "present it (sheet, fullScreen, present) instead",
      screen: screen)
  }

  /// Whether `controller` is a navigation, split view or tab bar controller.
  static func isContainer(_ controller: UIViewController) -> Bool {
    controller is UINavigationController || controller is UISplitViewController || controller is UITabBarController
  }
}
#endif
