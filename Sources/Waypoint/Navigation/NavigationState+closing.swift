// What a screen closing itself takes away, worked out on the state alone.

extension NavigationState {
  /// What closing one screen of a state does.
  package enum Closing: Sendable, Equatable {
    /// The change whose removal takes the screen away (and what is over it).
    case change(NavigationChange)
    /// Nothing: the screen is the first of a tab, a column or the window, with nothing under it
    /// to go back to.
    case atRoot
    /// Nothing: no screen of this id is shown.
    case notShown
  }

  /// What closing the screen `id` does: a screen pushed onto a stack pops with what is above it;
  /// the root of a presented level dismisses it (with what it presents); the detail, a child, or
  /// the root of a split view's secondary column leaves its place; the first screen of a tab, a
  /// column or the window's root stack stays.
  package func closing(_ id: String) -> Closing {
    for level in 0..<levelCount {
      let levelState = self[level: level]
      if let location = levelState.location(holding: id),
        let index = levelState[stack: location]?.firstIndex(where: { $0.id == id })
      {
        if index > 0 { return .change(.pushed(screen: id)) }
        if level > 0 { return .change(.presented(screen: id)) }
        if location.column == .secondary { return .change(.replacedColumn(screen: id, previous: [])) }
        return .atRoot
      }
      if levelState.detail?.id == id { return .change(.replacedDetail(screen: id, previous: nil)) }
    }
    for screen in allScreens where screen.children.contains(where: { $0.id == id }) {
      return .change(.addedChild(screen: id, parent: screen.id))
    }
    return .notShown
  }
}
