/// A column of a split view.
public enum SplitColumn: String, Sendable, Codable, CaseIterable {
  /// The leading column: the level's (or the tab's) own stack.
  case primary
  /// The middle column of a three-column split.
  case supplementary
  /// The trailing (detail) column.
  case secondary
}
