// MARK: - Tabs and split views as SwiftUI binds them

extension NavigationState {
  /// The path of the stack at `location` on the root level (its screens over its root), for a tab's
  /// or a column's `NavigationStack(path:)`; empty when there is no such stack.
  package func path(at location: StackLocation) -> [Screen] {
    Array((self[stack: location] ?? []).dropFirst())
  }

  /// The change to report when SwiftUI writes `path` back for the stack at `location` (a shorter one
  /// is the user going back), or `nil` when that stack is no longer shown (its tab or split view
  /// went away), so there is nothing to report.
  ///
  /// SwiftUI ends a back swipe or a push with a path it made from what it showed; a link may
  /// have changed the stack since. The write then applies to the screens the user acted on: a
  /// shorter path removes from the stack the screens it popped of `shown`, if they are still its
  /// top; a longer one adds the screens it pushed; any other write, or one whose screens are
  /// gone, is `nil` (SwiftUI reads the state again on its next update).
  ///
  /// - Parameters:
  ///   - path: The path SwiftUI wrote.
  ///   - location: The stack it wrote it for.
  ///   - shown: The path SwiftUI last read for that stack (what it shows), when known.
  /// - Returns: The edit to reconcile, or `nil` when there is nothing to take in.
  package func edit(writingPath path: [Screen], at location: StackLocation, shown: [Screen]? = nil) -> NavigationEdit? {
    guard let stack = self[stack: location], let next = Self.stack(stack, writing: path, shown: shown) else {
      return nil
    }
    return .replacedStack(level: 0, stack: next, location: location)
  }

  /// The change to report when SwiftUI writes `path` back for the own stack of the level at
  /// `level` (the root level without tabs or a split view, or a presented level), made against
  /// `shown` as ``edit(writingPath:at:shown:)`` is; `nil` when there is nothing to take in.
  package func edit(writingPath path: [Screen], atLevel level: Int, shown: [Screen]? = nil) -> NavigationEdit? {
    guard level >= 0, level < levelCount,
      let next = Self.stack(self[level: level].stack, writing: path, shown: shown)
    else { return nil }
    return .replacedStack(level: level, stack: next)
  }

  /// What `stack` (root first) becomes when SwiftUI writes `path` for it, having shown `shown`.
  private static func stack(_ stack: [Screen], writing path: [Screen], shown: [Screen]?) -> [Screen]? {
    let root = Array(stack.prefix(1))
    let current = Array(stack.dropFirst())
    guard let shown, shown.map(\.id) != current.map(\.id) else { return root + path }
    let ids = path.map(\.id)
    if ids.count <= shown.count, Array(shown.prefix(ids.count).map(\.id)) == ids {
      let popped = shown.dropFirst(ids.count).map(\.id)
      guard !popped.isEmpty, current.count >= popped.count, current.suffix(popped.count).map(\.id) == popped else {
        return nil
      }
      return Array(stack.dropLast(popped.count))
    }
    if Array(ids.prefix(shown.count)) == shown.map(\.id) { return stack + path.dropFirst(shown.count) }
    return nil
  }

  /// The change to report when the user chooses the tab `id`: ``NavigationEdit/selectedTab(_:)``,
  /// or ``NavigationEdit/reselectedTab(_:)`` when it is the selected tab (a second tap on it).
  package func edit(choosingTab id: String) -> NavigationEdit {
    tabs?.selected == id ? .reselectedTab(id) : .selectedTab(id)
  }

  /// Whether a collapsed split view of the tab `tab` (or of the root level) shows its secondary
  /// column on top: while that column holds screens.
  package func showsSecondaryColumn(in tab: String?) -> Bool {
    self[stack: StackLocation(tab: tab, column: .secondary)]?.isEmpty == false
  }

  /// The change to report when the user goes back to the primary column of a collapsed split
  /// view: the secondary column empties; `nil` when it is empty already.
  package func edit(showingPrimaryColumnIn tab: String?) -> NavigationEdit? {
    guard showsSecondaryColumn(in: tab) else { return nil }
    return edits(showingCompactColumn: .supplementary, in: tab).first
  }

  /// The column a collapsed split view of the tab `tab` (or of the root level) shows on top.
  ///
  /// The secondary one while it holds screens, else the supplementary one while it holds
  /// screens, else the primary one. A three-column split view collapses into one stack of the
  /// three.
  package func compactColumn(in tab: String?) -> SplitColumn {
    if showsSecondaryColumn(in: tab) { return .secondary }
    if self[stack: StackLocation(tab: tab, column: .supplementary)]?.isEmpty == false { return .supplementary }
    return .primary
  }

  /// The changes to report when the user goes back, in a collapsed split view, to `column`: the
  /// columns after it that hold screens empty, the last first.
  package func edits(showingCompactColumn column: SplitColumn, in tab: String?) -> [NavigationEdit] {
    let after: [SplitColumn] =
      switch column {
      case .primary: [.secondary, .supplementary]
      case .supplementary: [.secondary]
      case .secondary: []
      }
    return after.compactMap { next in
      let location = StackLocation(tab: tab, column: next)
      guard self[stack: location]?.isEmpty == false else { return nil }
      return .replacedStack(level: 0, stack: [], location: location)
    }
  }
}
