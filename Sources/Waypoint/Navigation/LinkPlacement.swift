/// Where a link's screen goes, worked out from the navigator's state alone: a pure function,
/// tested with no navigator (`place(on:)`).
///
/// In order: what is presented is handled by the presented policy; the route's tab is
/// selected; the stack there (its column, in a split view) gets the route's `under` screens;
/// then the link's screen is shown from the top of that stack, becomes its root when it is
/// empty (or is a column's screen), or is found already there.
package struct LinkPlacement {
  /// The link's screen, as it would be shown; its id is given when it is placed.
  package var screen: Screen
  /// How it is shown.
  package var presentation: Presentation
  /// The screens under it, bottom first, with the values each takes from the link.
  package var under: [UnderScreen] = []
  /// The route's placement: tab, column and presented policy.
  package var placement = Placement()
  /// The presented policy when the route has none.
  package var policy = PresentedPolicy.keep
  /// The screens held as not dismissible by links (``ShownModule/isDismissibleByLinks``).
  package var held: Set<String> = []

  /// Where the link's screen ends up.
  package enum Outcome: Equatable {
    /// Shown with its presentation from this screen (`nil`: the top screen) over the placed state.
    case over(source: String?)
    /// Already there: this screen shows the same module with the same values.
    case found(Screen)
    /// It became the root of its stack (an empty stack, or a split view's column) in the placed
    /// state.
    case rooted
  }

  /// The placed state and where the screen goes in it.
  package struct Placed: Equatable {
    /// The state with the presentations the policy clears taken off, the tab selected and the
    /// `under` screens in place.
    package var state: NavigationState
    /// Where the link's screen goes.
    package var outcome: Outcome
    /// The link's screen with its new id, numbered after the screens built under it.
    package var screen: Screen
  }

  /// A placement of `screen`.
  package init(screen: Screen, presentation: Presentation) {
    self.screen = screen
    self.presentation = presentation
  }

  /// Places the link on `shown`; `newID` names each screen built under it, then the link's.
  ///
  /// A route that names a tab claims that tab's stack: it becomes exactly the `under` screens,
  /// reusing those already shown. In a split view, a screen for the supplementary or secondary
  /// column becomes that column's root, and the `under` screens go in the primary column.
  /// Elsewhere a link never takes screens away: a stack that starts the `under` path is
  /// completed, and any other is left as it is. With the `keep` policy and something presented,
  /// the screen goes over the top as it is.
  ///
  /// - Throws: `coveredByPresentation` when the policy refuses the link or a presentation is
  ///   held; `unknownTab` for a tab the tab bar does not have.
  package func place(on shown: NavigationState, newID: (String) -> String) throws(NavigationError) -> Placed {
    if presentsStack { return try placeStack(on: shown, newID: newID) }
    var wanted = shown
    var leaf = screen
    guard try clearPresented(in: &wanted) else {
      leaf.id = newID(leaf.target)
      return Placed(state: shown, outcome: .over(source: nil), screen: leaf)
    }
    try select(in: &wanted)
    let tab = wanted.tabs?.selected
    let column = placement.column.flatMap { wanted[stack: StackLocation(tab: tab, column: $0)] == nil ? nil : $0 }
    // In a split view, a screen for the supplementary or secondary column becomes that column's
    // root, and the screens under it are those of the primary column.
    let inColumn = column != nil && column != .primary
    let location = StackLocation(tab: tab, column: column ?? .primary)
    let underLocation = inColumn ? StackLocation(tab: tab) : location
    let stack = wanted[stack: underLocation] ?? []
    // A route that names a tab claims its stack (see `underPath`).
    let resets = placement.tab != nil && wanted.tabs != nil
    let (kept, built, found) = Self.underPath(of: stack, under: under, link: screen.parameters, resets: resets)
    var screens = Array(stack.prefix(kept))
    screens += built.map { self.screen(for: $0, newID: newID) }
    var candidate = found
    if inColumn {
      wanted[stack: underLocation] = screens
      let columnStack = wanted[stack: location] ?? []
      candidate = columnStack.count == 1 ? columnStack.first : nil
    }
    let pushes = presentation.kind == .push || presentation.kind == .show
    if pushes, let top = candidate, top.target == screen.target, top.parameters == screen.parameters {
      // Already there: keep it (and, in a claimed tab, pop what is above it).
      if !inColumn { wanted[stack: location] = resets ? Array(stack.prefix(kept + 1)) : stack }
      return Placed(state: wanted, outcome: .found(top), screen: leaf)
    }
    if pushes, inColumn || screens.isEmpty {
      // An empty stack, or a split view's column: the screen becomes its root.
      leaf.id = newID(leaf.target)
      wanted[stack: location] = [leaf]
      return Placed(state: wanted, outcome: .rooted, screen: leaf)
    }
    // A column keeps its stack unless the screen became its root.
    if !inColumn { wanted[stack: location] = screens }
    leaf.id = newID(leaf.target)
    return Placed(state: wanted, outcome: .over(source: screens.last?.id), screen: leaf)
  }

  /// Whether the route presents its `under` screens and its own as one level.
  package var presentsStack: Bool { placement.presentsStack && presentation.isModal }

  /// How the level a route presenting its stack makes is presented: its presentation, except a
  /// popover, which holds one screen, becomes `present(popover)`, a navigation stack shown in a
  /// popover.
  package var stackPresentation: Presentation {
    presentation.kind == .popover ? .present(style: Presentation.popoverStyle) : presentation
  }

  /// How the link's own screen is shown: pushed onto the level its `under` screens make when it
  /// presents them with it, else with its presentation.
  package var leafPresentation: Presentation { presentsStack && !under.isEmpty ? .push : presentation }

  /// Places a route that presents its `under` screens and its own as one level.
  ///
  /// A presented level on top whose first screen is the path's is the link's own: it becomes
  /// exactly the path, reusing what matches, so the same link changes nothing and a link to a
  /// deeper screen pushes onto it. Otherwise the presented policy applies, the tab is selected,
  /// and the path is presented as a new level over the top screen.
  private func placeStack(on shown: NavigationState, newID: (String) -> String) throws(NavigationError) -> Placed {
    var wanted = shown
    var leaf = screen
    if let placed = try reuseTopLevel(of: shown, leaf: leaf, newID: newID) { return placed }
    let cleared = try clearPresented(in: &wanted)
    if cleared { try select(in: &wanted) }
    guard !under.isEmpty else {
      // Only the link's own screen: presented from the top screen, as any presentation is.
      leaf.id = newID(leaf.target)
      return Placed(state: wanted, outcome: .over(source: nil), screen: leaf)
    }
    let level = wanted.levelCount
    let stack = under.map { self.screen(for: $0, newID: newID) }
    _ = try wanted.show(NavigationTransition(stackPresentation, screen: stack[0]))
    wanted[level: level][stack: .primary] = stack
    leaf.id = newID(leaf.target)
    return Placed(state: wanted, outcome: .over(source: stack.last?.id), screen: leaf)
  }

  /// The placement on the presented level on top of `shown` when it is the link's own stack (its
  /// first screen the path's), or `nil`.
  private func reuseTopLevel(
    of shown: NavigationState, leaf: Screen, newID: (String) -> String
  ) throws(NavigationError) -> Placed? {
    let level = shown.levelCount - 1
    guard level > 0, let stack = shown[level: level][stack: .primary], let root = stack.first else {
      return nil
    }
    var wanted = shown
    var leaf = leaf
    guard let first = under.first else {
      // The level is the link's screen alone: the same link pops the level back to it.
      guard root.target == leaf.target, root.parameters == leaf.parameters else { return nil }
      wanted[level: level][stack: .primary] = [root]
      return Placed(state: wanted, outcome: .found(root), screen: leaf)
    }
    guard first.isShown(by: root, link: screen.parameters) else { return nil }
    let (kept, built, candidate) = Self.underPath(of: stack, under: under, link: screen.parameters, resets: true)
    if let candidate, candidate.target == leaf.target, candidate.parameters == leaf.parameters {
      wanted[level: level][stack: .primary] = Array(stack.prefix(kept + 1))
      return Placed(state: wanted, outcome: .found(candidate), screen: leaf)
    }
    let screens =
      Array(stack.prefix(kept))
      + built.map { self.screen(for: $0, newID: newID) }
    wanted[level: level][stack: .primary] = screens
    leaf.id = newID(leaf.target)
    return Placed(state: wanted, outcome: .over(source: screens.last?.id), screen: leaf)
  }

  /// The screen built for `entry` under the link's: its values taken from the link, and the
  /// link's URL, which it is bound from.
  private func screen(for entry: UnderScreen, newID: (String) -> String) -> Screen {
    Screen(
      id: newID(entry.target), target: entry.target, parameters: entry.values(from: screen.parameters),
      link: screen.link)
  }

  /// Takes the presentations off `wanted` as the policy says; `false` when the policy keeps them
  /// (the screen is shown over them).
  ///
  /// - Throws: `coveredByPresentation` when the policy refuses, or a presentation is held.
  private func clearPresented(in wanted: inout NavigationState) throws(NavigationError) -> Bool {
    guard let covering = wanted.presented?.state.stack.first else { return true }
    switch placement.presented ?? policy {
    case .keep:
      return false
    case .refuse:
      throw NavigationError(
        .coveredByPresentation,
        "the link to '\(screen.target)' does not open while '\(covering.id)' is presented (its policy is refuse)",
        screen: covering.id)
    case .dismiss:
      let presented = wanted.presented?.state.allScreens.map(\.id) ?? []
      if let kept = presented.first(where: held.contains) {
        throw NavigationError(
          .coveredByPresentation,
          "the link to '\(screen.target)' would dismiss '\(kept)', which is held as not dismissible", screen: kept)
      }
      wanted.presented = nil
      return true
    }
  }

  /// Selects the tab the route names, when the state has tabs.
  ///
  /// - Throws: `unknownTab` for a tab the tab bar does not have.
  private func select(in wanted: inout NavigationState) throws(NavigationError) {
    guard let tab = placement.tab, let tabs = wanted.tabs else { return }
    guard tabs[tab] != nil else {
      throw NavigationError(
        .unknownTab,
        "the link to '\(screen.target)' names the tab '\(tab)'; the tabs are \(tabs.ids.joined(separator: ", "))")
    }
    wanted.tabs?.selected = tab
  }

  /// How `stack` meets a route's `under` path.
  ///
  /// Returns how many of its screens stay, the screens to build on them, and the screen that may
  /// already be the link's. A claimed tab's stack (`resets`) becomes the path, reusing what
  /// matches (the same target, and the values the entry takes from `link`); any other is
  /// completed when it starts the path, and kept otherwise.
  static func underPath(
    of stack: [Screen], under: [UnderScreen], link: [String: String], resets: Bool
  ) -> (kept: Int, built: ArraySlice<UnderScreen>, candidate: Screen?) {
    if resets {
      let kept = zip(stack, under).prefix { $1.isShown(by: $0, link: link) }.count
      return (kept, under.dropFirst(kept), kept == under.count ? stack.dropFirst(kept).first : nil)
    }
    let starts = stack.count < under.count && zip(stack, under).allSatisfy { $1.isShown(by: $0, link: link) }
    return (stack.count, starts ? under.dropFirst(stack.count) : [], starts ? nil : stack.last)
  }
}

extension UnderScreen {
  /// Whether `screen` can stand for this one under a link whose values are `link`: the same
  /// target and, when this one takes values, the same values.
  func isShown(by screen: Screen, link: [String: String]) -> Bool {
    guard screen.target == target else { return false }
    return values(from: link).allSatisfy { screen.parameters[$0.key] == $0.value }
  }
}
