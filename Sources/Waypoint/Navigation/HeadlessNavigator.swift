public import Observation

/// A navigator without views: it keeps a ``NavigationState`` (observable, for SwiftUI bindings and
/// tests), enforces the rules a real UI has, and can pretend transitions take time.
///
/// ```swift
/// let navigator = HeadlessNavigator()
/// _ = try await navigator.show(NavigationTransition(.replaceRoot, screen: Screen(id: "List#1", target: "List")))
/// print(navigator.state.tree)
/// ```
@MainActor
@Observable
public final class HeadlessNavigator: Navigator, PublishesStates, CarriesOutNow {
  /// What is shown now.
  public private(set) var state: NavigationState
  /// How long each transition pretends to animate.
  ///
  /// `nil` (the default) makes them instant. While one is in flight, another fails with
  /// `unbalancedTransition`.
  public var transitionDuration: Duration?
  /// The last changes carried out, oldest first (removals as `remove` entries); at most
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
  ///
  /// - Parameters:
  ///   - name: The app's name for what it presents (an alert, a share sheet…).
  ///   - isPresented: Whether it is up now; `false` takes the name away.
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

  /// Works out the plan from the state shown, and reaches it after the pretend animation: the
  /// state is set once, and the plan logged.
  ///
  /// - Parameter plan: Works out the change from the state shown.
  /// - Returns: The plan carried out.
  /// - Throws: `presentationBlocked` while the app presents something of its own,
  ///   `unbalancedTransition` while another transition is in flight, or what `plan` throws.
  public func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    try begin()
    defer { inFlight = false }
    let instant = WaypointClock.live.instant
    let turn = instant()
    let made = try plan(state)
    let planned = instant()
    await animate()
    reach(made, timing: ScreenEvent.Timing(placement: planned - turn, transition: instant() - planned))
    return made
  }

  /// Whether a plan can be carried out within the caller's turn: no pretend animation, no
  /// change in flight, nothing of the app's own presented.
  package func canCarryOutNow(_ steps: () -> [NavigationStep]?) -> Bool {
    transitionDuration == nil && !inFlight && appPresentations.isEmpty
  }

  /// Works out the plan and reaches it within the caller's turn, as ``carryOut(_:)`` does with
  /// no pretend animation.
  package func carryOutNow(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    throws(NavigationError) -> NavigationPlan
  {
    try begin()
    defer { inFlight = false }
    let instant = WaypointClock.live.instant
    let turn = instant()
    let made = try plan(state)
    reach(made, timing: ScreenEvent.Timing(placement: instant() - turn, transition: .zero))
    return made
  }

  /// Sets the state a plan reaches, logs the plan and publishes the state.
  private func reach(_ made: NavigationPlan, timing: ScreenEvent.Timing) {
    record(made)
    state = made.target
    statesPublished.publish(state, timing: timing)
  }

  /// Logs what `plan` does: a transition as `push Editor#2 from List#1`, a removal as
  /// `remove Editor#2`, and a whole state (or the screens a link placed) as its steps.
  private func record(_ plan: NavigationPlan) {
    switch plan.cause {
    case .show(let transition):
      if plan.placed != plan.base {
        for step in plan.base.plan(to: plan.placed) { record(step.description) }
      }
      record("\(transition.presentation) \(transition.screen.id)" + (transition.source.map { " from \($0)" } ?? ""))
    case .remove(let change):
      record("remove \(change.screen)")
    case .restore:
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

  /// Shows `target` at once, without waiting for a change in flight: the plan from the state
  /// shown is logged step by step, and the state set once.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "call show(_:), or make the navigator with init(state:)")
  public func restore(_ target: NavigationState) {
    showAtOnce(target)
  }

  /// Shows `target` at once, without waiting for a change in flight (a window's first state
  /// worked out before any view reads the navigator): the plan is logged step by step, and the
  /// state set once.
  package func showAtOnce(_ target: NavigationState) {
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
