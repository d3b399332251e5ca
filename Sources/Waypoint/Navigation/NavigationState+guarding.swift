// Screens behind a closed gate, taken off a state before any UI draws it: the start state, a
// restore and a sign-out pass through it, so neither a tab the user chooses nor a screen the user
// goes back to shows a protected one (links are judged by the gate itself).

extension NavigationState {
  /// `self` without a screen that `isProtected` picks, so none of them can be seen.
  ///
  /// - a protected screen pushed onto a stack goes, with what is above it (going back never
  ///   reaches it);
  /// - a protected first screen of a tab or of the window's stack gives its place to the screen
  ///   `standIn` makes for it (the gate's sign-in screen), the tab unchanged, so choosing that tab
  ///   shows the sign-in screen; with no stand-in, or in a split view's other columns, the stack
  ///   is left empty;
  /// - a presented level whose first screen is protected is dismissed, with what is over it;
  /// - a protected detail or child screen goes;
  /// - a presentation whose source went goes with it, as in UIKit.
  ///
  /// - Parameters:
  ///   - isProtected: Whether a screen is behind a closed gate now.
  ///   - standIn: The screen shown in place of a protected first screen, from the screen and its
  ///     stack's location; `nil` for none.
  /// - Returns: The state with no protected screen in it; `self` when it holds none.
  package func guarded(
    isProtected: (Screen) -> Bool, standIn: (Screen, StackLocation) -> Screen?
  ) -> NavigationState {
    guard allScreens.contains(where: isProtected) else { return self }
    var state = self
    var level = 0
    while level < state.levelCount {
      var levelState = state[level: level]
      if level > 0, let root = levelState.stack.first, isProtected(root) {
        // The level goes, with every level over it.
        state[level: level - 1].presented = nil
        break
      }
      for location in levelState.locations {
        guard let stack = levelState[stack: location] else { continue }
        var kept = Array(stack.prefix { !isProtected($0) })
        if kept.isEmpty, location.column == .primary, let first = stack.first {
          kept = standIn(first, location).map { [$0] } ?? []
        }
        kept = kept.map { $0.withoutProtectedChildren(isProtected) }
        if kept != stack { levelState[stack: location] = kept }
      }
      if let detail = levelState.detail {
        levelState.detail = isProtected(detail) ? nil : detail.withoutProtectedChildren(isProtected)
      }
      state[level: level] = levelState
      state.dismissOrphanedPresentation(at: level)
      level += 1
    }
    return state
  }
}

extension Screen {
  /// The screen without the children (and their children) `isProtected` picks.
  fileprivate func withoutProtectedChildren(_ isProtected: (Screen) -> Bool) -> Screen {
    guard !children.isEmpty else { return self }
    var screen = self
    screen.children = children.filter { !isProtected($0) }.map { $0.withoutProtectedChildren(isProtected) }
    return screen
  }
}
