public import Waypoint

/// A navigator for tests: it applies transitions like `HeadlessNavigator` and records each one,
/// so a test can check what was shown, how, and in which order.
///
/// ```swift
/// let navigator = RecordingNavigator()
/// let modules = ScreenCoordinator(registry: registry, navigator: navigator)
/// _ = try await router.open("notes://note/42")
/// #expect(navigator.records == [.applied(.push, "NoteEditor#2")])
/// ```
@MainActor
public final class RecordingNavigator: Navigator {
  /// One thing the navigator did.
  public enum Record: Sendable, Equatable, CustomStringConvertible {
    /// A screen was shown with a presentation.
    case applied(Presentation, String)
    /// A change was undone.
    case reverted(String)
    /// A transition was refused, with the error's code.
    case refused(Presentation, NavigationError.Code)
    /// The UI reported a change it made on its own.
    case reconciled(NavigationEdit)
    /// A whole state was reached with these plan steps (a restore, a link's placement, or a
    /// link's screen shown over the screens placed under it, in one plan).
    case restored([NavigationStep])

    /// `push NoteEditor#2`, `remove NoteEditor#2`, `refused push: invalidSource`.
    public var description: String {
      switch self {
      case .applied(let presentation, let screen): return "\(presentation) \(screen)"
      case .reverted(let screen): return "remove \(screen)"
      case .refused(let presentation, let code): return "refused \(presentation): \(code)"
      case .reconciled(let edit): return edit.summary
      case .restored(let steps): return "restore: " + steps.map(\.description).joined(separator: "; ")
      }
    }
  }

  private let inner: HeadlessNavigator
  /// Everything the navigator did, in order.
  public private(set) var records: [Record] = []

  /// A recording navigator starting from `state`.
  public init(state: NavigationState = NavigationState()) {
    inner = HeadlessNavigator(state: state)
  }

  /// What is shown now.
  public var state: NavigationState { inner.state }

  /// Shows and records `transition`: `applied` when it is shown, `refused` with the error's
  /// code when the plan or the navigator refuses it.
  public func show(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    do {
      return try await carryOut(showing: transition)
    } catch {
      records.append(.refused(transition.presentation, error.code))
      throw error
    }
  }

  /// Shows and records `transition`, as ``show(_:)`` does.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "show(_:)")
  public func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try await show(transition)
  }

  /// Takes in and records a change the UI made on its own.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    let gone = try inner.reconcile(edit)
    records.append(.reconciled(edit))
    return gone
  }

  /// Shows `state` at once with the plan from what is shown, and records its steps.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "call show(_:)")
  public func restore(_ state: NavigationState) {
    let steps = inner.state.plan(to: state)
    inner.showAtOnce(state)
    records.append(.restored(steps))
  }

  /// Carries out a plan on the inner navigator, and records it as one record: a transition on
  /// the state shown as `applied`, the plan back as `reverted`, anything else as its steps.
  ///
  /// A plan its maker refuses (a screen coordinator checking a source) is not recorded: the
  /// navigator changed nothing.
  ///
  /// - Parameter plan: Works out the change from the state shown.
  /// - Returns: The plan carried out.
  /// - Throws: What `plan` or the inner `HeadlessNavigator` throws.
  public func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    let made = try await inner.carryOut(plan)
    switch made.cause {
    case .show(let transition) where made.placed == made.base:
      records.append(.applied(transition.presentation, transition.screen.id))
    case .remove(let change):
      records.append(.reverted(change.screen))
    case .show, .restore:
      records.append(.restored(made.steps))
    }
    return made
  }
}
