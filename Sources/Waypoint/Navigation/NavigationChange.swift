/// What a transition really did, so it can be undone by its inverse.
public enum NavigationChange: Sendable, Equatable {
  /// The screen was pushed (undo: pop to below it).
  case pushed(screen: String)
  /// The screen was presented (undo: dismiss).
  case presented(screen: String)
  /// The screen became the root (undo: restore the previous hierarchy).
  case replacedRoot(screen: String, previous: NavigationState)
  /// The screen was added as a child of `parent` (undo: remove the child).
  case addedChild(screen: String, parent: String)
  /// The screen took the detail column (undo: put the previous detail back).
  case replacedDetail(screen: String, previous: Screen?)
  /// The screen became the only one of a split view's secondary column (`showDetail` in a split;
  /// undo: put the `previous` stack back).
  case replacedColumn(screen: String, previous: [Screen])
  /// Nothing was shown (`none`).
  case nothing(screen: String)

  /// The screen the change showed.
  package var screen: String {
    switch self {
    case .pushed(let screen), .presented(let screen), .replacedRoot(let screen, _), .addedChild(let screen, _),
      .replacedDetail(let screen, _), .replacedColumn(let screen, _), .nothing(let screen):
      return screen
    }
  }
}
