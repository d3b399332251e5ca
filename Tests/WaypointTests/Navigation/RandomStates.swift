import TestSupport
import Waypoint

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

  /// A state of up to three levels.
  mutating func state() -> NavigationState {
    var unused = pool.shuffled(using: &generator)
    return level(depth: 0, hasStack: true, unused: &unused) ?? NavigationState()
  }

  /// A state that shares most of `base`: a few random edits of it.
  mutating func variant(of base: NavigationState) -> NavigationState {
    var levels = base.levels
    var unused = pool.filter { screen in !base.allScreens.contains { $0.id == screen.id } }.shuffled(using: &generator)
    let depth = Int.random(in: 0..<levels.count, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0 where !levels[depth].path.isEmpty:
      levels[depth].path.removeLast(Int.random(in: 1...levels[depth].path.count, using: &generator))
    case 1 where levels[depth].hasNavigationStack && !unused.isEmpty:
      levels[depth].path.append(unused.removeLast())
    case 2 where depth > 0:
      levels.removeSubrange(depth...)
      levels[depth - 1].presented = nil
    case 3:
      levels[depth].detail = Bool.random(using: &generator) ? unused.popLast() : nil
    case 4 where levels[depth].root != nil && !unused.isEmpty:
      levels[depth].root?.children.append(unused.removeLast())
    default:
      return state()
    }
    let state = NavigationState(levels: levels)
    return Self.isShowable(state) ? state : base
  }

  private mutating func level(depth: Int, hasStack: Bool, unused: inout [Screen]) -> NavigationState? {
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
    if depth < 2, Bool.random(using: &generator) {
      let presentation = Self.presentations[Int.random(in: 0..<Self.presentations.count, using: &generator)]
      let sources = state.stack.map(\.id) + (state.detail.map { [$0.id] } ?? [])
      if let inner = level(depth: depth + 1, hasStack: presentation.kind != .popover, unused: &unused) {
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
    var level: NavigationState? = state
    while let current = level {
      if let presented = current.presented {
        let own = current.stack + (current.detail.map { [$0] } ?? [])
        func holds(_ screen: Screen) -> Bool { screen.id == presented.source || screen.children.contains(where: holds) }
        guard own.contains(where: holds), !presented.state.stack.isEmpty else { return false }
      }
      level = current.presented?.state
    }
    return true
  }
}
