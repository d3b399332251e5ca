package import Waypoint

/// One level of a ``NavigationState`` as SwiftUI binds it: the root, the path of a
/// `NavigationStack(path:)` over it, the detail, and the item a `.sheet(item:)`,
/// `.fullScreenCover(item:)` or `.popover(item:)` presents.
package struct NavigationLevel: Sendable, Equatable {
  /// The level's first screen, shown as the stack's root view.
  package var root: Screen?
  /// The screens pushed over the root, bottom first: the stack's path.
  package var path: [Screen]
  /// The screen in the detail column.
  package var detail: Screen?
  /// Whether screens can be pushed here (a popover has no navigation stack).
  package var hasNavigationStack: Bool
  /// What the level presents; its `PresentedItem.screen` is the next level's root.
  package var presented: PresentedItem?
  /// The split view's other columns, when the level is a split view (its primary column is the
  /// root and path).
  package var split: SplitColumns?
  /// The tabs, when the level is a tab bar (root and path are then empty).
  package var tabs: TabContainer?

  /// Makes a level.
  package init(
    root: Screen?, path: [Screen] = [], detail: Screen? = nil, hasNavigationStack: Bool = true,
    presented: PresentedItem? = nil, split: SplitColumns? = nil, tabs: TabContainer? = nil
  ) {
    self.root = root
    self.path = path
    self.detail = detail
    self.hasNavigationStack = hasNavigationStack
    self.presented = presented
    self.split = split
    self.tabs = tabs
  }
}
