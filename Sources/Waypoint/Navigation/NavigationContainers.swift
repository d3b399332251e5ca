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

/// One tab of a ``TabContainer``: a stable id the app chooses (`"inbox"`), its stack, and a split
/// view when the tab shows one.
public struct NavigationTab: Sendable, Codable, Equatable, Identifiable {
  /// The tab's id, stable across launches so saved states and links can name it.
  public var id: String
  /// The tab's stack (its primary column when it holds a split), root first.
  public var stack: [Screen]
  /// The split view's other columns, when the tab shows one.
  public var split: SplitColumns?
  /// How the tab bar shows the tab: its title, image and badge; `nil` shows its id.
  ///
  /// A restored state takes the items of the app's start, not those it saved.
  public var item: TabItem?

  /// Makes a tab.
  ///
  /// - Parameters:
  ///   - id: The tab's id, stable across launches: a string, or the app's own ``TabName``.
  ///   - stack: Its stack, root first.
  ///   - split: The split view's other columns, when the tab shows one.
  ///   - item: How the tab bar shows it.
  public init(id: some TabName, stack: [Screen] = [], split: SplitColumns? = nil, item: TabItem? = nil) {
    self.id = id.tabName
    self.stack = stack
    self.split = split
    self.item = item
  }

  /// A tab whose stack starts on one screen of `target`, with its title, image and badge.
  ///
  /// The way an app's tab bar starts:
  ///
  /// ```swift
  /// NavigationTab("notes", root: "NoteList", title: "Notes", systemImage: "note.text")
  /// ```
  ///
  /// The screen's id is `target#id`.
  ///
  /// - Parameters:
  ///   - id: The tab's id: a string, or the app's own ``TabName``.
  ///   - target: The screen it starts on: a string, or the app's own ``TargetName``.
  ///   - title: The title the tab bar shows; `nil` shows the id.
  ///   - systemImage: An SF Symbol's name for its image.
  ///   - image: The name of an image in the app's asset catalog, when `systemImage` is `nil`.
  ///   - badge: The badge it starts with; `WaypointApp.setBadge(_:onTab:)` changes it.
  public init(
    _ id: some TabName, root target: some TargetName, title: String? = nil, systemImage: String? = nil,
    image: String? = nil, badge: String? = nil
  ) {
    let (id, target) = (id.tabName, target.targetName)
    let picture = systemImage.map(TabItem.Image.system) ?? image.map(TabItem.Image.named)
    let item =
      title == nil && picture == nil && badge == nil ? nil : TabItem(title: title, image: picture, badge: badge)
    self.init(id: id, stack: [Screen(id: "\(target)#\(id)", target: target)], item: item)
  }

  private enum CodingKeys: String, CodingKey {
    case id, stack, split, item
  }

  /// Reads a tab; a missing stack is empty, a missing item none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    stack = try container.decodeIfPresent([Screen].self, forKey: .stack) ?? []
    split = try container.decodeIfPresent(SplitColumns.self, forKey: .split)
    item = try container.decodeIfPresent(TabItem.self, forKey: .item)
  }
}

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

extension NavigationState {
  /// The root level's tabs with the items `target`'s tabs of the same ids have: a navigator
  /// that reaches a state step by step (a tab bar made from ids) takes the look of the tabs from
  /// the state it reaches.
  package mutating func adoptTabItems(from target: NavigationState) {
    guard var container = tabs, let wanted = target.tabs else { return }
    for index in container.tabs.indices {
      container.tabs[index].item = wanted[container.tabs[index].id]?.item
    }
    tabs = container
  }

  /// The stacks of this level, in order: each tab's (primary, supplementary, secondary), or the
  /// level's own and its split columns.
  package var locations: [StackLocation] {
    if let tabs {
      return tabs.tabs.flatMap { tab in Self.locations(tab: tab.id, split: tab.split) }
    }
    return Self.locations(tab: nil, split: split)
  }

  /// The stacks on screen: the selected tab's, or all of a level without tabs.
  package var visibleLocations: [StackLocation] {
    guard let tabs else { return locations }
    return locations.filter { $0.tab == tabs.selected }
  }

  private static func locations(tab: String?, split: SplitColumns?) -> [StackLocation] {
    [StackLocation(tab: tab)]
      + (split.map { split in
        (split.supplementary == nil ? [] : [StackLocation(tab: tab, column: .supplementary)])
          + [StackLocation(tab: tab, column: .secondary)]
      } ?? [])
  }

  /// The stack at `location` on this level, or `nil` when the level has no such stack; setting a
  /// place that does not exist changes nothing.
  package subscript(stack location: StackLocation) -> [Screen]? {
    get {
      guard let tab = location.tab else { return tabs == nil ? Self.column(location.column, stack, split) : nil }
      return tabs?[tab].flatMap { Self.column(location.column, $0.stack, $0.split) }
    }
    set {
      guard let newValue else { return }
      guard let tab = location.tab else {
        if tabs == nil { Self.setColumn(location.column, to: newValue, &stack, &split) }
        return
      }
      guard var container = tabs, let index = container.tabs.firstIndex(where: { $0.id == tab }) else { return }
      var (tabStack, tabSplit) = (container.tabs[index].stack, container.tabs[index].split)
      Self.setColumn(location.column, to: newValue, &tabStack, &tabSplit)
      (container.tabs[index].stack, container.tabs[index].split) = (tabStack, tabSplit)
      tabs = container
    }
  }

  /// The split view of the tab `tab` (or of the level, for `nil`), when there is one.
  package func split(in tab: String?) -> SplitColumns? {
    guard let tab else { return tabs == nil ? split : nil }
    return tabs?[tab]?.split
  }

  /// Sets the split view of the tab `tab` (or of the level); returns whether that tab exists.
  @discardableResult
  mutating func setSplit(_ columns: SplitColumns?, in tab: String?) -> Bool {
    guard let tab else {
      guard tabs == nil else { return false }
      split = columns
      return true
    }
    guard let index = tabs?.tabs.firstIndex(where: { $0.id == tab }) else { return false }
    tabs?.tabs[index].split = columns
    return true
  }

  /// The place whose stack holds `id` on this level.
  func location(holding id: String) -> StackLocation? {
    locations.first { self[stack: $0]?.contains { $0.id == id } == true }
  }

  private static func column(_ column: SplitColumn, _ stack: [Screen], _ split: SplitColumns?) -> [Screen]? {
    switch column {
    case .primary: return stack
    case .supplementary: return split?.supplementary
    case .secondary: return split?.secondary
    }
  }

  private static func setColumn(
    _ column: SplitColumn, to screens: [Screen], _ stack: inout [Screen], _ split: inout SplitColumns?
  ) {
    switch column {
    case .primary: stack = screens
    case .supplementary: if split?.supplementary != nil { split?.supplementary = screens }
    case .secondary: split?.secondary = screens
    }
  }
}
