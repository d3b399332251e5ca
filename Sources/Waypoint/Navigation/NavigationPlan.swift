/// One change of what a navigator shows: the state it starts from, the state it reaches, and the
/// destinations made for the new screens.
///
/// Every change goes through one: a module shown, a link placed with the screens under it, a
/// shown module removed (the plan back), a saved state restored. A plan is worked out from the
/// state the navigator shows when its turn comes (``Navigator/carryOut(_:)``), carried out in
/// one go, and the navigator publishes the state it reaches once.
///
/// ```swift
/// // A saved state restored: the plan from whatever is shown when the navigator's turn comes.
/// _ = try await navigator.carryOut { shown in NavigationPlan(from: shown, to: saved) }
/// ```
public struct NavigationPlan: Sendable {
  /// What the plan does.
  public enum Cause: Sendable {
    /// Shows one screen with a transition, over the placed state.
    case show(NavigationTransition)
    /// Removes what a change showed (a shown module removed).
    case remove(NavigationChange)
    /// Reaches a whole state (a saved state restored, a link's screens already there).
    case restore
  }

  /// The state the plan was worked out from.
  public let base: NavigationState
  /// The state it reaches.
  public let target: NavigationState
  /// What the plan does.
  public private(set) var cause: Cause
  /// For a shown screen: the state it is shown over (the link's placed screens); else `base`.
  public let placed: NavigationState
  /// What the transition really did, for the shown module that undoes it.
  public internal(set) var change: NavigationChange?
  /// The destinations made for the plan's new screens, by screen id; a navigator asks its
  /// destination source for any other screen it must build.
  public internal(set) var destinations: [String: MadeModule] = [:]

  /// A plan that reaches `target` from `base`.
  ///
  /// - Parameters:
  ///   - base: The state shown when the navigator's turn comes.
  ///   - target: The state to reach; screens of both stay where they are.
  public init(from base: NavigationState, to target: NavigationState) {
    self.base = base
    self.target = target
    self.cause = .restore
    self.placed = base
  }

  /// A plan that shows `transition` over `placed` (the state `base` becomes with a link's
  /// screens; `base` itself for a plain show).
  ///
  /// - Parameters:
  ///   - base: The state shown when the navigator's turn comes.
  ///   - placed: The state the transition starts from: `base`, or `base` with the screens a
  ///     link places under its own.
  ///   - transition: The screen shown, how, and from which screen.
  /// - Throws: What the state's rules refuse: `invalidSource` for a source not on screen or
  ///   covered, `invalidEdit` for a screen id already shown.
  public init(from base: NavigationState, over placed: NavigationState, showing transition: NavigationTransition)
    throws(NavigationError)
  {
    var next = placed
    change = try next.show(transition)
    self.base = base
    self.target = next
    self.placed = placed
    self.cause = .show(transition)
    if let destination = transition.destination { destinations[transition.screen.id] = destination }
  }

  /// The plan back: `base` without what `change` did.
  ///
  /// - Parameters:
  ///   - base: The state shown when the navigator's turn comes.
  ///   - change: What a transition did, as its plan's ``change`` said.
  /// - Throws: `screenGone` when the change's screen is no longer where it put it.
  public init(from base: NavigationState, removing change: NavigationChange) throws(NavigationError) {
    var next = base
    try next.remove(change)
    self.base = base
    self.target = next
    self.placed = base
    self.cause = .remove(change)
  }

  /// Hands the navigator `destination`, made for the screen `id`.
  package mutating func hand(_ destination: MadeModule?, to id: String) {
    destinations[id] = destination
    if case .show(var transition) = cause, transition.screen.id == id {
      transition.destination = destination
      cause = .show(transition)
    }
  }

  /// The UI steps from `base` to `target` (`NavigationState.plan(to:)`): the ones a navigator
  /// worked out once and kept in the plan (`workOutSteps()`), else worked out on each read.
  public var steps: [NavigationStep] { keptSteps ?? base.plan(to: target) }

  /// The steps, once a navigator worked them out; `base` and `target` never change, so they hold.
  private var keptSteps: [NavigationStep]?

  /// Works out the steps once and keeps them in the plan, for a navigator that reads them more
  /// than once (to build the screens they show, then to carry them out) and the caller it
  /// returns the plan to.
  ///
  /// - Returns: The steps.
  package mutating func workOutSteps() -> [NavigationStep] {
    if let keptSteps { return keptSteps }
    let worked = base.plan(to: target)
    keptSteps = worked
    return worked
  }
}
