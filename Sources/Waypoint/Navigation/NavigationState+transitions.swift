extension NavigationState {
  /// Applies `transition` with the rules a real UI has, and returns what was done.
  ///
  /// - Throws: `invalidSource` when the source is not on screen, is covered by a presentation, is
  ///   already presenting, is not the top of its stack (for a push), or has no navigation stack.
  package mutating func show(_ transition: NavigationTransition) throws(NavigationError) -> NavigationChange {
    let screen = transition.screen
    if contains(screen.id) { throw Self.invalid("a screen with the id '\(screen.id)' is already shown") }
    switch transition.presentation.kind {
    case .replaceRoot:
      let previous = self
      self = NavigationState(stack: [screen])
      return .replacedRoot(screen: screen.id, previous: previous)
    case .none:
      return .nothing(screen: screen.id)
    default:
      break
    }
    let level = levelCount - 1
    guard let sourceID = transition.source ?? topScreen?.id else {
      throw Self.invalid("there is no screen to show '\(screen.target)' from; show a root first (replaceRoot)")
    }
    let levelState = self[level: level]
    if let tabs = levelState.tabs, let location = levelState.location(holding: sourceID), location.tab != tabs.selected
    {
      throw Self.invalid(
        "the source '\(sourceID)' is in the tab '\(location.tab ?? "")', which is not selected; select it first")
    }
    guard levelState.allScreens.contains(where: { $0.id == sourceID }) else {
      guard let covering = presentingLevel(of: sourceID).flatMap({ self[level: $0].presented?.state.stack.first })
      else {
        throw Self.invalid("the source '\(sourceID)' is not on screen")
      }
      throw Self.invalid(
        "'\(sourceID)' is already presenting '\(covering.id)'; it cannot show '\(screen.target)' until that is dismissed"
      )
    }
    switch transition.presentation {
    case .push:
      return try push(screen, from: sourceID, level: level)
    case .show:
      return self[level: level].hasNavigationStack
        ? try push(screen, from: sourceID, level: level)
        : present(screen, as: .present(style: "automatic"), from: sourceID, level: level)
    case .addChild:
      guard self[level: level].modifyScreen(sourceID, { $0.children.append(screen) }) else {
        throw Self.invalid("the source '\(sourceID)' is not on screen")
      }
      return .addedChild(screen: screen.id, parent: sourceID)
    case .showDetail:
      let tab = levelState.location(holding: sourceID)?.tab
      if let columns = levelState.split(in: tab) {
        self[level: level][stack: StackLocation(tab: tab, column: .secondary)] = [screen]
        return .replacedColumn(screen: screen.id, previous: columns.secondary)
      }
      let previous = self[level: level].detail
      self[level: level].detail = screen
      return .replacedDetail(screen: screen.id, previous: previous)
    default:
      return present(screen, as: transition.presentation, from: sourceID, level: level)
    }
  }

  /// Undoes `change` with its inverse: pop, dismiss, remove the child, restore the detail or the
  /// previous root.
  ///
  /// - Throws: `screenGone` when the screen the change showed is no longer where it was put.
  package mutating func remove(_ change: NavigationChange) throws(NavigationError) {
    switch change {
    case .pushed(let id):
      for level in 0..<levelCount {
        guard let location = self[level: level].location(holding: id),
          var stack = self[level: level][stack: location],
          let index = stack.firstIndex(where: { $0.id == id })
        else { continue }
        stack.removeSubrange(index...)
        self[level: level][stack: location] = stack
        dismissOrphanedPresentation(at: level)
        return
      }
    case .presented(let id):
      for level in 0..<levelCount where self[level: level].presented?.state.stack.first?.id == id {
        self[level: level].presented = nil
        return
      }
    case .replacedRoot(let id, let previous):
      if stack.first?.id == id {
        self = previous
        return
      }
    case .addedChild(let id, let parent):
      for level in 0..<levelCount {
        var removed = false
        _ = self[level: level].modifyScreen(parent) { screen in
          guard let index = screen.children.firstIndex(where: { $0.id == id }) else { return }
          screen.children.remove(at: index)
          removed = true
        }
        if removed {
          dismissOrphanedPresentation(at: level)
          return
        }
      }
    case .replacedDetail(let id, let previous):
      for level in 0..<levelCount where self[level: level].detail?.id == id {
        self[level: level].detail = previous
        dismissOrphanedPresentation(at: level)
        return
      }
    case .replacedColumn(let id, let previous):
      for level in 0..<levelCount {
        let levelState = self[level: level]
        guard let location = levelState.location(holding: id), location.column == .secondary,
          levelState[stack: location]?.first?.id == id
        else { continue }
        self[level: level][stack: location] = previous
        dismissOrphanedPresentation(at: level)
        return
      }
    case .nothing:
      break
    }
    throw NavigationError(.screenGone, "'\(change.screen)' is no longer where it was shown, so it cannot be removed")
  }

  /// Takes away what the level at `level` presents when its source is no longer on the level:
  /// a presentation leaves with its source, as in UIKit.
  mutating func dismissOrphanedPresentation(at level: Int) {
    guard let source = self[level: level].presented?.source,
      !self[level: level].contains(levelScreen: source)
    else {
      return
    }
    self[level: level].presented = nil
  }

  /// Whether `remove(_:)` would succeed now.
  package func canRemove(_ change: NavigationChange) -> Bool {
    if case .nothing = change { return false }
    var copy = self
    return (try? copy.remove(change)) != nil
  }

  // MARK: - Steps

  private mutating func push(_ screen: Screen, from sourceID: String, level: Int) throws(NavigationError)
    -> NavigationChange
  {
    let container = self[level: level]
    guard container.hasNavigationStack else {
      throw Self.invalid(
        "cannot push '\(screen.target)' from '\(sourceID)': it has no navigation stack (it is a popover)")
    }
    guard let location = container.location(holding: sourceID), let stack = container[stack: location],
      stack.last?.id == sourceID
    else {
      throw Self.invalid("cannot push '\(screen.target)' from '\(sourceID)': it is not the top of its navigation stack")
    }
    self[level: level][stack: location] = stack + [screen]
    return .pushed(screen: screen.id)
  }

  private mutating func present(
    _ screen: Screen, as presentation: Presentation, from sourceID: String, level: Int
  ) -> NavigationChange {
    let state = NavigationState(stack: [screen], hasNavigationStack: presentation.kind != .popover)
    self[level: level].presented = PresentedState(presentation: presentation, source: sourceID, state: state)
    return .presented(screen: screen.id)
  }

  /// The level of the state whose screens include `id`, when that state is presenting something.
  private func presentingLevel(of id: String) -> Int? {
    (0..<levelCount).first { level in
      let container = self[level: level]
      return container.presented != nil && container.contains(levelScreen: id)
    }
  }

  /// How many states are stacked: this one and each presented one.
  package var levelCount: Int { 1 + (presented?.state.levelCount ?? 0) }

  /// How the level `level` presents the next one, when it presents one with a root screen;
  /// `nil` for a level out of range.
  package func presentation(presentedBy level: Int) -> Presentation? {
    guard level >= 0, level < levelCount, let presented = self[level: level].presented,
      !presented.state.stack.isEmpty
    else { return nil }
    return presented.presentation
  }

  /// The state at `level` (0 is this one, 1 what it presents…).
  package subscript(level level: Int) -> NavigationState {
    get { level == 0 ? self : (presented?.state[level: level - 1] ?? self) }
    set {
      if level == 0 {
        self = newValue
      } else if var inner = presented {
        inner.state[level: level - 1] = newValue
        presented = inner
      }
    }
  }

  /// Runs `body` on the screen with `id` in the stack, the detail or among their children;
  /// returns whether it was found.
  mutating func modifyScreen(_ id: String, _ body: (inout Screen) -> Void) -> Bool {
    modifyScreen(where: { $0.id == id }, body)
  }

  /// Runs `body` on the first screen, depth first through the stacks then the detail, that
  /// `matches`; returns whether there was one.
  mutating func modifyScreen(where matches: (Screen) -> Bool, _ body: (inout Screen) -> Void) -> Bool {
    func visit(_ screens: inout [Screen]) -> Bool {
      for index in screens.indices {
        if matches(screens[index]) {
          body(&screens[index])
          return true
        }
        if visit(&screens[index].children) { return true }
      }
      return false
    }
    for location in locations {
      guard var screens = self[stack: location] else { continue }
      if visit(&screens) {
        self[stack: location] = screens
        return true
      }
    }
    guard var column = detail.map({ [$0] }), visit(&column) else { return false }
    detail = column[0]
    return true
  }

  private static func invalid(_ message: String) -> NavigationError {
    NavigationError(.invalidSource, message)
  }
}
