/// Shows a ``NavigationState``: carries out each change as one plan, and takes in what the UI
/// did by itself.
///
/// UIKit and SwiftUI adapters implement it over real views; ``HeadlessNavigator`` implements it
/// over a ``NavigationState`` alone. A navigator has one requirement that changes what it shows,
/// ``carryOut(_:)``, and ``reconcile(_:)`` for what the user did:
///
/// ```swift
/// @MainActor
/// final class LoggingNavigator: Navigator {
///   private(set) var state = NavigationState()
///
///   func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
///     async throws(NavigationError) -> NavigationPlan
///   {
///     let made = try plan(state)  // worked out from what is shown now, in this navigator's turn
///     for step in made.steps { print(step) }  // a navigator over views makes one UI call a step
///     state = made.target
///     return made
///   }
///
///   func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
///     var next = state
///     let gone = try next.reconcile(edit)
///     state = next
///     return gone
///   }
/// }
/// ```
///
/// `apply(_:)`, `revert(_:)` and `restore(_:)`, the requirements of 0.1.0, are deprecated
/// defaults built on ``carryOut(_:)``; a navigator written against them still works: its
/// ``carryOut(_:)`` default drives them.
@MainActor
public protocol Navigator: AnyObject {
  /// What is shown now.
  var state: NavigationState { get }
  /// Once it is the navigator's turn (a change asked before has finished, a transition the UI
  /// runs has ended and what the user did is taken in), asks `plan` for the change from the
  /// state shown, carries out its steps, and publishes the state reached once.
  ///
  /// Every change a ``ScreenCoordinator`` makes reaches its navigator this way.
  ///
  /// It has a default, for a navigator written against the requirements of 0.1.0: the plan is
  /// worked out from ``state`` at once and carried out through `restore(_:)` (the screens a
  /// link places), then `apply(_:)`, or `revert(_:)`.
  ///
  /// - Parameter plan: Works out the change from the state shown; it makes the destinations of
  ///   new screens, so a navigator calls it once, in its turn.
  /// - Returns: The plan carried out.
  /// - Throws: What `plan` throws (nothing changed then), or what a step throws.
  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  /// Takes in a change the UI made on its own (the user went back, a sheet was pulled down)
  /// and returns the screens that left; see `NavigationState.reconcile(_:)`.
  ///
  /// A ``ScreenCoordinator`` watching an `@Observable` navigator then moves the modules shown
  /// on those screens to `removed`; ``ScreenCoordinator/reconcile(_:)`` does both at once.
  @discardableResult
  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen]
  /// Shows a screen and returns what was really done.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to show a screen, call show(_:)")
  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange
  /// Undoes a change with its inverse.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to remove a module, call ShownModule.remove()")
  func revert(_ change: NavigationChange) async throws(NavigationError)
  /// Shows `target` with the plan from what is shown.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to restore a state, call show(_:)")
  func restore(_ target: NavigationState) async throws(NavigationError)
}
