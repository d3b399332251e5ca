// The requirements of 0.1.0 (`apply`, `revert`, `restore`), deprecated in 0.2.0 and removed in
// 0.3.0 (docs/Style.md, "Versions"), and the `carryOut(_:)` that drives a navigator written
// against them.

extension Navigator {
  /// Carries out the plan through the requirements of 0.1.0, for a navigator written against
  /// them: the plan is worked out from ``state`` now, then the screens a link places under its
  /// own are reached with `restore(_:)` and the screen shown with `apply(_:)`; a removal is
  /// `revert(_:)`, a whole state `restore(_:)`.
  ///
  /// A navigator that implements none of them, nor this, fails with `invalidStep`.
  public func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    try await PreviousRequirements(navigator: self).carryOut(plan)
  }

  /// Shows `transition`'s screen over what is shown when the navigator's turn comes.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to show a screen, call show(_:)")
  public func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try await DefaultInUse.during(.apply) { () async throws(NavigationError) in
      try await carryOut(showing: transition)
    }
  }

  /// Removes what `change` showed, with the plan back from what is shown when the navigator's
  /// turn comes.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to remove a module, call ShownModule.remove()")
  public func revert(_ change: NavigationChange) async throws(NavigationError) {
    try await DefaultInUse.during(.revert) { () async throws(NavigationError) in
      try await carryOut(removing: change)
    }
  }

  /// Reaches `target` from what is shown when the navigator's turn comes, in one plan.
  ///
  /// For a navigator written before 0.1.0 required `restore(_:)`, each screen the plan pushes,
  /// presents, adds as a child, or makes the root or the detail is shown with `apply(_:)`, in the
  /// plan's order; a plan that takes a screen away or changes tabs, columns or a whole stack
  /// fails with `invalidStep` before anything changes.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "implement carryOut(_:); to restore a state, call show(_:)")
  @_disfavoredOverload
  public func restore(_ target: NavigationState) async throws(NavigationError) {
    try await DefaultInUse.during(.restore) { () async throws(NavigationError) in
      try await carryOut(reaching: target)
    }
  }
}

extension Navigator {
  /// Shows `transition`'s screen over what is shown when the navigator's turn comes, in one
  /// plan (``NavigationPlan/init(from:over:showing:)``), and returns what it did.
  ///
  /// ```swift
  /// let navigator = HeadlessNavigator()
  /// _ = try await navigator.show(NavigationTransition(.replaceRoot, screen: Screen(id: "List#1", target: "List")))
  /// ```
  ///
  /// - Throws: What the plan or the navigator's ``carryOut(_:)`` throws: `invalidSource` for a
  ///   source not on screen or covered, `invalidEdit` for a screen id already shown.
  public func show(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try await carryOut(showing: transition)
  }

  /// Shows `state` with the plan from what is shown when the navigator's turn comes.
  ///
  /// The plan is ``NavigationPlan/init(from:to:)``: a saved state restored, a tab bar set up.
  /// Screens that stay are kept.
  ///
  /// ```swift
  /// let saved = try JSONDecoder().decode(NavigationState.self, from: data)
  /// try await navigator.show(saved)
  /// ```
  ///
  /// - Throws: What the navigator's ``carryOut(_:)`` throws.
  public func show(_ state: NavigationState) async throws(NavigationError) {
    try await carryOut(reaching: state)
  }

  /// `transition` shown over the state shown when the navigator's turn comes; returns what it
  /// did.
  package func carryOut(showing transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    let plan = try await carryOut { base throws(NavigationError) in
      try NavigationPlan(from: base, over: base, showing: transition)
    }
    return plan.change ?? .nothing(screen: transition.screen.id)
  }

  /// What `change` showed removed: the plan back from the state shown when the navigator's
  /// turn comes.
  package func carryOut(removing change: NavigationChange) async throws(NavigationError) {
    _ = try await carryOut { base throws(NavigationError) in try NavigationPlan(from: base, removing: change) }
  }

  /// `target` reached from the state shown when the navigator's turn comes, as a restore.
  package func carryOut(reaching target: NavigationState) async throws(NavigationError) {
    _ = try await CauseScope.during(.restore) { () async throws(NavigationError) in
      try await carryOut { base in NavigationPlan(from: base, to: target) }
    }
  }
}

/// Which deprecated default of ``Navigator`` is running, so the default `carryOut(_:)` it calls
/// knows the navigator implements neither: a default `restore(_:)` is then carried out through
/// `apply(_:)` step by step, and a default `apply(_:)` or `revert(_:)` is refused.
enum DefaultInUse {
  case apply, revert, restore

  @TaskLocal static var current: DefaultInUse?

  /// Runs `body` with `which` as the default running.
  @MainActor
  static func during<Value>(
    _ which: DefaultInUse, _ body: () async throws(NavigationError) -> Value
  ) async throws(NavigationError) -> Value {
    try await $current.binding(which, body)
  }
}

/// The requirements of 0.1.0, called for the default `carryOut(_:)` without a deprecation
/// warning of Waypoint's own: the navigator's own `apply`, `revert` and `restore` when it wrote
/// them, the deprecated defaults when it did not.
@MainActor
private protocol CallsPreviousRequirements {
  func previousApply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange
  func previousRevert(_ change: NavigationChange) async throws(NavigationError)
  func previousRestore(_ target: NavigationState) async throws(NavigationError)
}

/// A navigator written against the requirements of 0.1.0, driven with plans.
@MainActor
private struct PreviousRequirements<Driven: Navigator>: CallsPreviousRequirements {
  let navigator: Driven

  /// The plan worked out from the state shown now, carried out through the navigator's
  /// requirements of 0.1.0.
  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    let running = DefaultInUse.current
    let calls: any CallsPreviousRequirements = self
    var made = try plan(navigator.state)
    switch made.cause {
    case .show(let transition):
      guard running != .apply else { throw Self.nothingImplemented }
      if made.placed != made.base { try await calls.previousRestore(made.placed) }
      made.change = try await calls.previousApply(transition)
    case .remove(let change):
      guard running != .revert else { throw Self.nothingImplemented }
      try await calls.previousRevert(change)
    case .restore where running == .restore:
      // The default `restore(_:)` came here: the navigator has neither; `apply(_:)` it has.
      try await reachThroughApply(made.target, calls: calls)
    case .restore:
      try await calls.previousRestore(made.target)
    }
    return made
  }

  private static var nothingImplemented: NavigationError {
    NavigationError(
      .invalidStep, "the navigator implements no way to change what it shows; implement carryOut(_:)")
  }

  /// Reaches `target` by showing each screen of the plan from the state shown with its
  /// transition.
  ///
  /// - Throws: `invalidStep`, before anything changes, when a step is no transition (a screen
  ///   taken away, tabs, columns or a whole stack changed); then what `apply(_:)` throws.
  private func reachThroughApply(
    _ target: NavigationState, calls: any CallsPreviousRequirements
  ) async throws(NavigationError) {
    var reached = navigator.state
    var transitions: [NavigationTransition] = []
    for step in reached.plan(to: target) {
      guard let transition = Self.transition(for: step, on: reached) else {
        throw NavigationError(
          .invalidStep,
          "cannot reach the state with apply(_:) alone: '\(step)' is no transition; implement carryOut(_:) for it")
      }
      _ = try reached.show(transition)
      transitions.append(transition)
    }
    for transition in transitions { _ = try await calls.previousApply(transition) }
  }

  /// The transition that carries out `step` on `state`, or `nil` for a step no transition is.
  private static func transition(for step: NavigationStep, on state: NavigationState) -> NavigationTransition? {
    switch step {
    case .push(let screen, let level):
      let stack = level < state.levelCount ? state[level: level].stack : []
      return NavigationTransition(.push, screen: screen, from: stack.last?.id)
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

  /// The navigator's `apply(_:)`, its own or the default.
  ///
  /// Marked deprecated, as that requirement is, so calling it here warns nowhere.
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated)
  func previousApply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try await navigator.apply(transition)
  }

  /// The navigator's `revert(_:)`, its own or the default.
  ///
  /// Marked deprecated, as that requirement is, so calling it here warns nowhere.
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated)
  func previousRevert(_ change: NavigationChange) async throws(NavigationError) {
    try await navigator.revert(change)
  }

  /// The navigator's `restore(_:)`, its own or the default.
  ///
  /// Marked deprecated, as that requirement is, so calling it here warns nowhere.
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated)
  func previousRestore(_ target: NavigationState) async throws(NavigationError) {
    try await navigator.restore(target)
  }
}
