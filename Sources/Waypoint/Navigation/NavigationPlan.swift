/// One change of what a navigator shows: the state it starts from, the state it reaches, and the
/// destinations made for the new screens.
///
/// Every change goes through one: a module shown, a link placed with the screens under it, a
/// shown module removed (the plan back), a saved state restored. A plan is worked out from the
/// state the navigator shows when its turn comes (`Navigator.reach(_:)`), carried out in one go,
/// and the navigator publishes the state it reaches once.
package struct NavigationPlan: Sendable {
  /// What the plan does, for a navigator that is driven through the public requirements.
  package enum Cause: Sendable {
    /// Shows one screen with a transition, over the placed state.
    case show(NavigationTransition)
    /// Undoes a change.
    case revert(NavigationChange)
    /// Reaches a whole state (a restore, a link's screens already there).
    case reach
  }

  /// The state the plan was worked out from.
  package let base: NavigationState
  /// The state it reaches.
  package let target: NavigationState
  /// What the plan does.
  package private(set) var cause: Cause
  /// For a shown screen: the state it is shown over (the link's placed screens); else `base`.
  package let placed: NavigationState
  /// What the transition really did, for the shown module that undoes it.
  package var change: NavigationChange?
  /// The destinations made for the plan's new screens, by screen id; a navigator asks its
  /// destination source for any other screen it must build.
  package var destinations: [String: ScreenDestination] = [:]

  /// A plan that reaches `target` from `base`.
  package init(from base: NavigationState, to target: NavigationState) {
    self.base = base
    self.target = target
    self.cause = .reach
    self.placed = base
  }

  /// A plan that shows `transition` over `placed` (the state `base` becomes with a link's
  /// screens; `base` itself for a plain show).
  ///
  /// - Throws: What `NavigationState.apply(_:)` throws.
  package init(from base: NavigationState, over placed: NavigationState, showing transition: NavigationTransition)
    throws(NavigationError)
  {
    var next = placed
    change = try next.apply(transition)
    self.base = base
    self.target = next
    self.placed = placed
    self.cause = .show(transition)
    if let destination = transition.destination { destinations[transition.screen.id] = destination }
  }

  /// The plan back: `base` without what `change` did.
  ///
  /// - Throws: `screenGone` when the change's screen is no longer where it put it.
  package init(from base: NavigationState, reverting change: NavigationChange) throws(NavigationError) {
    var next = base
    try next.revert(change)
    self.base = base
    self.target = next
    self.placed = base
    self.cause = .revert(change)
  }

  /// Hands the navigator `destination`, made for the screen `id`.
  package mutating func hand(_ destination: ScreenDestination?, to id: String) {
    destinations[id] = destination
    if case .show(var transition) = cause, transition.screen.id == id {
      transition.destination = destination
      cause = .show(transition)
    }
  }

  /// The UI steps from `base` to `target` (`NavigationState.plan(to:)`).
  package var steps: [NavigationStep] { base.plan(to: target) }
}

/// A navigator that carries out plans itself: it waits for its turn, asks for the plan from the
/// state it shows then, carries out the steps and publishes the state it reaches once.
///
/// ``HeadlessNavigator``, the UIKit navigator and the recording navigator are such navigators;
/// a navigator an app wrote against the public ``Navigator`` requirements is driven through
/// them instead (see `Navigator.reach(_:)`).
@MainActor
package protocol PlanNavigator: Navigator {
  /// Once it is the navigator's turn (a change asked before has finished, a transition UIKit
  /// runs has ended and what the user did is taken in), asks `plan` for the change from the
  /// state shown, carries it out, and publishes the state reached once.
  ///
  /// - Returns: The plan carried out.
  /// - Throws: What `plan` throws (nothing changed then), or what a step throws.
  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
}

extension PlanNavigator {
  /// The public requirements of a plan navigator, each one plan: `transition` shown over the
  /// state shown when the navigator's turn comes; returns what it did.
  package func carryOut(showing transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    let plan = try await carryOut { base throws(NavigationError) in
      try NavigationPlan(from: base, over: base, showing: transition)
    }
    return plan.change ?? .nothing(screen: transition.screen.id)
  }

  /// `change` undone: the plan back from the state shown when the navigator's turn comes.
  package func carryOut(reverting change: NavigationChange) async throws(NavigationError) {
    _ = try await carryOut { base throws(NavigationError) in try NavigationPlan(from: base, reverting: change) }
  }

  /// `target` reached from the state shown when the navigator's turn comes.
  package func carryOut(reaching target: NavigationState) async throws(NavigationError) {
    _ = try await carryOut { base in NavigationPlan(from: base, to: target) }
  }
}

extension Navigator {
  /// Carries out the change `plan` works out: in the navigator's own turn when it is a
  /// `PlanNavigator`; otherwise from the state shown now, through the public requirements
  /// (`restore(_:)` for placed screens, then `apply(_:)`, or `revert(_:)`).
  ///
  /// The one way every change of a ``ScreenCoordinator`` reaches its navigator.
  package func reach(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    if let navigator = self as? any PlanNavigator { return try await navigator.carryOut(plan) }
    var made = try plan(state)
    switch made.cause {
    case .show(let transition):
      if made.placed != made.base { try await restore(made.placed) }
      made.change = try await apply(transition)
    case .revert(let change):
      try await revert(change)
    case .reach:
      try await restore(made.target)
    }
    return made
  }
}
