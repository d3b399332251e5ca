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
