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
    let levelIndex = levelCount - 1
    guard let sourceID = transition.source ?? topScreen?.id else {
      throw Self.invalid("there is no screen to show '\(screen.target)' from; show a root first (replaceRoot)")
    }
    let level = self[levelIndex: levelIndex]
    if let tabs = level.tabs, let location = level.location(holding: sourceID), location.tab != tabs.selected {
      throw Self.invalid(
        "the source '\(sourceID)' is in the tab '\(location.tab ?? "")', which is not selected; select it first")
    }
    guard level.allScreens.contains(where: { $0.id == sourceID }) else {
      guard let covering = presentingLevel(of: sourceID).flatMap({ self[levelIndex: $0].presented?.state.stack.first })
      else {
        throw Self.invalid("the source '\(sourceID)' is not on screen")
      }
      throw Self.invalid(
        "'\(sourceID)' is already presenting '\(covering.id)'; it cannot show '\(screen.target)' until that is dismissed"
      )
    }
    switch transition.presentation {
    case .push:
      return try push(screen, from: sourceID, levelIndex: levelIndex)
    case .show:
      return self[levelIndex: levelIndex].hasNavigationStack
        ? try push(screen, from: sourceID, levelIndex: levelIndex)
        : present(screen, as: .present(style: "automatic"), from: sourceID, levelIndex: levelIndex)
    case .addChild:
      guard self[levelIndex: levelIndex].modifyScreen(sourceID, { $0.children.append(screen) }) else {
        throw Self.invalid("the source '\(sourceID)' is not on screen")
      }
      return .addedChild(screen: screen.id, parent: sourceID)
    case .showDetail:
      let tab = level.location(holding: sourceID)?.tab
      if let columns = level.split(in: tab) {
        self[levelIndex: levelIndex][stack: StackLocation(tab: tab, column: .secondary)] = [screen]
        return .replacedColumn(screen: screen.id, previous: columns.secondary)
      }
      let previous = self[levelIndex: levelIndex].detail
      self[levelIndex: levelIndex].detail = screen
      return .replacedDetail(screen: screen.id, previous: previous)
    default:
      return present(screen, as: transition.presentation, from: sourceID, levelIndex: levelIndex)
    }
  }

  /// Undoes `change` with its inverse: pop, dismiss, remove the child, restore the detail or the
  /// previous root.
  ///
  /// - Throws: `screenGone` when the screen the change showed is no longer where it was put.
  package mutating func remove(_ change: NavigationChange) throws(NavigationError) {
    switch change {
    case .pushed(let id):
      for levelIndex in 0..<levelCount {
        guard let location = self[levelIndex: levelIndex].location(holding: id),
          var stack = self[levelIndex: levelIndex][stack: location],
          let index = stack.firstIndex(where: { $0.id == id })
        else { continue }
        stack.removeSubrange(index...)
        self[levelIndex: levelIndex][stack: location] = stack
        dismissOrphanedPresentation(at: levelIndex)
        return
      }
    case .presented(let id):
      for levelIndex in 0..<levelCount where self[levelIndex: levelIndex].presented?.state.stack.first?.id == id {
        self[levelIndex: levelIndex].presented = nil
        return
      }
    case .replacedRoot(let id, let previous):
      if stack.first?.id == id {
        self = previous
        return
      }
    case .addedChild(let id, let parent):
      for levelIndex in 0..<levelCount {
        var removed = false
        _ = self[levelIndex: levelIndex].modifyScreen(parent) { screen in
          guard let index = screen.children.firstIndex(where: { $0.id == id }) else { return }
          screen.children.remove(at: index)
          removed = true
        }
        if removed {
          dismissOrphanedPresentation(at: levelIndex)
          return
        }
      }
    case .replacedDetail(let id, let previous):
      for levelIndex in 0..<levelCount where self[levelIndex: levelIndex].detail?.id == id {
        self[levelIndex: levelIndex].detail = previous
        dismissOrphanedPresentation(at: levelIndex)
        return
      }
    case .replacedColumn(let id, let previous):
      for levelIndex in 0..<levelCount {
        let level = self[levelIndex: levelIndex]
        guard let location = level.location(holding: id), location.column == .secondary,
          level[stack: location]?.first?.id == id
        else { continue }
        self[levelIndex: levelIndex][stack: location] = previous
        dismissOrphanedPresentation(at: levelIndex)
        return
      }
    case .nothing:
      break
    }
    throw NavigationError(.screenGone, "'\(change.screen)' is no longer where it was shown, so it cannot be removed")
  }

  /// Takes away what the level at `levelIndex` presents when its source is no longer on the level:
  /// a presentation leaves with its source, as in UIKit.
  mutating func dismissOrphanedPresentation(at levelIndex: Int) {
    guard let source = self[levelIndex: levelIndex].presented?.source,
      !self[levelIndex: levelIndex].contains(levelScreen: source)
    else {
      return
    }
    self[levelIndex: levelIndex].presented = nil
  }

  /// Whether `remove(_:)` would succeed now.
  package func canRemove(_ change: NavigationChange) -> Bool {
    if case .nothing = change { return false }
    var copy = self
    return (try? copy.remove(change)) != nil
  }

  // MARK: - Steps

  private mutating func push(_ screen: Screen, from sourceID: String, levelIndex: Int) throws(NavigationError)
    -> NavigationChange
  {
    let container = self[levelIndex: levelIndex]
    guard container.hasNavigationStack else {
      throw Self.invalid(
        "cannot push '\(screen.target)' from '\(sourceID)': it has no navigation stack (it is a popover)")
    }
    guard let location = container.location(holding: sourceID), let stack = container[stack: location],
      stack.last?.id == sourceID
    else {
      throw Self.invalid("cannot push '\(screen.target)' from '\(sourceID)': it is not the top of its navigation stack")
    }
    self[levelIndex: levelIndex][stack: location] = stack + [screen]
    return .pushed(screen: screen.id)
  }

  private mutating func present(
    _ screen: Screen, as presentation: Presentation, from sourceID: String, levelIndex: Int
  ) -> NavigationChange {
    let state = NavigationState(stack: [screen], hasNavigationStack: presentation.kind != .popover)
    self[levelIndex: levelIndex].presented = PresentedState(presentation: presentation, source: sourceID, state: state)
    return .presented(screen: screen.id)
  }

  /// The level of the state whose screens include `id`, when that state is presenting something.
  private func presentingLevel(of id: String) -> Int? {
    (0..<levelCount).first { levelIndex in
      let container = self[levelIndex: levelIndex]
      return container.presented != nil && container.contains(levelScreen: id)
    }
  }

  /// How many states are stacked: this one and each presented one.
  var levelCount: Int { 1 + (presented?.state.levelCount ?? 0) }

  /// The state at `levelIndex` (0 is this one, 1 what it presents…).
  subscript(levelIndex levelIndex: Int) -> NavigationState {
    get { levelIndex == 0 ? self : (presented?.state[levelIndex: levelIndex - 1] ?? self) }
    set {
      if levelIndex == 0 {
        self = newValue
      } else if var inner = presented {
        inner.state[levelIndex: levelIndex - 1] = newValue
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
