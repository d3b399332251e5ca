import Foundation
import Synchronization
import TestSupport
import Testing
import Waypoint

/// States saved by an earlier version of an app, restored by a later one that lost screens,
/// routes, tabs and columns.
@MainActor
@Suite("Saved states meet a new version")
struct SavedStateTests {
  final class ScreenA {}
  final class ScreenB {}
  final class ScreenC {}
  final class ScreenD {}
  final class ScreenE {}
  final class ScreenF {}

  /// Every event the router's observers hear.
  final class Heard: RouteObserver {
    private let events = Mutex<[RouteEvent]>([])
    var all: [RouteEvent] { events.withLock { $0 } }
    func dropped(_ event: RouteEvent) { events.withLock { $0.append(event) } }
  }

  static let targets = ["A", "B", "C", "D", "E", "F"]
  static let tabIDs = ["notes", "search", "settings", "extra"]
  static let routeNames = ["a", "b", "c", "d", "e", "f"]

  /// A version of the app: some of the screens, a manifest of some of the routes, and a first
  /// state of tabs or a stack.
  static func version(_ random: inout SeededGenerator, heard: Heard) throws -> WaypointApp {
    var registered = Set(targets.filter { _ in Bool.random(using: &random) })
    registered.insert("A")  // every first state's roots
    var routes = RouterBuilder()
    routes.observe(heard)
    // The version's manifest: some of the routes, to screens it has.
    let kept = zip(routeNames, targets).filter { registered.contains($0.1) && Bool.random(using: &random) }
    let entries = kept.map { #"{"name": "\#($0.0)", "pattern": "app://\#($0.0)/<int:id>", "target": "\#($0.1)"}"# }
    routes.add(try RouteManifest(json: #"{"routes": [\#(entries.joined(separator: ", "))]}"#))
    let start = firstState(&random)
    return try WaypointApp(routes: routes, start: start) { screens in
      func add<T>(_ type: T.Type, _ target: String, _ make: @escaping @MainActor () -> T) {
        guard registered.contains(target) else { return }
        screens.registerScreen(type, target: target) { _, _ in make() }
      }
      add(ScreenA.self, "A") { ScreenA() }
      add(ScreenB.self, "B") { ScreenB() }
      add(ScreenC.self, "C") { ScreenC() }
      add(ScreenD.self, "D") { ScreenD() }
      add(ScreenE.self, "E") { ScreenE() }
      add(ScreenF.self, "F") { ScreenF() }
    }
  }

  static func firstState(_ random: inout SeededGenerator) -> NavigationState {
    let split = { (random: inout SeededGenerator) -> SplitColumns? in
      switch Int.random(in: 0..<4, using: &random) {
      case 0: SplitColumns()
      case 1: SplitColumns(.tripleColumn)
      default: nil
      }
    }
    guard Bool.random(using: &random) else {
      var state = NavigationState(stack: [Screen(id: "A#root", target: "A")])
      state.split = split(&random)
      return state
    }
    let ids = tabIDs.filter { _ in Bool.random(using: &random) }
    let tabs = (ids.isEmpty ? ["notes"] : ids).map {
      NavigationTab(id: $0, stack: [Screen(id: "A#\($0)", target: "A")], split: split(&random))
    }
    return NavigationState(tabs: TabContainer(tabs, selected: tabs.randomElement(using: &random)?.id))
  }

  /// A state an earlier version saved: its own tabs, columns, screens and routes, mostly with a
  /// root of the kind `start` has.
  static func savedState(_ random: inout SeededGenerator, like start: NavigationState) -> NavigationState {
    var next = 0
    func screens(_ count: Int, _ random: inout SeededGenerator) -> [Screen] {
      (0..<count).map { _ in
        next += 1
        let index = Int.random(in: 0..<7, using: &random)
        let target = index < 6 ? targets[index] : "Gone"
        var screen = Screen(id: "\(target)#\(next)", target: target, parameters: ["id": "\(next)"])
        if Int.random(in: 0..<3, using: &random) == 0 { screen.route = "gone-route" }
        if index < 6, Bool.random(using: &random) { screen.route = routeNames[index] }
        if Int.random(in: 0..<8, using: &random) == 0 {
          next += 1
          screen.children = [Screen(id: "B#\(next)", target: Bool.random(using: &random) ? "B" : "Gone")]
        }
        return screen
      }
    }
    func columns(_ random: inout SeededGenerator) -> SplitColumns? {
      guard Bool.random(using: &random) else { return nil }
      return SplitColumns(
        supplementary: Bool.random(using: &random) ? screens(Int.random(in: 0..<3, using: &random), &random) : nil,
        secondary: screens(Int.random(in: 0..<3, using: &random), &random), isCollapsed: Bool.random(using: &random))
    }
    var state: NavigationState
    // Mostly the app's own kind of root; now and then the other, which starts fresh.
    let tabbed = (start.tabs != nil) != (Int.random(in: 0..<8, using: &random) == 0)
    if tabbed {
      let ids = (tabIDs + ["old"]).filter { _ in Bool.random(using: &random) }
      let tabs = ids.map {
        NavigationTab(id: $0, stack: screens(Int.random(in: 0..<4, using: &random), &random), split: columns(&random))
      }
      state = NavigationState(tabs: TabContainer(tabs, selected: (ids + ["old"]).randomElement(using: &random)))
    } else {
      state = NavigationState(stack: screens(Int.random(in: 0..<4, using: &random), &random))
      state.split = columns(&random)
      if Int.random(in: 0..<4, using: &random) == 0 { state.detail = screens(1, &random).first }
    }
    var levels: [PresentedState] = []
    for _ in 0..<Int.random(in: 0..<4, using: &random) {
      var level = NavigationState(stack: screens(Int.random(in: 1..<3, using: &random), &random))
      if Int.random(in: 0..<10, using: &random) == 0 { level.tabs = TabContainer(ids: ["t"]) }
      let presentations: [Presentation] = [.sheet, .fullScreen, .popover, .custom(name: "card")]
      let presentation = presentations[Int.random(in: 0..<presentations.count, using: &random)]
      levels.append(PresentedState(presentation: presentation, source: state.allScreenIDs.last, state: level))
    }
    var chain: PresentedState?
    for var level in levels.reversed() {
      level.state.presented = chain
      chain = level
    }
    state.presented = chain
    if Int.random(in: 0..<20, using: &random) == 0, let first = state.allScreenIDs.first {
      // Two screens with one id: not a state at all.
      state.stack.append(Screen(id: first, target: "A"))
    }
    return state
  }

  @Test("1,200 saved states against 12 changed versions: no crash, a valid state, everything left out reported")
  func property() throws {
    var random = SeededGenerator(seed: 44)
    var restored = 0
    var leftOut = 0
    var fresh = 0
    for _ in 0..<12 {
      let heard = Heard()
      let app = try Self.version(&random, heard: heard)
      let registry = app.registry
      let routes = Set(app.router.router.routes.compactMap(\.name) + app.router.router.routes.map(\.pattern))
      for index in 0..<100 {
        let saved = Self.savedState(&random, like: app.start)
        let before = heard.all.count
        let data: Data
        switch index % 25 {
        case 0:
          data = Data(
            (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 1: data = try JSONEncoder().encode(saved).prefix(30)
        default: data = try JSONEncoder().encode(saved)
        }
        let state = app.restoredState(from: data)
        let events = heard.all[before...]
        restored += 1
        leftOut += events.count
        #expect(events.allSatisfy { $0.origin.kind == Origin.restoredState.kind && $0.phase == .dropped })
        let problems = Self.problems(of: state, start: app.start, isScreen: registry.contains(target:), routes: routes)
        #expect(problems.isEmpty, "\(problems) for \(state.tree)")
        if events.contains(where: { ($0.reason ?? "").contains("starts fresh") }) {
          fresh += 1
          #expect(state == app.start)
          continue
        }
        // Each saved screen is shown, or an event says why it is not.
        for screen in saved.allScreens where !state.contains(screen.id) {
          #expect(
            events.contains { ($0.reason ?? "").contains("'\(screen.id)'") },
            "\(screen.id) left out silently from \(saved.tree) into \(state.tree): \(events.map { $0.reason ?? "" })")
        }
      }
    }
    print("saved states: \(restored) restored, \(leftOut) left-out events, \(fresh) started fresh")
    #expect(restored >= 1_000)
    #expect(fresh > 0 && fresh < restored / 2)
  }

  /// What makes `state` one the app cannot show: ids not unique, a screen or route it does not
  /// have, another shape than `start`, an empty or tabbed presented level, a JSON form that does
  /// not give it back.
  static func problems(
    of state: NavigationState, start: NavigationState, isScreen: (String) -> Bool, routes: Set<String>
  ) -> [String] {
    var problems: [String] = []
    let ids = state.allScreenIDs
    if Set(ids).count != ids.count { problems.append("ids repeat") }
    for screen in state.allScreens {
      if !isScreen(screen.target) { problems.append("\(screen.id): unknown target") }
      if let route = screen.route, !routes.contains(route) { problems.append("\(screen.id): unknown route") }
    }
    if let tabs = state.tabs {
      if tabs.tabs.map(\.id) != start.tabs?.tabs.map(\.id) { problems.append("tabs differ from the first state's") }
      if tabs[tabs.selected] == nil { problems.append("the selected tab is not a tab") }
      for tab in tabs.tabs {
        let fresh = start.tabs?[tab.id]?.split
        if (tab.split == nil) != (fresh == nil) || (tab.split?.supplementary == nil) != (fresh?.supplementary == nil) {
          problems.append("the tab \(tab.id)'s columns differ from the first state's")
        }
      }
    } else if start.tabs != nil || (state.split == nil) != (start.split == nil) {
      problems.append("the root differs from the first state's")
    }
    var level = state.presented
    while let presented = level {
      if presented.state.stack.isEmpty || presented.state.tabs != nil || presented.state.split != nil {
        problems.append("a presented level that cannot be shown")
      }
      level = presented.state.presented
    }
    if let data = try? JSONEncoder().encode(state),
      (try? JSONDecoder().decode(NavigationState.self, from: data)) != state
    {
      problems.append("the JSON form does not give the state back")
    }
    return problems
  }

  @Test("a saved state keeps what this version shows and reports, in order, what it left out")
  func leftOutReported() throws {
    let heard = Heard()
    var routes = RouterBuilder()
    routes.observe(heard)
    routes.add(RouteDefinition(pattern: "app://a/<int:id>", name: "a", target: "A"))
    let start = NavigationState(
      tabs: TabContainer([
        NavigationTab(id: "notes", stack: [Screen(id: "A#notes", target: "A")]),
        NavigationTab(id: "settings", stack: [Screen(id: "A#settings", target: "A")]),
      ]))
    let app = try WaypointApp(routes: routes, start: start) { screens in
      screens.registerScreen(ScreenA.self, target: "A") { _, _ in ScreenA() }
    }
    var saved = NavigationState(
      tabs: TabContainer(
        [
          NavigationTab(
            id: "notes",
            stack: [
              Screen(id: "A#notes", target: "A"), Screen(id: "A#1", target: "A", route: "a"),
              Screen(id: "Photo#2", target: "Photo"), Screen(id: "A#3", target: "A"),
            ]),
          NavigationTab(id: "old", stack: [Screen(id: "A#4", target: "A")]),
        ], selected: "old"))
    saved.presented = PresentedState(
      presentation: .sheet, source: nil, state: NavigationState(stack: [Screen(id: "A#5", target: "A", route: "gone")]))
    let state = app.restoredState(from: try JSONEncoder().encode(saved))
    #expect(state.tabs?["notes"]?.stack.map(\.id) == ["A#notes", "A#1"])
    #expect(
      state.tabs?["settings"]?.stack.map(\.id) == ["A#settings"], "a tab the saved state lacks is the first state's")
    #expect(state.tabs?.selected == "notes", "the saved tab is gone")
    #expect(state.presented == nil)
    #expect(
      heard.all.map { $0.reason ?? "" } == [
        "the tab 'old' is gone",
        "the saved screen 'A#4' is left out: its tab 'old' is gone",
        "the saved screen 'Photo#2' is left out: its screen 'Photo' is not in this version of the app",
        "the saved screen 'A#3' is left out: it was over 'Photo#2', which is left out",
        "the saved screen 'A#5' is left out: its route 'gone' is gone",
      ])
    #expect(app.restoredState(from: nil) == start)
    #expect(app.restoredState(from: Data("{".utf8)) == start)
    #expect(heard.all.last?.reason?.hasPrefix("the saved state could not be read") == true)
  }
}

extension NavigationState {
  fileprivate var allScreenIDs: [String] { allScreens.map(\.id) }
}
