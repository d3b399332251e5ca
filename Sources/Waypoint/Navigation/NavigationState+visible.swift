/// A screen the user sees in a state: where it is and how its level is presented.
package struct VisibleScreen: Sendable, Equatable {
  /// The screen, without its children.
  package var screen: Screen
  /// Its level: 0 for the window's own.
  package var level: Int
  /// How its level is presented; `nil` on the window's own level.
  package var presentation: Presentation?
}

extension NavigationState {
  /// The screens the user sees, the one they look at last.
  ///
  /// Only the top level is seen: a presentation covers the levels under it. There, the top
  /// screen of each stack shown: the selected tab's, each column of a split view (only the one
  /// on top when it is collapsed), then the detail. A child is part of its parent's screen.
  package var visibleScreens: [VisibleScreen] {
    let level = levelCount - 1
    let levelState = self[level: level]
    let presentation = level == 0 ? nil : self[level: level - 1].presented?.presentation
    var shown: [Screen] = []
    for location in levelState.visibleLocations {
      if let split = levelState.split(in: location.tab), split.isCollapsed,
        location.column != levelState.compactColumn(in: location.tab)
      {
        continue
      }
      if let top = levelState[stack: location]?.last { shown.append(top) }
    }
    if let detail = levelState.detail { shown.append(detail) }
    return shown.map { VisibleScreen(screen: $0.withoutChildren, level: level, presentation: presentation) }
  }

  /// The screens under a presentation: every screen of the levels below the top one.
  package var coveredScreenIDs: Set<String> {
    guard let presented else { return [] }
    var covered = Set(allScreens.map(\.id))
    covered.subtract(presented.state.allScreens.map(\.id))
    return covered.union(presented.state.coveredScreenIDs)
  }
}
