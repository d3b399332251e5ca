/// A navigator that can carry out a plan within the caller's main-actor turn.
///
/// A screen's link that nothing on its way makes wait (a screen's `openLink`) then changes the
/// state before the call returns. Any other navigator
/// carries out every plan in a task of its own, as ``Navigator/carryOut(_:)`` says.
@MainActor
package protocol CarriesOutNow: Navigator {
  /// Whether ``carryOutNow(_:)`` can be called now (no change under way, nothing in the way)
  /// for a plan of the steps `steps` gives (asked only by a navigator that can carry out some
  /// steps now and not others; `nil` when they cannot be known).
  func canCarryOutNow(_ steps: () -> [NavigationStep]?) -> Bool
  /// Works out `plan` from the state shown and reaches it before returning, as far as the
  /// navigator's state goes (a UIKit animation may still run).
  func carryOutNow(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    throws(NavigationError) -> NavigationPlan
}
