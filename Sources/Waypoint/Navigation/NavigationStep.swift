/// One operation of a UI, as a plain value: what a navigator over real views does to go from
/// the state it shows to another (``NavigationState/plan(to:)``).
///
/// Levels are counted from the bottom, as in ``NavigationState/levels``: depth 0 is the root
/// hierarchy, depth 1 what it presents. Screens in steps carry no children; children come as
/// their own `addChild` steps, so each step is one UIKit call.
public enum NavigationStep: Sendable, Equatable, CustomStringConvertible {
  /// Dismiss what the level at `depth` presents, with everything over it.
  case dismiss(depth: Int)
  /// Pop the stack of the level at `depth` back to `screen`.
  case popTo(screen: String, depth: Int)
  /// Push `screen` onto the stack of the level at `depth`.
  case push(Screen, depth: Int)
  /// Present `screen` from `source`, over the level at `depth`.
  case present(Screen, Presentation, source: String, depth: Int)
  /// Make `screen` the only screen of the root stack (or leave it empty), dismissing everything
  /// presented; the detail column stays.
  case setRoot(Screen?)
  /// Show `screen` (or nothing) in the detail column of the level at `depth`.
  case setDetail(Screen?, depth: Int)
  /// Add `screen` as the last child of `parent`.
  case addChild(Screen, parent: String)
  /// Take the child `screen` out of `parent`.
  case removeChild(screen: String, parent: String)

  /// A line such as `push Editor#2 @0`, `dismiss @1` or `setRoot List#1`.
  public var description: String {
    switch self {
    case .dismiss(let depth): return "dismiss @\(depth)"
    case .popTo(let screen, let depth): return "popTo \(screen) @\(depth)"
    case .push(let screen, let depth): return "push \(screen.id) @\(depth)"
    case .present(let screen, let presentation, let source, let depth):
      return "\(presentation) \(screen.id) from \(source) @\(depth)"
    case .setRoot(let screen): return "setRoot \(screen?.id ?? "nothing")"
    case .setDetail(let screen, let depth): return "setDetail \(screen?.id ?? "nothing") @\(depth)"
    case .addChild(let screen, let parent): return "addChild \(screen.id) to \(parent)"
    case .removeChild(let screen, let parent): return "removeChild \(screen) from \(parent)"
    }
  }
}

extension NavigationState {
  /// The steps that turn what is shown into `target`, in the order a UI performs them:
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
  /// Applying the steps with ``execute(_:)`` to this state gives `target`, as the plan tests
  /// check over random pairs of states.
  public func plan(to target: NavigationState) -> [NavigationStep] {
    var steps: [NavigationStep] = []
    if let root = stack.first, let targetRoot = target.stack.first, root.isSame(as: targetRoot) {
      Self.planLevel(from: self, to: target, depth: 0, into: &steps)
    } else if self != target {
      steps.append(.setRoot(target.stack.first?.withoutChildren))
      let rooted = NavigationState(stack: target.stack.prefix(1).map(\.withoutChildren), detail: detail)
      Self.planLevel(from: rooted, to: target, depth: 0, into: &steps)
    }
    return steps
  }

  /// Performs one step on the state, as a UI would.
  ///
  /// - Throws: `invalidStep` when the step does not fit (an unknown level or screen, a push onto
  ///   a level without a navigation stack, a presentation over a level already presenting); the
  ///   state is then unchanged.
  public mutating func execute(_ step: NavigationStep) throws(NavigationError) {
    switch step {
    case .dismiss(let depth):
      try checkStep(depth, step)
      guard self[depth: depth].presented != nil else { throw Self.invalidStep(step, "the level presents nothing") }
      self[depth: depth].presented = nil
    case .popTo(let id, let depth):
      try checkStep(depth, step)
      guard let index = self[depth: depth].stack.firstIndex(where: { $0.id == id }) else {
        throw Self.invalidStep(step, "'\(id)' is not in the level's stack")
      }
      self[depth: depth].stack.removeSubrange((index + 1)...)
    case .push(let screen, let depth):
      try checkStep(depth, step)
      guard self[depth: depth].hasNavigationStack else { throw Self.invalidStep(step, "the level has no stack") }
      self[depth: depth].stack.append(screen)
    case .present(let screen, let presentation, let source, let depth):
      try checkStep(depth, step)
      guard self[depth: depth].presented == nil else { throw Self.invalidStep(step, "the level already presents") }
      guard self[depth: depth].contains(levelScreen: source) else {
        throw Self.invalidStep(step, "'\(source)' is not on the level")
      }
      let state = NavigationState(stack: [screen], hasNavigationStack: presentation.kind != .popover)
      self[depth: depth].presented = PresentedState(presentation: presentation, source: source, state: state)
    case .setRoot(let screen):
      self = NavigationState(stack: screen.map { [$0] } ?? [], detail: detail, hasNavigationStack: hasNavigationStack)
    case .setDetail(let screen, let depth):
      try checkStep(depth, step)
      self[depth: depth].detail = screen
    case .addChild(let screen, let parent):
      guard (0..<depthCount).contains(where: { self[depth: $0].modifyScreen(parent) { $0.children.append(screen) } })
      else { throw Self.invalidStep(step, "'\(parent)' is not shown") }
    case .removeChild(let id, let parent):
      var found = false
      for depth in 0..<depthCount where !found {
        _ = self[depth: depth].modifyScreen(parent) { screen in
          guard let index = screen.children.firstIndex(where: { $0.id == id }) else { return }
          screen.children.remove(at: index)
          found = true
        }
      }
      guard found else { throw Self.invalidStep(step, "'\(parent)' has no child '\(id)'") }
    }
  }

  // MARK: - Planning one level

  /// Plans the level at `depth` from `current` to `target`, whose roots are the same screen (or
  /// which both have no stack).
  private static func planLevel(
    from current: NavigationState, to target: NavigationState, depth: Int, into steps: inout [NavigationStep]
  ) {
    let kept = commonPrefix(current.stack, target.stack)
    let keptDetail = current.detail.map { detail in target.detail.map(detail.isSame) ?? false } ?? false
    var keptIDs: Set<String> = []
    for index in 0..<kept { keptIDs.formUnion(keptScreens(current.stack[index], target.stack[index])) }
    if keptDetail, let detail = current.detail, let wanted = target.detail {
      keptIDs.formUnion(keptScreens(detail, wanted))
    }
    let keepsPresented =
      if let shown = current.presented, let wanted = target.presented, let shownRoot = shown.state.stack.first,
        let wantedRoot = wanted.state.stack.first
      {
        shown.presentation == wanted.presentation && shown.source == wanted.source
          && shownRoot.isSame(as: wantedRoot) && shown.source.map(keptIDs.contains) == true
      } else {
        false
      }
    if current.presented != nil, !keepsPresented { steps.append(.dismiss(depth: depth)) }
    if kept < current.stack.count, kept > 0 { steps.append(.popTo(screen: current.stack[kept - 1].id, depth: depth)) }
    for index in 0..<kept {
      planChildren(of: current.stack[index], to: target.stack[index], into: &steps)
    }
    for screen in target.stack.dropFirst(kept) {
      steps.append(.push(screen.withoutChildren, depth: depth))
      addChildren(of: screen, into: &steps)
    }
    if keptDetail, let detail = current.detail, let wanted = target.detail {
      planChildren(of: detail, to: wanted, into: &steps)
    } else if current.detail != nil || target.detail != nil {
      steps.append(.setDetail(target.detail?.withoutChildren, depth: depth))
      if let detail = target.detail { addChildren(of: detail, into: &steps) }
    }
    if keepsPresented, let shown = current.presented, let wanted = target.presented {
      planLevel(from: shown.state, to: wanted.state, depth: depth + 1, into: &steps)
    } else if let wanted = target.presented, let root = wanted.state.stack.first, let source = wanted.source {
      steps.append(.present(root.withoutChildren, wanted.presentation, source: source, depth: depth))
      let shown = NavigationState(stack: [root.withoutChildren], hasNavigationStack: wanted.state.hasNavigationStack)
      planLevel(from: shown, to: wanted.state, depth: depth + 1, into: &steps)
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

  private func checkStep(_ depth: Int, _ step: NavigationStep) throws(NavigationError) {
    guard depth >= 0, depth < depthCount else {
      throw Self.invalidStep(step, "there is no level at depth \(depth); the state has \(depthCount)")
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
