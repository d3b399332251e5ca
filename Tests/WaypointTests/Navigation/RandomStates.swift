import TestSupport
import Waypoint
import WaypointAdapterSupport

/// Random navigation states for property tests, each a state a UI can really show: unique ids,
/// a popover level holds one screen, every presentation's source is on its level.
struct RandomStates {
  var generator: SeededGenerator
  /// Ids are drawn from a small pool, so two states often share screens.
  private var pool: [Screen]

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    pool = (1...14).map { number in
      Screen(
        id: "S\(number)", target: number % 3 == 0 ? "Editor" : "List",
        parameters: number % 4 == 0 ? ["id": "\(number)"] : [:])
    }
  }

  private static let presentations: [Presentation] = [
    .sheet, .popover, .fullScreen, .present(style: "formSheet"), .present(style: "automatic"), .custom(name: "banner"),
  ]

  /// A state of up to three levels; the root is a plain stack, a split view or a tab bar (whose
  /// tabs may hold split views), a third of the time each.
  mutating func state() -> NavigationState {
    var unused = pool.shuffled(using: &generator)
    var state = randomLevel(level: 0, hasStack: true, unused: &unused) ?? NavigationState()
    switch Int.random(in: 0..<3, using: &generator) {
    case 0:
      state.split = columns(&unused)
      state.detail = nil
    case 1:
      let ids = Array(["a", "b", "c"].shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)))
      var tabs = TabContainer(ids: ids)
      for index in tabs.tabs.indices {
        tabs.tabs[index].stack = index == 0 ? state.stack : stack(&unused)
        if Int.random(in: 0..<3, using: &generator) == 0 { tabs.tabs[index].split = columns(&unused) }
      }
      tabs.selected = ids.randomElement(using: &generator) ?? "a"
      state.tabs = tabs
      state.stack = []
      state.detail = nil
    default:
      break
    }
    if !Self.isShowable(state) { state.presented = nil }
    return state
  }

  /// Up to three screens with their children.
  private mutating func stack(_ unused: inout [Screen]) -> [Screen] {
    (0..<Int.random(in: 0...3, using: &generator)).compactMap { _ in unused.popLast().map { withChildren($0, &unused) }
    }
  }

  /// The columns of a two- or three-column split, maybe collapsed.
  private mutating func columns(_ unused: inout [Screen]) -> SplitColumns {
    let supplementary = Bool.random(using: &generator) ? stack(&unused) : nil
    return SplitColumns(
      supplementary: supplementary, secondary: stack(&unused), isCollapsed: Bool.random(using: &generator))
  }

  /// A state that shares most of `base`: a few random edits of it.
  mutating func variant(of base: NavigationState) -> NavigationState {
    var levels = base.levels
    var unused = pool.filter { screen in !base.allScreens.contains { $0.id == screen.id } }.shuffled(using: &generator)
    let level = Int.random(in: 0..<levels.count, using: &generator)
    let locations = base.locations
    let location = locations[Int.random(in: 0..<locations.count, using: &generator)]
    var root = base
    switch Int.random(in: 0..<10, using: &generator) {
    case 6 where base.tabs != nil:
      root.tabs?.selected = base.tabs?.ids.randomElement(using: &generator) ?? ""
      return Self.isShowable(root) ? root : base
    case 7 where location != .primary:
      var stack = root[stack: location] ?? []
      if !stack.isEmpty, Bool.random(using: &generator) {
        stack.removeLast(Int.random(in: 1...stack.count, using: &generator))
      } else if let screen = unused.popLast() {
        stack.append(screen)
      }
      root[stack: location] = stack
      return Self.isShowable(root) ? root : base
    case 8 where base.split(in: location.tab) != nil:
      var columns = base.split(in: location.tab)
      columns?.isCollapsed.toggle()
      _ = root.setSplitForTests(columns, in: location.tab)
      return root
    case 9 where base.tabs != nil || base.split != nil:
      _ = root.setSplitForTests(base.split(in: location.tab) == nil ? columns(&unused) : nil, in: location.tab)
      return Self.isShowable(root) ? root : base
    case 0 where !levels[level].path.isEmpty:
      levels[level].path.removeLast(Int.random(in: 1...levels[level].path.count, using: &generator))
    case 1 where levels[level].hasNavigationStack && levels[level].tabs == nil && !unused.isEmpty:
      levels[level].path.append(unused.removeLast())
    case 2 where level > 0:
      levels.removeSubrange(level...)
      levels[level - 1].presented = nil
    case 3 where levels[level].tabs == nil:
      levels[level].detail = Bool.random(using: &generator) ? unused.popLast() : nil
    case 4 where levels[level].root != nil && !unused.isEmpty:
      levels[level].root?.children.append(unused.removeLast())
    default:
      return state()
    }
    let state = NavigationState(levels: levels)
    return Self.isShowable(state) ? state : base
  }

  private mutating func randomLevel(level: Int, hasStack: Bool, unused: inout [Screen]) -> NavigationState? {
    guard let root = unused.popLast() else { return nil }
    var state = NavigationState(stack: [withChildren(root, &unused)], hasNavigationStack: hasStack)
    if hasStack {
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        guard let screen = unused.popLast() else { break }
        state.stack.append(withChildren(screen, &unused))
      }
    }
    if Int.random(in: 0..<4, using: &generator) == 0, let detail = unused.popLast() {
      state.detail = detail
    }
    if level < 2, Bool.random(using: &generator) {
      let presentation = Self.presentations[Int.random(in: 0..<Self.presentations.count, using: &generator)]
      let sources = state.stack.map(\.id) + (state.detail.map { [$0.id] } ?? [])
      if let inner = randomLevel(level: level + 1, hasStack: presentation.kind != .popover, unused: &unused) {
        state.presented = PresentedState(
          presentation: presentation, source: sources.randomElement(using: &generator), state: inner)
      }
    }
    return state
  }

  private mutating func withChildren(_ screen: Screen, _ unused: inout [Screen]) -> Screen {
    var screen = screen
    if Int.random(in: 0..<5, using: &generator) == 0, let child = unused.popLast() {
      screen.children.append(child)
    }
    return screen
  }

  /// Whether every presentation's source is on its level and ids are unique.
  static func isShowable(_ state: NavigationState) -> Bool {
    let ids = state.allScreens.map(\.id)
    guard Set(ids).count == ids.count else { return false }
    var levelState: NavigationState? = state
    while let current = levelState {
      if let presented = current.presented {
        let own = current.locations.flatMap { current[stack: $0] ?? [] } + (current.detail.map { [$0] } ?? [])
        func holds(_ screen: Screen) -> Bool { screen.id == presented.source || screen.children.contains(where: holds) }
        guard own.contains(where: holds), !presented.state.stack.isEmpty else { return false }
      }
      levelState = current.presented?.state
    }
    return true
  }
}

extension NavigationState {
  /// Gives the tab `tab` (or the root level) the split view `columns`, through the plan step
  /// that does it, then the columns' own stacks and collapse.
  mutating func setSplitForTests(_ columns: SplitColumns?, in tab: String?) -> Bool {
    guard (try? carryOut(.setSplit(columns?.style, tab: tab))) != nil else { return false }
    guard let columns else { return true }
    if let supplementary = columns.supplementary {
      self[stack: StackLocation(tab: tab, column: .supplementary)] = supplementary
    }
    self[stack: StackLocation(tab: tab, column: .secondary)] = columns.secondary
    if columns.isCollapsed { try? carryOut(.setCollapsed(true, tab: tab)) }
    return true
  }
}
