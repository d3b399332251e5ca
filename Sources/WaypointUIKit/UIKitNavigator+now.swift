#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
public import Waypoint

extension UIKitNavigator {
  /// Whether a plan of `steps` can be carried out within the caller's turn (``carryOutNow(_:)``).
  ///
  /// It can when it pushes screens, sets the stacks of tabs or primary columns and selects tabs (each one
  /// UIKit call that changes what it holds when it is called), nothing is under way (no change of
  /// the navigator's, no transition UIKit runs), and nothing is up that the navigator did not
  /// present, nor a search. Any other plan waits for its turn in ``carryOut(_:)``.
  package func canCarryOutNow(_ steps: () -> [NavigationStep]?) -> Bool {
    guard !busy, window != nil, everyContainer.allSatisfy({ $0.transitionCoordinator == nil }),
      foreignPresentation(from: 0) == nil,
      !containers.contains(where: { $0.presentedViewController is UISearchController }),
      let steps = steps(), !steps.isEmpty
    else { return false }
    return steps.allSatisfy(Self.carriesOutNow)
  }

  /// Whether `step` is one UIKit call that changes what UIKit holds when it is called.
  static func carriesOutNow(_ step: NavigationStep) -> Bool {
    switch step {
    case .push, .selectTab: true
    // Showing a secondary column also calls `show(_:)` on its split view, after the transition.
    case .setStack(_, let location): location.column != .secondary
    default: false
    }
  }

  /// Carries out a plan ``canCarryOutNow(_:)`` accepted within the caller's turn: a navigation
  /// controller's `pushViewController(_:animated:)` and `setViewControllers(_:animated:)` change
  /// its `viewControllers` when called and animate after
  /// (https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)),
  /// so the state is published before this returns; the navigator stays busy until the
  /// animations end, and a change asked meanwhile waits for them.
  ///
  /// - Parameter plan: Works out the change from what UIKit shows.
  /// - Returns: The plan carried out.
  /// - Throws: What ``carryOut(_:)`` throws; `unbalancedTransition` when a change is under way or
  ///   the plan holds a step that cannot be carried out now.
  package func carryOutNow(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    throws(NavigationError) -> NavigationPlan
  {
    guard !busy else { throw NavigationError(.unbalancedTransition, "a change of the navigator is under way") }
    busy = true
    sync()
    let instant = WaypointClock.live.instant
    let turn = instant()
    do throws(NavigationError) {
      var made = try plan(current)
      if case .nothing? = made.change {
        end(timing: ScreenEvent.Timing(placement: instant() - turn, transition: .zero))
        return made
      }
      let steps = made.workOutSteps()
      guard steps.allSatisfy(Self.carriesOutNow) else {
        throw NavigationError(.unbalancedTransition, "the plan holds a step UIKit cannot take within this turn")
      }
      let built = try controllers(for: made, steps: steps)
      tabItems = made.target.tabs
      let stacks = try carryOutNow(steps: steps)
      current.adoptTabItems(from: made.target)
      alignCollapsedSplits()
      let planned = instant()
      publish(timing: ScreenEvent.Timing(placement: planned - turn, transition: .zero))
      let timeout = transitionTimeout
      Task { @MainActor [weak self] in
        for stack in stacks { _ = await UIKitWait.transition(of: stack.transitionCoordinator, at: timeout) }
        withExtendedLifetime(built) {}
        self?.end(timing: ScreenEvent.Timing(placement: planned - turn, transition: instant() - planned))
      }
      return made
    } catch {
      sync()
      end()
      throw error
    }
  }

  /// Carries out `steps` within the caller's turn, each checked against the state before UIKit
  /// is touched; returns the stacks whose transitions run on.
  func carryOutNow(steps: [NavigationStep]) throws(NavigationError) -> [UINavigationController] {
    var stacks: [UINavigationController] = []
    var index = steps.startIndex
    while index < steps.endIndex {
      let batch = Self.pushBatch(steps[index...])
      var checked = current
      for step in batch { try checked.carryOut(step) }
      switch batch[0] {
      case .push(_, let level): stacks.append(try pushNow(batch, at: level))
      case .selectTab(let id): try selectTabNow(id, batch[0])
      case .setStack(let screens, let location): stacks.append(try setStackNow(screens, at: location, batch[0]))
      default: throw NavigationError(.unbalancedTransition, "cannot \(batch[0]) within this turn")
      }
      current = checked
      index += batch.count
    }
    return stacks
  }

  /// The screens `steps` put on screen, in order.
  static func screensShown(by steps: [NavigationStep]) -> [Screen] {
    steps.flatMap { step -> [Screen] in
      switch step {
      case .push(let screen, _), .present(let screen, _, _, _), .addChild(let screen, _): [screen]
      case .setRoot(let screen), .setDetail(let screen, _): screen.map { [$0] } ?? []
      case .setStack(let screens, _): screens
      default: []
      }
    }
  }

  /// Takes in a change UIKit already made (the navigator's containers report the user's own);
  /// nothing is done to the view controllers.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = current
    let gone = try next.reconcile(edit)
    current = next
    for screen in gone { controllers[screen.id] = nil }
    containers.removeSubrange(min(containers.count, max(current.levelCount, 1))...)
    if busy {
      // Published before the next plan, or with the one under way (see `begin()`).
      userCause = ScreenEvent.Cause(edit)
    } else {
      publish(cause: ScreenEvent.Cause(edit))
    }
    return gone
  }

  /// Publishes what UIKit shows, when it changed, and why (by default the cause of the change
  /// under way).
  func publish(cause: ScreenEvent.Cause? = nil, timing: ScreenEvent.Timing? = nil) {
    guard published != current else { return }
    published = current
    statesPublished.publish(published, cause: cause, timing: timing)
  }
}
#endif
