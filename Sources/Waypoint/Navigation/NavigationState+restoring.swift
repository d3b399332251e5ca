/// A saved state made fit for the app as it is now: an earlier version may have saved screens,
/// routes, tabs and columns this one no longer has.
extension NavigationState {
  /// A screen of a saved state left out when it was restored, and why.
  package struct LeftOut: Sendable, Equatable {
    /// The screen, or `nil` for a part that is not a screen (a tab, a column).
    package var screen: Screen?
    /// Why it was left out.
    package var reason: String

    /// `screen`, left out for `reason`, and each screen under it (its children).
    static func all(_ screen: Screen, _ reason: String) -> [LeftOut] {
      [LeftOut(screen: screen, reason: reason)]
        + screen.children.flatMap { all($0, "it was a child of '\(screen.id)', which is left out") }
    }
  }

  /// The saved state `self` fitted onto `start` (the app's first state now), or `nil` when it is
  /// not usable at all and the app starts fresh (the reason in `leftOut`).
  ///
  /// - The shape is `start`'s: its tabs, in its order, each with the saved tab's stacks when the
  ///   saved state has that tab (a tab the app lost is left out; a new one is `start`'s); the
  ///   saved selection when that tab still exists; split columns as `start` has them (a column
  ///   the app lost is left out). A saved root of another kind (a tab bar for a stack) starts
  ///   fresh.
  /// - A stack keeps its screens up to the first one `problem` finds fault with; that one and
  ///   the screens over it are left out. A stack left empty takes `start`'s root back.
  /// - A presented level whose root is left out is left out with every level over it.
  /// - Two screens with one id make the saved state unusable: it starts fresh.
  ///
  /// - Parameters:
  ///   - start: The app's first state now.
  ///   - problem: Why a screen cannot be shown now (its target is not registered, its route is
  ///     gone), or `nil` when it can.
  /// - Returns: The state to show, and what was left out, in order.
  package func restored(
    onto start: NavigationState, problem: (Screen) -> String?
  ) -> (state: NavigationState?, leftOut: [LeftOut]) {
    var leftOut: [LeftOut] = []
    let ids = allScreens.map(\.id)
    if Set(ids).count != ids.count {
      return (nil, [LeftOut(reason: "the saved state holds two screens with one id; the app starts fresh")])
    }
    guard (tabs == nil) == (start.tabs == nil) else {
      let saved = tabs == nil ? "a stack" : "a tab bar"
      let now = start.tabs == nil ? "a stack" : "a tab bar"
      return (
        nil, [LeftOut(reason: "the saved state's root is \(saved), the app's is now \(now); the app starts fresh")]
      )
    }
    var root = rootLevel(onto: start, problem: problem, leftOut: &leftOut)
    let levels = presentedLevels(problem: problem, leftOut: &leftOut)
    var chain: PresentedState?
    for var levelState in levels.reversed() {
      levelState.state.presented = chain
      chain = levelState
    }
    root.presented = chain
    // A presentation's source that is gone now: it is shown from the level's top screen.
    for level in 0..<root.levelCount where level + 1 < root.levelCount {
      let levelState = root[level: level]
      if let source = levelState.presented?.source, !levelState.ownScreens.contains(where: { $0.id == source }) {
        root[level: level].presented?.source = nil
      }
    }
    // What `start` brings (a new tab's screens, a root put back) may share an id with a saved screen.
    let kept = root.allScreens.map(\.id)
    guard Set(kept).count == kept.count else {
      return (
        nil, [LeftOut(reason: "the saved screens' ids clash with the app's first state now; the app starts fresh")]
      )
    }
    return (root, leftOut)
  }

  /// The screens of this level alone, without the levels presented over it.
  fileprivate var ownScreens: [Screen] {
    var levelState = self
    levelState.presented = nil
    return levelState.allScreens
  }

  /// The root level of the saved state (no presented levels) in `start`'s shape.
  private func rootLevel(
    onto start: NavigationState, problem: (Screen) -> String?, leftOut: inout [LeftOut]
  ) -> NavigationState {
    var root = start
    root.presented = nil
    if let startTabs = start.tabs, let savedTabs = tabs {
      for tab in savedTabs.tabs where startTabs[tab.id] == nil {
        leftOut.append(LeftOut(reason: "the tab '\(tab.id)' is gone"))
        leftOut += tab.allScreens.flatMap { LeftOut.all($0, "its tab '\(tab.id)' is gone") }
      }
      root.tabs?.tabs = startTabs.tabs.map { fresh in
        guard let saved = savedTabs[fresh.id] else { return fresh }
        var tab = fresh
        tab.stack = Self.kept(saved.stack, else: fresh.stack, problem: problem, leftOut: &leftOut)
        tab.split = Self.columns(saved.split, onto: fresh.split, in: "the tab '\(fresh.id)'", problem, &leftOut)
        return tab
      }
      if startTabs[savedTabs.selected] != nil { root.tabs?.selected = savedTabs.selected }
    } else {
      root.stack = Self.kept(stack, else: start.stack, problem: problem, leftOut: &leftOut)
      root.split = Self.columns(split, onto: start.split, in: "the root level", problem, &leftOut)
      root.hasNavigationStack = start.hasNavigationStack
    }
    if let detail {
      if let reason = problem(detail) {
        leftOut += LeftOut.all(detail, reason)
      } else {
        root.detail = detail.keepingChildren(problem: problem, leftOut: &leftOut)
      }
    }
    return root
  }

  /// The saved presented levels, bottom up, until one cannot be shown (it and those over it are
  /// left out).
  private func presentedLevels(problem: (Screen) -> String?, leftOut: inout [LeftOut]) -> [PresentedState] {
    var levels: [PresentedState] = []
    var next = presented
    while let levelState = next {
      next = levelState.state.presented
      if levelState.state.tabs != nil || levelState.state.split != nil {
        leftOut += levelState.state.ownScreens.map {
          LeftOut(screen: $0, reason: "a presented tab bar or split view is not restored")
        }
        break
      }
      let kept = Self.kept(levelState.state.stack, else: [], problem: problem, leftOut: &leftOut)
      guard !kept.isEmpty else { break }
      var state = NavigationState(stack: kept)
      state.hasNavigationStack = levelState.state.hasNavigationStack
      levels.append(PresentedState(presentation: levelState.presentation, source: levelState.source, state: state))
    }
    while let gone = next {
      leftOut += gone.state.ownScreens.map { LeftOut(screen: $0, reason: "a level under it cannot be shown") }
      next = gone.state.presented
    }
    return levels
  }

  /// `saved` up to its first screen that cannot be shown (that one and those over it go to
  /// `leftOut`), with the children that can; `fallback` when nothing is left.
  private static func kept(
    _ saved: [Screen], else fallback: [Screen], problem: (Screen) -> String?, leftOut: inout [LeftOut]
  ) -> [Screen] {
    var kept: [Screen] = []
    for (index, screen) in saved.enumerated() {
      if let reason = problem(screen) {
        leftOut += LeftOut.all(screen, reason)
        leftOut += saved.dropFirst(index + 1).flatMap {
          LeftOut.all($0, "it was over '\(screen.id)', which is left out")
        }
        break
      }
      kept.append(screen.keepingChildren(problem: problem, leftOut: &leftOut))
    }
    return kept.isEmpty ? fallback : kept
  }

  /// The saved columns where `start` has a split view; a column `start` lacks is left out.
  private static func columns(
    _ saved: SplitColumns?, onto fresh: SplitColumns?, in place: String, _ problem: (Screen) -> String?,
    _ leftOut: inout [LeftOut]
  ) -> SplitColumns? {
    guard let fresh else {
      if let saved {
        leftOut += ((saved.supplementary ?? []) + saved.secondary).flatMap {
          LeftOut.all($0, "\(place) has no split view now")
        }
      }
      return nil
    }
    guard let saved else { return fresh }
    var columns = fresh
    columns.isCollapsed = saved.isCollapsed
    columns.secondary = kept(saved.secondary, else: fresh.secondary, problem: problem, leftOut: &leftOut)
    if fresh.supplementary != nil {
      columns.supplementary = kept(
        saved.supplementary ?? [], else: fresh.supplementary ?? [], problem: problem, leftOut: &leftOut)
    } else if let lost = saved.supplementary {
      leftOut += lost.flatMap { LeftOut.all($0, "\(place) has no supplementary column now") }
    }
    return columns
  }
}

extension Screen {
  /// The screen with the children that can be shown; the others go to `leftOut`.
  fileprivate func keepingChildren(
    problem: (Screen) -> String?, leftOut: inout [NavigationState.LeftOut]
  ) -> Screen {
    var screen = self
    screen.children = children.compactMap { child in
      if let reason = problem(child) {
        leftOut += NavigationState.LeftOut.all(child, reason)
        return nil
      }
      return child.keepingChildren(problem: problem, leftOut: &leftOut)
    }
    return screen
  }
}

extension NavigationTab {
  /// Every screen of the tab: its stack and its columns.
  fileprivate var allScreens: [Screen] {
    stack + (split?.supplementary ?? []) + (split?.secondary ?? [])
  }
}
