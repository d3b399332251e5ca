public import Observation

/// Shows a ``NavigationState``: applies transitions, undoes them, takes in what the UI did by
/// itself, and restores whole states.
///
/// UIKit and SwiftUI adapters implement it over real views; ``HeadlessNavigator`` implements it
/// over a ``NavigationState`` alone. Waypoint's own navigators carry out each change as one
/// plan worked out in their turn, and publish the state once per plan; a navigator an app
/// writes implements the requirements below, and a ``ScreenCoordinator`` drives it with the same
/// plans, each through the requirement that carries it out.
@MainActor
public protocol Navigator: AnyObject {
  /// What is shown now.
  var state: NavigationState { get }
  /// Shows a screen and returns what was really done.
  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange
  /// Undoes a change with its inverse.
  func revert(_ change: NavigationChange) async throws(NavigationError)
  /// Takes in a change the UI made on its own (the user went back, a sheet was pulled down)
  /// and returns the screens that left; see `NavigationState.reconcile(_:)`.
  ///
  /// A ``ScreenCoordinator`` watching an `@Observable` navigator then moves the routes of those
  /// screens to `removed`; ``ScreenCoordinator/reconcile(_:)`` does both at once.
  @discardableResult
  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen]
  /// Shows `target` with the plan from what is shown (`NavigationState.plan(to:)`): a saved
  /// state restored, or the screens a link places under its destination.
  ///
  /// It has a default, which reaches the state through ``apply(_:)`` where transitions can.
  func restore(_ target: NavigationState) async throws(NavigationError)
}

extension Navigator {
  /// Reaches `target` through ``apply(_:)``: the default for a navigator written before
  /// `restore(_:)` was required.
  ///
  /// Each screen the plan from ``state`` pushes, presents, adds as a child, or makes the root or
  /// the detail is shown with its transition, in the plan's order: the screens a link places
  /// under its own, and a saved stack restored onto an empty window. A navigator whose UI can
  /// carry out whole plans implements `restore(_:)` itself.
  ///
  /// - Throws: `invalidStep`, before anything changes, when the plan takes a screen away or
  ///   changes tabs, columns or a whole stack, which no transition does; then what ``apply(_:)``
  ///   throws.
  @_disfavoredOverload
  public func restore(_ target: NavigationState) async throws(NavigationError) {
    // In async code Swift prefers this overload to a navigator's own synchronous `restore(_:)`
    // (HeadlessNavigator's); a navigator that carries out whole plans is then given the whole
    // plan, as its own `restore(_:)` would be.
    if let planned = self as? any PlanNavigator {
      _ = try await CauseScope.during(.restore) { () async throws(NavigationError) in
        try await planned.carryOut { base in NavigationPlan(from: base, to: target) }
      }
      return
    }
    var reached = state
    var transitions: [NavigationTransition] = []
    for step in state.plan(to: target) {
      guard let transition = Self.transition(for: step, on: reached) else {
        throw NavigationError(
          .invalidStep,
          "cannot reach the state with apply(_:) alone: '\(step)' is no transition; implement restore(_:) for it")
      }
      _ = try reached.apply(transition)
      transitions.append(transition)
    }
    for transition in transitions { _ = try await apply(transition) }
  }

  /// The transition that carries out `step` on `state`, or `nil` for a step no transition is.
  private static func transition(for step: NavigationStep, on state: NavigationState) -> NavigationTransition? {
    switch step {
    case .push(let screen, let depth):
      let levels = state.levels
      let level = depth < levels.count ? levels[depth] : nil
      return NavigationTransition(.push, screen: screen, from: (level?.path.last ?? level?.root)?.id)
    case .present(let screen, let presentation, let source, _):
      return NavigationTransition(presentation, screen: screen, from: source)
    case .setRoot(let screen?):
      return NavigationTransition(.replaceRoot, screen: screen)
    case .setDetail(let screen?, _):
      return NavigationTransition(.showDetail, screen: screen)
    case .addChild(let screen, let parent):
      return NavigationTransition(.addChild, screen: screen, from: parent)
    default:
      return nil
    }
  }
}

/// A navigator without views: it keeps a ``NavigationState`` (observable, for SwiftUI bindings and
/// tests), enforces the rules a real UI has, and can pretend transitions take time.
///
/// ```swift
/// let navigator = HeadlessNavigator()
/// _ = try await navigator.apply(NavigationTransition(.replaceRoot, screen: Screen(id: "List#1", target: "List")))
/// print(navigator.state.tree)
/// ```
@MainActor
@Observable
public final class HeadlessNavigator: PlanNavigator, PublishesStates {
  /// What is shown now.
  public private(set) var state: NavigationState
  /// How long each transition pretends to animate.
  ///
  /// `nil` (the default) makes them instant. While one is in flight, another fails with
  /// `unbalancedTransition`.
  public var transitionDuration: Duration?
  /// The last changes applied, oldest first (reverts included, as `remove` entries); at most
  /// `logLimit`, so a long-running app does not keep every change.
  package private(set) var log: [String] = []
  /// How many entries `log` keeps.
  package var logLimit = 200
  private var inFlight = false
  /// Where each state set goes with its cause, for ``ScreenViews``.
  package let statesPublished = StateFeed()
  /// What the app presents on its own over this window (an alert, a confirmation dialog, a share
  /// sheet, a sheet it attached itself), by names of the app's choosing.
  ///
  /// While any is up, a change the navigator would make (a link, `show`, `remove`) fails with
  /// `presentationBlocked` and changes nothing, as the UIKit navigator does under a presentation
  /// it did not make: the alert may hold the user's unsaved work. What the user does still comes
  /// in through `reconcile`. SwiftUI apps say it with `waypointAppPresentation(_:isPresented:)`.
  public private(set) var appPresentations: Set<String> = []

  /// Says whether the app presents `name` over this window now (see ``appPresentations``).
  public func setAppPresentation(_ name: String, isPresented: Bool) {
    if isPresented {
      appPresentations.insert(name)
    } else {
      appPresentations.remove(name)
    }
  }

  /// A navigator showing `state` (nothing, by default).
  public init(state: NavigationState = NavigationState()) {
    self.state = state
  }

  /// Applies `transition` to the state.
  ///
  /// - Throws: `unbalancedTransition` while another transition is in flight, or what
  ///   `NavigationState.apply(_:)` throws.
  public func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try await carryOut(showing: transition)
  }

  /// Undoes `change`.
  ///
  /// - Throws: `unbalancedTransition` while another transition is in flight, or `screenGone`.
  public func revert(_ change: NavigationChange) async throws(NavigationError) {
    try await carryOut(reverting: change)
  }

  /// Works out the plan from the state shown, and reaches it after the pretend animation: the
  /// state is set once, and the plan logged.
  ///
  /// - Throws: `unbalancedTransition` while another transition is in flight, or what `plan`
  ///   throws.
  package func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    try begin()
    defer { inFlight = false }
    let clock = ContinuousClock()
    let turn = clock.now
    let made = try plan(state)
    let planned = clock.now
    await animate()
    record(made)
    state = made.target
    statesPublished.publish(
      state, timing: ScreenEvent.Timing(placement: planned - turn, transition: clock.now - planned))
    return made
  }

  /// Logs what `plan` does: a transition as `push Editor#2 from List#1`, a revert as
  /// `remove Editor#2`, and a whole state (or the screens a link placed) as its steps.
  private func record(_ plan: NavigationPlan) {
    switch plan.cause {
    case .show(let transition):
      if plan.placed != plan.base {
        for step in plan.base.plan(to: plan.placed) { record(step.description) }
      }
      record("\(transition.presentation) \(transition.screen.id)" + (transition.source.map { " from \($0)" } ?? ""))
    case .revert(let change):
      record("remove \(change.screen)")
    case .reach:
      for step in plan.steps { record(step.description) }
    }
  }

  /// Takes in a change the UI made on its own; see `NavigationState.reconcile(_:)`.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let gone = try next.reconcile(edit)
    state = next
    record("reconcile \(edit.summary)")
    statesPublished.publish(state, cause: ScreenEvent.Cause(edit))
    return gone
  }

  /// Shows `target`, as when restoring a saved hierarchy: the plan from the state shown is
  /// logged step by step, and the state set once, at once.
  public func restore(_ target: NavigationState) {
    record(NavigationPlan(from: state, to: target))
    state = target
    statesPublished.publish(state, cause: CauseScope.current ?? .restore)
  }

  private func record(_ entry: String) {
    log.append(entry)
    if log.count > logLimit { log.removeFirst(log.count - max(logLimit, 0)) }
  }

  private func begin() throws(NavigationError) {
    guard appPresentations.isEmpty else {
      throw NavigationError(
        .presentationBlocked,
        "the app presents \(appPresentations.sorted().map { "'\($0)'" }.joined(separator: ", ")) over the window; "
          + "nothing changes under it")
    }
    guard !inFlight else {
      throw NavigationError(.unbalancedTransition, "a change cannot start while another transition is in flight")
    }
    inFlight = true
  }

  private func animate() async {
    guard let transitionDuration else { return }
    try? await Task.sleep(for: transitionDuration)
  }
}
