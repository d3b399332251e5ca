/// A change the UI made on its own, without a transition: the user went back, pulled a sheet
/// down, or the system restored or rewrote a hierarchy.
///
/// A navigator over real views reports each one through ``Navigator/reconcile(_:)``; the state
/// then says what is really shown, and the ``ShownModule``s whose screens went away become
/// `removed`.
///
/// Levels are counted from the bottom: level 0 is the root hierarchy, level 1 what it presents,
/// and so on (`NavigationState.levels`).
public enum NavigationEdit: Sendable, Equatable {
  /// The user went back to `screen`: every screen above it in its stack left (a back button, a
  /// swipe, a navigation controller popped to it).
  case poppedTo(screen: String)
  /// The presented level that holds `screen` was dismissed, with everything presented over it
  /// (a sheet pulled down, a popover tapped away).
  case dismissed(screen: String)
  /// The stack of the level at `level` (at `location`, on a root level with tabs or a split view)
  /// is now `stack`, root first (a SwiftUI path written back, a navigation controller's view
  /// controllers replaced). Screens may leave and new ones may come; an empty stack above level
  /// 0 dismisses the level.
  case replacedStack(level: Int, stack: [Screen], location: StackLocation = .primary)
  /// The user selected the tab `tab` in the tab bar.
  case selectedTab(String)
  /// The user tapped the selected tab `tab` again, which pops its stack to its root, as a tab bar
  /// does for a tab that is a navigation controller; a tab that shows a split view keeps its
  /// columns, as `UITabBarController` pops no split view controller.
  case reselectedTab(String)
  /// The split view of the tab `tab` (or of the root level, for `nil`) collapsed to one column,
  /// or expanded again.
  case collapsed(Bool, tab: String?)
  /// The detail column of the level at `level` now shows `screen`, or nothing.
  case replacedDetail(level: Int, screen: Screen?)
  /// The child `screen` was taken out of its parent.
  case removedChild(screen: String)
  /// The whole hierarchy is now `state` (a state the system restored).
  case restored(NavigationState)
}

extension NavigationEdit {
  /// A short line for logs: `poppedTo List#1`, `dismissed Sheet#4`, `replacedStack 0 [List#1]`,
  /// `reselectedTab inbox`.
  public var summary: String {
    switch self {
    case .poppedTo(let screen): return "poppedTo \(screen)"
    case .dismissed(let screen): return "dismissed \(screen)"
    case .replacedStack(let level, let stack, let location):
      return "replacedStack \(level)" + (location == .primary ? "" : " \(location)")
        + " [\(stack.map(\.id).joined(separator: ", "))]"
    case .selectedTab(let tab): return "selectedTab \(tab)"
    case .reselectedTab(let tab): return "reselectedTab \(tab)"
    case .collapsed(let collapsed, let tab):
      return (collapsed ? "collapsed" : "expanded") + (tab.map { " \($0)" } ?? "")
    case .replacedDetail(let level, let screen): return "replacedDetail \(level) \(screen?.id ?? "nothing")"
    case .removedChild(let screen): return "removedChild \(screen)"
    case .restored: return "restored"
    }
  }
}
