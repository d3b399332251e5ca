/// One operation of a UI, as a plain value: what a navigator over real views does to go from
/// the state it shows to another (`NavigationState.plan(to:)`).
///
/// Levels are counted from the bottom, as in `NavigationState.levels`: level 0 is the root
/// hierarchy, level 1 what it presents. Screens in steps carry no children; children come as
/// their own `addChild` steps, so each step is one UIKit call.
public enum NavigationStep: Sendable, Equatable, CustomStringConvertible {
  /// Dismiss what the level at `level` presents, with everything over it.
  case dismiss(level: Int)
  /// Pop the stack of the level at `level` back to `screen`.
  case popTo(screen: String, level: Int)
  /// Push `screen` onto the stack of the level at `level`.
  case push(Screen, level: Int)
  /// Present `screen` from `source`, over the level at `level`.
  case present(Screen, Presentation, source: String, level: Int)
  /// Make `screen` the only screen of the root stack (or leave it empty), dismissing everything
  /// presented and taking tabs away; the detail column and a split view's other columns stay.
  case setRoot(Screen?)
  /// Show `screen` (or nothing) in the detail column of the level at `level`.
  case setDetail(Screen?, level: Int)
  /// Add `screen` as the last child of `parent`.
  case addChild(Screen, parent: String)
  /// Take the child `screen` out of `parent`.
  case removeChild(screen: String, parent: String)
  /// Make the root level a tab bar with these tabs, empty and the first selected, dismissing
  /// everything presented (`nil`: an empty level without tabs). One `setViewControllers` of a tab
  /// bar controller.
  case setTabs([String]?)
  /// Select the tab `id` of the root level (a tab bar's `selectedIndex`).
  case selectTab(String)
  /// Give the tab `tab` (or the root level, for `nil`) a split view of `style` with empty columns
  /// beside its stack, or take its split view away (`nil`).
  case setSplit(SplitStyle?, tab: String?)
  /// Collapse the split view of the tab `tab` (or of the root level) to one column, or expand it.
  case setCollapsed(Bool, tab: String?)
  /// Make the stack at `location` on the root level `screens`, in one call (a navigation
  /// controller's `setViewControllers`); the leading screens that stay keep their children.
  case setStack([Screen], location: StackLocation)

  /// A line such as `push Editor#2 @0`, `dismiss @1`, `setRoot List#1` or
  /// `setStack inbox [Inbox#1, Thread#4]`.
  public var description: String {
    switch self {
    case .dismiss(let level): return "dismiss @\(level)"
    case .popTo(let screen, let level): return "popTo \(screen) @\(level)"
    case .push(let screen, let level): return "push \(screen.id) @\(level)"
    case .present(let screen, let presentation, let source, let level):
      return "\(presentation) \(screen.id) from \(source) @\(level)"
    case .setRoot(let screen): return "setRoot \(screen?.id ?? "nothing")"
    case .setDetail(let screen, let level): return "setDetail \(screen?.id ?? "nothing") @\(level)"
    case .addChild(let screen, let parent): return "addChild \(screen.id) to \(parent)"
    case .removeChild(let screen, let parent): return "removeChild \(screen) from \(parent)"
    case .setTabs(let ids): return "setTabs " + (ids.map { "[\($0.joined(separator: ", "))]" } ?? "nothing")
    case .selectTab(let id): return "selectTab \(id)"
    case .setSplit(let style, let tab): return "setSplit \(style.map(\.rawValue) ?? "nothing")" + Self.suffix(tab)
    case .setCollapsed(let collapsed, let tab): return (collapsed ? "collapse" : "expand") + Self.suffix(tab)
    case .setStack(let screens, let location):
      return "setStack \(location) [\(screens.map(\.id).joined(separator: ", "))]"
    }
  }

  private static func suffix(_ tab: String?) -> String {
    tab.map { " in \($0)" } ?? ""
  }
}

extension NavigationState {
  /// The steps that turn what is shown into `target`, in the order a UI carries them out:
  /// dismissals first, then pops, pushes, detail and children, then presentations.
  ///
  /// Screens that stay are not rebuilt: a screen is kept when it is the same screen (id, target,
  /// parameters and route) at the same place — the same level, presented the same way from the
  /// same source, with the same screens below it in its stack or parent. Everything else goes
  /// and is made anew.
  ///
  /// ```swift
  /// let steps = navigator.state.plan(to: saved)   // restore a saved hierarchy
  /// for step in steps { try await perform(step) }  // one UIKit call each
  /// ```
  ///
  /// Applying the steps with `carryOut(_:)` to this state gives `target`, as the plan tests
  /// check over random pairs of states.
  package func plan(to target: NavigationState) -> [NavigationStep] {
    var steps: [NavigationStep] = []
    if let ids = target.tabs?.ids {
      if tabs?.ids == ids {
        Self.planLevel(from: self, to: target, level: 0, into: &steps)
      } else {
        steps.append(.setTabs(ids))
        Self.planLevel(from: NavigationState(tabs: TabContainer(ids: ids)), to: target, level: 0, into: &steps)
      }
    } else if tabs == nil, let root = stack.first, let targetRoot = target.stack.first, root.isSame(as: targetRoot) {
      Self.planLevel(from: self, to: target, level: 0, into: &steps)
    } else if self != target {
      steps.append(.setRoot(target.stack.first?.withoutChildren))
      var rooted = NavigationState(
        stack: target.stack.prefix(1).map(\.withoutChildren), detail: tabs == nil ? detail : nil)
      rooted.split = split
      Self.planLevel(from: rooted, to: target, level: 0, into: &steps)
    }
    return steps
  }

  /// Performs one step on the state, as a UI would.
  ///
  /// - Throws: `invalidStep` when the step does not fit (an unknown level or screen, a push onto
  ///   a level without a navigation stack, a presentation over a level already presenting); the
  ///   state is then unchanged.
  package mutating func carryOut(_ step: NavigationStep) throws(NavigationError) {
    switch step {
    case .dismiss(let level):
      try checkStep(level, step)
      guard self[level: level].presented != nil else {
        throw Self.invalidStep(step, "the level presents nothing")
      }
      self[level: level].presented = nil
    case .popTo(let id, let level):
      try checkStep(level, step)
      guard let index = self[level: level].stack.firstIndex(where: { $0.id == id }) else {
        throw Self.invalidStep(step, "'\(id)' is not in the level's stack")
      }
      self[level: level].stack.removeSubrange((index + 1)...)
    case .push(let screen, let level):
      try checkStep(level, step)
      guard self[level: level].hasNavigationStack else {
        throw Self.invalidStep(step, "the level has no stack")
      }
      self[level: level].stack.append(screen)
    case .present(let screen, let presentation, let source, let level):
      try present(screen, presentation, from: source, level: level, step)
    case .setRoot(let screen):
      var next = NavigationState(
        stack: screen.map { [$0] } ?? [], detail: tabs == nil ? detail : nil, hasNavigationStack: hasNavigationStack)
      next.split = split
      self = next
    case .setDetail(let screen, let level):
      try checkStep(level, step)
      self[level: level].detail = screen
    case .addChild(let screen, let parent):
      guard
        (0..<levelCount).contains(where: { self[level: $0].modifyScreen(parent) { $0.children.append(screen) } })
      else { throw Self.invalidStep(step, "'\(parent)' is not shown") }
    case .removeChild(let id, let parent):
      try removeChild(id, of: parent, step)
    case .setTabs(let ids):
      try setTabs(ids, step)
    case .selectTab(let id):
      guard tabs?[id] != nil else { throw Self.invalidStep(step, "the root level has no tab '\(id)'") }
      tabs?.selected = id
    case .setSplit(let style, let tab):
      guard setSplit(style.map(SplitColumns.init), in: tab) else {
        throw Self.invalidStep(
          step, tab == nil ? "the root level has tabs" : "the root level has no tab '\(tab ?? "")'")
      }
    case .setCollapsed(let collapsed, let tab):
      guard var columns = split(in: tab) else { throw Self.invalidStep(step, "there is no split view there") }
      columns.isCollapsed = collapsed
      setSplit(columns, in: tab)
    case .setStack(let screens, let location):
      try setStack(screens, at: location, step)
    }
  }

  /// `screen` presented with `presentation` from `source` at `level` (the step `step`).
  private mutating func present(
    _ screen: Screen, _ presentation: Presentation, from source: String, level: Int, _ step: NavigationStep
  ) throws(NavigationError) {
    try checkStep(level, step)
    guard self[level: level].presented == nil else {
      throw Self.invalidStep(step, "the level already presents")
    }
    guard self[level: level].contains(levelScreen: source) else {
      throw Self.invalidStep(step, "'\(source)' is not on the level")
    }
    let state = NavigationState(stack: [screen], hasNavigationStack: presentation.kind != .popover)
    self[level: level].presented = PresentedState(presentation: presentation, source: source, state: state)
  }

  /// The child `id` of the screen `parent` removed, on whichever level shows it (the step `step`).
  private mutating func removeChild(_ id: String, of parent: String, _ step: NavigationStep) throws(NavigationError) {
    var found = false
    for level in 0..<levelCount where !found {
      _ = self[level: level].modifyScreen(parent) { screen in
        guard let index = screen.children.firstIndex(where: { $0.id == id }) else { return }
        screen.children.remove(at: index)
        found = true
      }
    }
    guard found else { throw Self.invalidStep(step, "'\(parent)' has no child '\(id)'") }
  }

  /// A tab bar of `ids` as the whole state, or none (the step `step`).
  private mutating func setTabs(_ ids: [String]?, _ step: NavigationStep) throws(NavigationError) {
    guard let ids else {
      self = NavigationState()
      return
    }
    guard !ids.isEmpty, Set(ids).count == ids.count else {
      throw Self.invalidStep(step, "a tab bar needs at least one tab, each with its own id")
    }
    self = NavigationState(tabs: TabContainer(ids: ids))
  }

  /// The stack at `location` set to `screens`, the children of the screens it keeps kept (the step
  /// `step`).
  private mutating func setStack(_ screens: [Screen], at location: StackLocation, _ step: NavigationStep)
    throws(NavigationError)
  {
    guard let current = self[stack: location] else { throw Self.invalidStep(step, "the root level has no such stack") }
    var next = screens
    for index in 0..<Self.commonPrefix(current, screens) { next[index].children = current[index].children }
    self[stack: location] = next
  }

  // MARK: - Planning one level

  /// Plans the level at `level` from `current` to `target`, whose roots are the same screen (or
  /// which both have no stack).
  private static func planLevel(
    from current: NavigationState, to target: NavigationState, level: Int, into steps: inout [NavigationStep]
  ) {
    // What the level's containers become first: split views given, changed or taken away (a new
    // or restyled split starts with empty columns).
    var shaped = current
    var shapeSteps: [NavigationStep] = []
    let owners: [String?] = level == 0 ? target.tabs.map { $0.ids.map(Optional.some) } ?? [nil] : []
    for tab in owners where current.split(in: tab)?.style != target.split(in: tab)?.style {
      let style = target.split(in: tab)?.style
      shapeSteps.append(.setSplit(style, tab: tab))
      shaped.setSplit(style.map(SplitColumns.init), in: tab)
    }
    let locations = level == 0 ? target.locations : [.primary]
    let kept = locations.map { commonPrefix(shaped[stack: $0] ?? [], target[stack: $0] ?? []) }
    let keptDetail = current.detail.map { detail in target.detail.map(detail.isSame) ?? false } ?? false
    var keptIDs: Set<String> = []
    for (location, count) in zip(locations, kept) {
      let (shown, wanted) = (shaped[stack: location] ?? [], target[stack: location] ?? [])
      for index in 0..<count { keptIDs.formUnion(keptScreens(shown[index], wanted[index])) }
    }
    if keptDetail, let detail = current.detail, let wanted = target.detail {
      keptIDs.formUnion(keptScreens(detail, wanted))
    }
    let keepsPresented = keepsPresentation(of: current, for: target, keeping: keptIDs)
    // A split view given to or taken from the root level replaces the controller that presents.
    let replacesPresenter = shapeSteps.contains { step in
      if case .setSplit(_, nil) = step { return true }
      return false
    }
    if current.presented != nil, !keepsPresented || replacesPresenter { steps.append(.dismiss(level: level)) }
    steps += shapeSteps
    if let selected = target.tabs?.selected, shaped.tabs?.selected != selected { steps.append(.selectTab(selected)) }
    for (location, count) in zip(locations, kept) {
      planStack(
        at: location, from: shaped[stack: location] ?? [], to: target[stack: location] ?? [], keeping: count,
        level: level, into: &steps)
    }
    for tab in owners {
      if let wanted = target.split(in: tab), shaped.split(in: tab)?.isCollapsed != wanted.isCollapsed {
        steps.append(.setCollapsed(wanted.isCollapsed, tab: tab))
      }
    }
    if keptDetail, let detail = current.detail, let wanted = target.detail {
      planChildren(of: detail, to: wanted, into: &steps)
    } else if current.detail != nil || target.detail != nil {
      steps.append(.setDetail(target.detail?.withoutChildren, level: level))
      if let detail = target.detail { addChildren(of: detail, into: &steps) }
    }
    if keepsPresented, !replacesPresenter, let shown = current.presented, let wanted = target.presented {
      planLevel(from: shown.state, to: wanted.state, level: level + 1, into: &steps)
    } else if let wanted = target.presented, let root = wanted.state.stack.first, let source = wanted.source {
      steps.append(.present(root.withoutChildren, wanted.presentation, source: source, level: level))
      let shown = NavigationState(stack: [root.withoutChildren], hasNavigationStack: wanted.state.hasNavigationStack)
      planLevel(from: shown, to: wanted.state, level: level + 1, into: &steps)
    }
  }

  /// Whether the level's presentation stays: the same presentation of the same root from the
  /// same source, a screen the plan keeps.
  private static func keepsPresentation(
    of current: NavigationState, for target: NavigationState, keeping keptIDs: Set<String>
  ) -> Bool {
    guard let shown = current.presented, let wanted = target.presented, let shownRoot = shown.state.stack.first,
      let wantedRoot = wanted.state.stack.first
    else { return false }
    return shown.presentation == wanted.presentation && shown.source == wanted.source
      && shownRoot.isSame(as: wantedRoot) && shown.source.map(keptIDs.contains) == true
  }

  /// The steps from the stack `shown` at `location` to `wanted`, keeping their first `count`
  /// screens: the level's own stack pops and pushes (which a navigator batches), a tab's or a
  /// column's is set whole.
  private static func planStack(
    at location: StackLocation, from shown: [Screen], to wanted: [Screen], keeping count: Int, level: Int,
    into steps: inout [NavigationStep]
  ) {
    if location == .primary {
      if count < shown.count, count > 0 { steps.append(.popTo(screen: shown[count - 1].id, level: level)) }
    } else if count < shown.count || count < wanted.count {
      steps.append(.setStack(wanted.map(\.withoutChildren), location: location))
    }
    for index in 0..<count { planChildren(of: shown[index], to: wanted[index], into: &steps) }
    for screen in wanted.dropFirst(count) {
      if location == .primary { steps.append(.push(screen.withoutChildren, level: level)) }
      addChildren(of: screen, into: &steps)
    }
  }

  /// Children kept as a common prefix; the rest of the current ones removed (last first) and the
  /// rest of the target's added.
  private static func planChildren(of current: Screen, to target: Screen, into steps: inout [NavigationStep]) {
    let kept = commonPrefix(current.children, target.children)
    for child in current.children.dropFirst(kept).reversed() {
      steps.append(.removeChild(screen: child.id, parent: current.id))
    }
    for index in 0..<kept {
      planChildren(of: current.children[index], to: target.children[index], into: &steps)
    }
    for child in target.children.dropFirst(kept) {
      steps.append(.addChild(child.withoutChildren, parent: current.id))
      addChildren(of: child, into: &steps)
    }
  }

  /// The ids of `current` and of the children that stay under it, for the same screen `target`.
  private static func keptScreens(_ current: Screen, _ target: Screen) -> [String] {
    let kept = commonPrefix(current.children, target.children)
    return [current.id] + (0..<kept).flatMap { keptScreens(current.children[$0], target.children[$0]) }
  }

  private static func addChildren(of screen: Screen, into steps: inout [NavigationStep]) {
    for child in screen.children {
      steps.append(.addChild(child.withoutChildren, parent: screen.id))
      addChildren(of: child, into: &steps)
    }
  }

  /// How many leading screens of `current` and `target` are the same screen.
  private static func commonPrefix(_ current: [Screen], _ target: [Screen]) -> Int {
    zip(current, target).prefix { $0.isSame(as: $1) }.count
  }

  private func checkStep(_ level: Int, _ step: NavigationStep) throws(NavigationError) {
    guard level >= 0, level < levelCount else {
      throw Self.invalidStep(step, "there is no level \(level); the state has \(levelCount)")
    }
  }

  private static func invalidStep(_ step: NavigationStep, _ reason: String) -> NavigationError {
    NavigationError(.invalidStep, "cannot \(step): \(reason)")
  }
}

extension Screen {
  /// Whether `other` shows the same thing: the same id, target, parameters and route (children
  /// aside).
  func isSame(as other: Screen) -> Bool {
    id == other.id && target == other.target && parameters == other.parameters && route == other.route
  }

  /// The screen with no children.
  var withoutChildren: Screen {
    var screen = self
    screen.children = []
    return screen
  }
}
