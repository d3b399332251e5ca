/// How many columns a split view has, as `UISplitViewController.Style` and `NavigationSplitView`
/// say it.
public enum SplitStyle: String, Sendable, Codable, CaseIterable {
  /// Primary and secondary.
  case doubleColumn
  /// Primary, supplementary and secondary.
  case tripleColumn
}

/// The columns of a split view beside its primary column, each with its own stack.
///
/// The primary column is the stack of the level or tab that holds the split.
public struct SplitColumns: Sendable, Codable, Equatable {
  /// The supplementary column's stack in a three-column split; `nil` in a two-column one.
  public var supplementary: [Screen]?
  /// The secondary column's stack, root first.
  public var secondary: [Screen]
  /// Whether the split shows one column (a compact width), which then holds the columns' stacks
  /// one over the other; the screens stay in their columns here.
  public var isCollapsed: Bool

  /// Makes the columns of a split.
  ///
  /// - Parameters:
  ///   - supplementary: The supplementary column's stack, root first; `nil` (the default) for a
  ///     two-column split, `[]` for an empty column of a three-column one.
  ///   - secondary: The secondary column's stack, root first; empty by default.
  ///   - isCollapsed: Whether the split shows one column; `false` by default.
  public init(supplementary: [Screen]? = nil, secondary: [Screen] = [], isCollapsed: Bool = false) {
    self.supplementary = supplementary
    self.secondary = secondary
    self.isCollapsed = isCollapsed
  }

  /// Empty columns of a split of `style`.
  public init(_ style: SplitStyle) {
    self.init(supplementary: style == .tripleColumn ? [] : nil)
  }

  /// Two or three columns.
  public var style: SplitStyle { supplementary == nil ? .doubleColumn : .tripleColumn }

  private enum CodingKeys: String, CodingKey {
    case supplementary, secondary, isCollapsed
  }

  /// Reads columns; a missing secondary stack is empty and a missing `isCollapsed` is `false`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    supplementary = try container.decodeIfPresent([Screen].self, forKey: .supplementary)
    secondary = try container.decodeIfPresent([Screen].self, forKey: .secondary) ?? []
    isCollapsed = try container.decodeIfPresent(Bool.self, forKey: .isCollapsed) ?? false
  }
}
