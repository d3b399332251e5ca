/// Where a stack sits on the root level: the level's own stack, or a column, in a tab or not.
///
/// The root level's own stack is ``primary``; `StackLocation(tab: "inbox")` is the inbox tab's
/// stack and `StackLocation(tab: "orders", column: .secondary)` that tab's secondary column.
public struct StackLocation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The tab, or `nil` on a level without tabs.
  public var tab: String?
  /// The column; `primary` is the stack of the level or tab itself.
  public var column: SplitColumn

  /// A place.
  ///
  /// - Parameters:
  ///   - tab: The tab's id; `nil` (the default) on a level without tabs.
  ///   - column: The column; `primary` (the default) is the stack of the level or tab itself.
  public init(tab: String? = nil, column: SplitColumn = .primary) {
    self.tab = tab
    self.column = column
  }

  /// The root level's own stack.
  public static let primary = StackLocation()

  /// `inbox`, `inbox/secondary`, `secondary`, or `primary`.
  public var description: String {
    switch (tab, column) {
    case (let tab?, .primary): return tab
    case (let tab?, let column): return "\(tab)/\(column)"
    case (nil, let column): return column.rawValue
    }
  }
}
