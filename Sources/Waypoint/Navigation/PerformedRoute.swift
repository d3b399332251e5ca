/// A module shown by a ``ModuleNavigator``, which can later be removed without the caller knowing
/// whether it was pushed, presented, added as a child or made the root.
///
/// States: unrouted → routing → routed → removing → removed (and routed again after a new
/// ``perform()``).
@MainActor
public final class PerformedRoute {
  /// Where a performed route is in its life.
  public enum State: String, Sendable, Hashable {
    case unrouted, routing, routed, removing, removed
  }

  /// Where the route is in its life.
  public private(set) var state: State = .unrouted
  /// The screen as shown, with the parameters it was opened with.
  public private(set) var screen: Screen
  /// How it is shown.
  public let presentation: Presentation
  /// The screen it was shown from; `nil` for the top screen.
  public let source: String?
  /// The module's key.
  public let key: ModuleKey
  private let instance: ModuleInstance
  private let navigator: any Navigator
  private let notify: @MainActor (ModuleEvent.Phase) -> Void
  private var change: NavigationChange?

  init(
    screen: Screen, presentation: Presentation, source: String?, key: ModuleKey, instance: ModuleInstance,
    navigator: any Navigator, notify: @escaping @MainActor (ModuleEvent.Phase) -> Void
  ) {
    self.screen = screen
    self.presentation = presentation
    self.source = source
    self.key = key
    self.instance = instance
    self.navigator = navigator
    self.notify = notify
  }

  /// The parameters the screen was opened with.
  public var parameters: [String: String] { screen.parameters }

  /// The made module, as `type`.
  public func destination<Destination>(as type: Destination.Type) -> Destination? {
    instance.value as? Destination
  }

  /// Whether ``remove()`` can undo the route now: it is routed, it showed something, and its
  /// screen is still where it was put.
  public var canRemove: Bool {
    guard state == .routed, let change else { return false }
    return navigator.state.canRevert(change)
  }

  /// Shows the module.
  ///
  /// - Throws: `overRoute` while routing, `alreadyPerformed` when routed and not removed, or what
  ///   the navigator throws (the route then goes back to where it was).
  public func perform() async throws(NavigationError) {
    switch state {
    case .routing, .removing:
      throw NavigationError(
        .overRoute, "'\(screen.id)' is already \(state.rawValue); wait for it to finish", screen: screen.id)
    case .routed:
      throw NavigationError(
        .alreadyPerformed, "'\(screen.id)' is already shown; remove it before performing it again", screen: screen.id)
    case .unrouted, .removed:
      break
    }
    let previous = state
    state = .routing
    notify(.willPerform)
    do {
      change = try await navigator.apply(NavigationTransition(presentation, screen: screen, from: source))
    } catch {
      state = previous
      throw error
    }
    state = .routed
    notify(.didPerform)
  }

  /// Removes the module with the inverse of what was really done: pop, dismiss, remove the
  /// child, or restore the previous root.
  ///
  /// - Throws: `notPerformed` before ``perform()``, `overRoute` while routing or removing, or
  ///   `screenGone` when the screen is no longer there (``canRemove`` is `false`).
  public func remove() async throws(NavigationError) {
    switch state {
    case .unrouted, .removed:
      throw NavigationError(.notPerformed, "'\(screen.id)' is not shown, so it cannot be removed", screen: screen.id)
    case .routing, .removing:
      throw NavigationError(.overRoute, "'\(screen.id)' is \(state.rawValue); wait for it to finish", screen: screen.id)
    case .routed:
      break
    }
    guard let change, canRemove else {
      throw NavigationError(
        .screenGone, "'\(screen.id)' is no longer where it was shown (\(presentation)), so it cannot be removed",
        screen: screen.id)
    }
    state = .removing
    notify(.willRemove)
    do {
      try await navigator.revert(change)
    } catch {
      state = .routed
      throw error
    }
    state = .removed
    self.change = nil
    notify(.didRemove)
  }
}
