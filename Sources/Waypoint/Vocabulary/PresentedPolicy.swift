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
