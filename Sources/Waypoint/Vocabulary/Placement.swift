/// A column of a split view.
public enum SplitColumn: String, Sendable, Codable, CaseIterable {
  /// The leading column: the level's (or the tab's) own stack.
  case primary
  /// The middle column of a three-column split.
  case supplementary
  /// The trailing (detail) column.
  case secondary
}

/// What a link does when the app already shows something presented (a sheet, a cover, a
/// popover) that the navigator presented.
public enum PresentedPolicy: String, Sendable, Hashable, Codable, CaseIterable {
  /// Dismiss the navigator's presentations first, then place the screen; a presentation held
  /// as not dismissible refuses the link instead.
  case dismiss
  /// Leave them and show the screen over the top, as a link did before placements.
  case keep
  /// Do not open the link: it fails with `NavigationError` `coveredByPresentation`.
  case refuse
}

/// Where a route's screen goes in a tabbed or split app, and what happens to what is presented.
///
/// A manifest says it with the route fields `tab`, `column` and `presented`:
///
/// ```json
/// {"name": "thread", "pattern": "myapp://messages/<int:id>", "target": "Thread",
///  "tab": "inbox", "under": ["Inbox"], "presented": "dismiss"}
/// ```
///
/// Opening such a link selects the tab, makes the stack there the route's `under` screens
/// (reusing the ones already shown), and shows the screen on top.
public struct Placement: Sendable, Hashable, Codable {
  /// The id of the tab that shows the screen, or `nil` for the selected one.
  ///
  /// A window without tabs ignores it, so one manifest serves a phone's tab bar and a window
  /// without one.
  public var tab: String?
  /// The split view column that shows the screen, or `nil` for the primary one.
  ///
  /// Where there is no split view (a compact window), the primary stack takes it.
  public var column: SplitColumn?
  /// What to do with what is presented; `nil` takes the navigator's
  /// ``ScreenCoordinator/presentedPolicy``.
  public var presented: PresentedPolicy?

  /// A placement.
  public init(tab: String? = nil, column: SplitColumn? = nil, presented: PresentedPolicy? = nil) {
    self.tab = tab
    self.column = column
    self.presented = presented
  }

  /// Whether the placement says nothing.
  package var isEmpty: Bool { tab == nil && column == nil && presented == nil }
}
