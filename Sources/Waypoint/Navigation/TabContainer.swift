/// The tabs of a tab bar (`UITabBarController`, `TabView`) and the one selected.
public struct TabContainer: Sendable, Codable, Equatable {
  /// The tabs, in the order the bar shows them.
  public var tabs: [NavigationTab]
  /// The selected tab's id.
  public var selected: String

  /// Tabs with `selected` chosen (a string, or the app's own ``TabName``), the first by default.
  ///
  /// - Parameters:
  ///   - tabs: The tabs, in the order the bar shows them.
  ///   - selected: The id of the selected tab; `nil` (the default) selects the first tab, and an
  ///     empty list of tabs selects `""`.
  public init(_ tabs: [NavigationTab], selected: (some TabName)? = String?.none) {
    self.tabs = tabs
    self.selected = selected?.tabName ?? tabs.first?.id ?? ""
  }

  /// Empty tabs with these ids, the first selected.
  public init(ids: [String]) {
    self.init(ids.map { NavigationTab(id: $0) })
  }

  /// The tabs' ids, in order.
  package var ids: [String] { tabs.map(\.id) }

  /// The tab with `id`, if there is one.
  public subscript(id: String) -> NavigationTab? {
    tabs.first { $0.id == id }
  }
}
