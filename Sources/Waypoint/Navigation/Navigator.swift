public import Observation

/// Applies navigation transitions.
///
/// UIKit and SwiftUI adapters implement it over real views; ``HeadlessNavigator`` implements it
/// over a ``NavigationState`` alone.
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
  func restore(_ target: NavigationState) async throws(NavigationError)
}

/// A navigator that takes a transition whose effect on its state was already worked out, so a
/// change is applied to the state once: a ``ShownModule`` checks its transition on the
/// navigator's state before it makes anything, and hands the result over.
package protocol PlannedNavigator: Navigator {
  /// Shows `transition`, which turns `base` (the state it was checked on) into `next` by
  /// `change`; a navigator whose state is no longer `base` applies the transition again.
  func apply(
    _ transition: NavigationTransition, from base: NavigationState, reaching next: NavigationState,
    change: NavigationChange
  ) async throws(NavigationError) -> NavigationChange
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
public final class HeadlessNavigator: PlannedNavigator {
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

  /// A navigator showing `state` (nothing, by default).
  public init(state: NavigationState = NavigationState()) {
    self.state = state
  }

  /// Applies `transition` to the state.
  ///
  /// - Throws: `unbalancedTransition` while another transition is in flight, or what
  ///   `NavigationState.apply(_:)` throws.
  public func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    var next = state
    let change = try next.apply(transition)
    return try await show(transition, reaching: next, change: change)
  }

  /// Shows `transition` as already applied to `base`.
  package func apply(
    _ transition: NavigationTransition, from base: NavigationState, reaching next: NavigationState,
    change: NavigationChange
  ) async throws(NavigationError) -> NavigationChange {
    guard base == state else { return try await apply(transition) }
    return try await show(transition, reaching: next, change: change)
  }

  private func show(_ transition: NavigationTransition, reaching next: NavigationState, change: NavigationChange)
    async throws(NavigationError) -> NavigationChange
  {
    try begin("\(transition.presentation) \(transition.screen.target)")
    defer { inFlight = false }
    await animate()
    state = next
    record("\(transition.presentation) \(transition.screen.id)" + (transition.source.map { " from \($0)" } ?? ""))
    return change
  }

  /// Undoes `change`.
  ///
  /// - Throws: `unbalancedTransition` while another transition is in flight, or `screenGone`.
  public func revert(_ change: NavigationChange) async throws(NavigationError) {
    try begin("removing \(change.screen)")
    defer { inFlight = false }
    var next = state
    try next.revert(change)
    await animate()
    state = next
    record("remove \(change.screen)")
  }

  /// Takes in a change the UI made on its own; see `NavigationState.reconcile(_:)`.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let gone = try next.reconcile(edit)
    state = next
    record("reconcile \(edit.summary)")
    return gone
  }

  /// Shows `target`, as when restoring a saved hierarchy or placing a link's screens: the plan
  /// from the state shown is carried out step by step, and each step is logged.
  public func restore(_ target: NavigationState) {
    var next = state
    for step in state.plan(to: target) {
      // A plan always fits the state it was made from (the plan tests check it over random
      // states); a step that did not would leave the target to be taken as it is.
      guard (try? next.execute(step)) != nil else { break }
      record(step.description)
    }
    state = target
    if next != target { record("restore") }
  }

  private func record(_ entry: String) {
    log.append(entry)
    if log.count > logLimit { log.removeFirst(log.count - max(logLimit, 0)) }
  }

  private func begin(_ what: String) throws(NavigationError) {
    guard !inFlight else {
      throw NavigationError(.unbalancedTransition, "cannot start '\(what)' while another transition is in flight")
    }
    inFlight = true
  }

  private func animate() async {
    guard let transitionDuration else { return }
    try? await Task.sleep(for: transitionDuration)
  }
}
