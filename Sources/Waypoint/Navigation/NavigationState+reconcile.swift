extension NavigationState {
  /// Takes in a change the UI made on its own, and returns the screens that left, depth first.
  ///
  /// ```swift
  /// var state = navigator.state
  /// let gone = try state.reconcile(.poppedTo(screen: "List#1"))   // the editor above it left
  /// ```
  ///
  /// A presentation whose source left leaves with it, as in UIKit.
  ///
  /// - Throws: `invalidEdit` naming the screen or level the state does not hold, or a new screen
  ///   whose id is already shown elsewhere; the state is then unchanged.
  @discardableResult
  package mutating func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    let before = allScreens
    var next = self
    try next.apply(edit)
    let kept = Set(next.allScreens.map(\.id))
    let ids = next.allScreens.map(\.id)
    guard Set(ids).count == ids.count else {
      throw Self.invalidEdit("the change would show two screens with one id: \(Self.duplicates(ids))")
    }
    self = next
    return before.filter { !kept.contains($0.id) }
  }

  private mutating func apply(_ edit: NavigationEdit) throws(NavigationError) {
    switch edit {
    case .poppedTo(let id):
      guard let level = (0..<levelCount).first(where: { self[level: $0].location(holding: id) != nil }),
        let location = self[level: level].location(holding: id),
        let stack = self[level: level][stack: location],
        let index = stack.firstIndex(where: { $0.id == id })
      else { throw Self.invalidEdit("no stack holds '\(id)', so nothing can be popped to it") }
      setStack(Array(stack[...index]), at: level, location: location)
    case .dismissed(let id):
      guard let level = (1..<max(levelCount, 1)).first(where: { self[level: $0].contains(levelScreen: id) })
      else {
        throw Self.invalidEdit("no presented level holds '\(id)', so nothing was dismissed")
      }
      self[level: level - 1].presented = nil
    case .replacedStack(let level, let stack, let location):
      try checkLevel(level)
      guard self[level: level][stack: location] != nil else {
        throw Self.invalidEdit("level \(level) has no stack at '\(location)'")
      }
      if stack.isEmpty, level > 0 {
        self[level: level - 1].presented = nil
      } else {
        setStack(stack, at: level, location: location)
      }
    case .selectedTab(let id):
      guard tabs?[id] != nil else { throw Self.invalidEdit("the root level has no tab '\(id)'") }
      tabs?.selected = id
    case .reselectedTab(let id):
      guard tabs?[id] != nil else { throw Self.invalidEdit("the root level has no tab '\(id)'") }
      guard tabs?.selected == id else {
        throw Self.invalidEdit("the tab '\(id)' is not selected, so it cannot be selected again")
      }
      // A tab of a split view is no navigation controller: a second tap pops nothing.
      if tabs?[id]?.split == nil {
        let location = StackLocation(tab: id)
        setStack(Array((self[stack: location] ?? []).prefix(1)), at: 0, location: location)
      }
    case .collapsed(let collapsed, let tab):
      guard var columns = split(in: tab) else {
        throw Self.invalidEdit("\(tab.map { "the tab '\($0)'" } ?? "the root level") has no split view")
      }
      columns.isCollapsed = collapsed
      setSplit(columns, in: tab)
    case .replacedDetail(let level, let screen):
      try checkLevel(level)
      self[level: level].detail = screen
      dismissOrphanedPresentation(at: level)
    case .removedChild(let id):
      for level in 0..<levelCount where self[level: level].removeChild(id) {
        dismissOrphanedPresentation(at: level)
        return
      }
      throw Self.invalidEdit("no screen has a child '\(id)'")
    case .restored(let state):
      self = state
    }
  }

  /// Sets the stack at `location` of the level at `level`, dismissing what that level presents when
  /// its source left.
  private mutating func setStack(_ stack: [Screen], at level: Int, location: StackLocation) {
    self[level: level][stack: location] = stack
    dismissOrphanedPresentation(at: level)
  }

  private func checkLevel(_ level: Int) throws(NavigationError) {
    guard level >= 0, level < levelCount else {
      throw Self.invalidEdit("there is no level \(level); the state has \(levelCount)")
    }
  }

  /// Whether `id` is one of this level's own screens (stack, detail or their children), not a
  /// presented one.
  func contains(levelScreen id: String) -> Bool {
    func holds(_ screen: Screen) -> Bool { screen.id == id || screen.children.contains(where: holds) }
    return locations.contains { self[stack: $0]?.contains(where: holds) == true } || detail.map(holds) == true
  }

  /// Takes the child `id` out of its parent in this level; returns whether it was found.
  mutating func removeChild(_ id: String) -> Bool {
    let isParent: (Screen) -> Bool = { $0.children.contains { $0.id == id } }
    return modifyScreen(where: isParent) { $0.children.removeAll { $0.id == id } }
  }

  static func duplicates(_ ids: [String]) -> String {
    var seen: Set<String> = []
    return Set(ids.filter { !seen.insert($0).inserted }).sorted().joined(separator: ", ")
  }

  static func invalidEdit(_ message: String) -> NavigationError {
    NavigationError(.invalidEdit, message)
  }
}
