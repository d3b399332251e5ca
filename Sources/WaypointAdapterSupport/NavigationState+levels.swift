package import Waypoint

extension NavigationState {
  /// The state as SwiftUI binds it, one level per presentation: the root hierarchy first.
  ///
  /// `NavigationState(levels: state.levels) == state` for every state.
  package var levels: [NavigationLevel] {
    (0..<levelCount).map { level in
      let levelState = self[level: level]
      return NavigationLevel(
        root: levelState.stack.first, path: Array(levelState.stack.dropFirst()), detail: levelState.detail,
        hasNavigationStack: levelState.hasNavigationStack,
        presented: levelState.presented.flatMap { presented in
          presented.state.stack.first.map {
            PresentedItem(screen: $0, presentation: presented.presentation, source: presented.source)
          }
        }, split: levelState.split, tabs: levelState.tabs)
    }
  }

  /// The state the `levels` describe; each level presents the next one, as its item says.
  package init(levels: [NavigationLevel]) {
    var state: NavigationState?
    for levelState in levels.reversed() {
      let presented = levelState.presented.flatMap { item in
        state.map { PresentedState(presentation: item.presentation, source: item.source, state: $0) }
      }
      var next = NavigationState(
        stack: (levelState.root.map { [$0] } ?? []) + levelState.path, detail: levelState.detail,
        hasNavigationStack: levelState.hasNavigationStack, presented: presented)
      next.split = levelState.split
      next.tabs = levelState.tabs
      state = next
    }
    self = state ?? NavigationState()
  }

  /// The path of the level at `level` (its stack without the root), for `NavigationStack(path:)`;
  /// empty when there is no such level.
  package func path(at level: Int) -> [Screen] {
    level >= 0 && level < levelCount ? Array(self[level: level].stack.dropFirst()) : []
  }

  /// Writes a path back, as SwiftUI does when the user goes back: the same as
  /// `reconcile(_:)` with `replacedStack` (a shorter path is a pop).
  ///
  /// - Throws: `invalidEdit`, as `reconcile(_:)`.
  @discardableResult
  package mutating func setPath(_ path: [Screen], at level: Int) throws(NavigationError) -> [Screen] {
    guard level >= 0, level < levelCount else {
      throw NavigationError(.invalidEdit, "there is no level \(level); the state has \(levelCount)")
    }
    let root = self[level: level].stack.prefix(1)
    return try reconcile(.replacedStack(level: level, stack: root + path))
  }

  /// What the level at `level` presents with `style`, for that style's `item:` binding.
  package func presentedItem(at level: Int, style: PresentedItem.Style) -> PresentedItem? {
    guard level >= 0, level < levelCount, let item = levels[level].presented, item.style == style else {
      return nil
    }
    return item
  }

  /// Writes a presented item back: `nil` is the user dismissing it; the item shown already
  /// changes nothing.
  ///
  /// - Throws: `invalidEdit` for another item: SwiftUI only clears a binding, so presenting goes
  ///   through a navigator.
  @discardableResult
  package mutating func setPresentedItem(_ item: PresentedItem?, at level: Int) throws(NavigationError) -> [Screen] {
    let shown = level >= 0 && level < levelCount ? levels[level].presented : nil
    switch (item, shown) {
    case (nil, nil): return []
    case (nil, let shown?): return try reconcile(.dismissed(screen: shown.screen.id))
    case (let item?, let shown) where item.id == shown?.id: return []
    case (let item?, _):
      throw NavigationError(
        .invalidEdit, "'\(item.id)' is not presented at level \(level); present it through a navigator")
    }
  }

  /// The change to report when SwiftUI clears the item binding of the level at `level` for one
  /// of `styles` (the user dismissed it), or `nil` when nothing is to be done: no such item, or
  /// not the one SwiftUI last read (`shown`, its root's id, when known), because a link replaced
  /// it while the user's dismissal ran.
  package func edit(dismissingItemAt level: Int, styles: Set<PresentedItem.Style>, shown: String? = nil)
    -> NavigationEdit?
  {
    guard level >= 0, level < levelCount, let item = levels[level].presented, styles.contains(item.style)
    else {
      return nil
    }
    if let shown, shown != item.screen.id { return nil }
    return .dismissed(screen: item.screen.id)
  }
}
