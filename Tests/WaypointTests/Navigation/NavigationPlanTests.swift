import Testing
import Waypoint
import WaypointAdapterSupport

/// Where each screen is, as a plan keeps it: its level's chain of presentations, then the screens
/// below it in its stack or parent, then the screen itself (children aside).
private func locations(of state: NavigationState) -> [String: String] {
  var found: [String: String] = [:]
  func key(_ screen: Screen) -> String {
    "\(screen.id)|\(screen.target)|\(screen.parameters.sorted { $0.key < $1.key })|\(screen.route ?? "")"
  }
  func visit(_ screens: [Screen], under prefix: String) {
    var path = prefix
    for screen in screens {
      path += "/" + key(screen)
      found[screen.id] = path
      visit(screen.children, under: path + "/children")
    }
  }
  func visit(level levelState: NavigationState, chain: String) {
    // A tab's stack stays while the bar has the same tabs; a column while its split has the same style.
    let bar = levelState.tabs.map { "/tabs[\($0.ids.joined(separator: ","))]" } ?? ""
    for location in levelState.locations {
      let style = location.column == .primary ? "" : "(\(levelState.split(in: location.tab)?.style.rawValue ?? ""))"
      let name = location == .primary ? "/stack" : bar + "/\(location)" + style
      visit(levelState[stack: location] ?? [], under: chain + name)
    }
    if let detail = levelState.detail { visit([detail], under: chain + "/detail") }
    if let presented = levelState.presented, let root = presented.state.stack.first {
      // What presents changes when the root level gains or loses a split view.
      let presenter = levelState.tabs == nil ? "|split:\(levelState.split?.style.rawValue ?? "-")" : ""
      let next = chain + "/\(presented.presentation)@\(found[presented.source ?? ""] ?? "?")>\(key(root))" + presenter
      visit(level: presented.state, chain: next)
    }
  }
  visit(level: state, chain: "")
  return found
}

/// The ids of the screens a step makes; a stack set in one call makes those it did not hold.
private func made(by step: NavigationStep, in state: NavigationState) -> [String] {
  switch step {
  case .push(let screen, _), .present(let screen, _, _, _), .addChild(let screen, _): return [screen.id]
  case .setRoot(let screen), .setDetail(let screen, _): return screen.map { [$0.id] } ?? []
  case .setStack(let screens, let location):
    let shown = state[stack: location] ?? []
    let kept = zip(shown, screens).prefix { $0.id == $1.id && $0.parameters == $1.parameters }.count
    return screens.dropFirst(kept).map(\.id)
  case .dismiss, .popTo, .removeChild, .setTabs, .selectTab, .setSplit, .setCollapsed: return []
  }
}

@Suite("A plan between two states")
struct NavigationPlanTests {
  @Test("applying the plan to the shown state gives the target, over random pairs, and keeps what stays")
  func randomPairs() throws {
    var random = RandomStates(seed: 17)
    var checked = 0
    for round in 0..<3000 {
      let shown = random.state()
      let target = round % 2 == 0 ? random.variant(of: shown) : random.state()
      guard RandomStates.isShowable(shown), RandomStates.isShowable(target) else { continue }
      let steps = shown.plan(to: target)
      var state = shown
      var madeIDs: [String] = []
      for step in steps {
        madeIDs += made(by: step, in: state)
        try state.carryOut(step)
      }
      #expect(state == target, "round \(round): \(steps)")
      let before = locations(of: shown)
      let after = locations(of: target)
      let kept = Set(before.filter { after[$0.key] == $0.value }.keys)
      let rebuilt = madeIDs.filter(kept.contains)
      #expect(rebuilt.isEmpty, "round \(round): \(rebuilt) stay where they are but the plan makes them again: \(steps)")
      #expect(target.plan(to: target).isEmpty)
      checked += 1
    }
    #expect(checked > 2500)
  }

  @Test("a plan is the few steps a person would write")
  func readablePlans() throws {
    let list = Screen(id: "List#1", target: "List")
    let editor = Screen(id: "Editor#2", target: "Editor", parameters: ["id": "42"])
    let settings = Screen(id: "Settings#3", target: "Settings")
    let shown = NavigationState(stack: [list, editor])
    #expect(shown.plan(to: NavigationState(stack: [list])) == [.popTo(screen: "List#1", level: 0)])
    #expect(NavigationState(stack: [list]).plan(to: shown) == [.push(editor, level: 0)])
    let sheet = NavigationState(
      stack: [list],
      presented: PresentedState(presentation: .sheet, source: "List#1", state: NavigationState(stack: [settings])))
    #expect(
      shown.plan(to: sheet) == [
        .popTo(screen: "List#1", level: 0), .present(settings, .sheet, source: "List#1", level: 0),
      ])
    #expect(sheet.plan(to: NavigationState(stack: [list])) == [.dismiss(level: 0)])
    #expect(NavigationState().plan(to: shown) == [.setRoot(list), .push(editor, level: 0)])
    #expect(shown.plan(to: NavigationState()) == [.setRoot(nil)])
    var edited = editor
    edited.parameters["id"] = "43"
    #expect(
      shown.plan(to: NavigationState(stack: [list, edited])) == [
        .popTo(screen: "List#1", level: 0), .push(edited, level: 0),
      ],
      "a screen with other parameters is another screen")
  }

  @Test("a step that does not fit the state is refused and changes nothing")
  func badSteps() {
    let state = NavigationState(stack: [Screen(id: "List#1", target: "List")])
    for step: NavigationStep in [
      .dismiss(level: 0), .popTo(screen: "Nope#9", level: 0), .push(Screen(id: "A#2", target: "A"), level: 3),
      .present(Screen(id: "A#2", target: "A"), .sheet, source: "Nope#9", level: 0),
      .addChild(Screen(id: "A#2", target: "A"), parent: "Nope#9"), .removeChild(screen: "A#2", parent: "List#1"),
    ] {
      var copy = state
      #expect(throws: NavigationError.self, "\(step)") { try copy.carryOut(step) }
      #expect((try? copy.carryOut(step)) == nil)
      #expect(copy == state)
    }
  }
}

@Suite("The SwiftUI projection")
struct NavigationProjectionTests {
  @Test("levels and back give the same state, over random states")
  func roundTrip() {
    var random = RandomStates(seed: 5)
    for round in 0..<2000 {
      let state = random.state()
      #expect(NavigationState(levels: state.levels) == state, "round \(round)")
      #expect(state.levels.count == state.levels.reduce(1) { $0 + ($1.presented == nil ? 0 : 1) })
    }
  }

  @Test("writing a shorter path back is the user popping, and clearing an item is the user dismissing")
  func writesAreUserChanges() throws {
    var random = RandomStates(seed: 9)
    var popped = 0
    for _ in 0..<1000 {
      let state = random.state()
      for (level, levelState) in state.levels.enumerated() where !levelState.path.isEmpty {
        let keep = levelState.path.count - 1
        var written = state
        let goneByPath = try written.setPath(Array(levelState.path.prefix(keep)), at: level)
        var reported = state
        let to = keep == 0 ? levelState.root! : levelState.path[keep - 1]
        let goneByPop = try reported.reconcile(.poppedTo(screen: to.id))
        #expect(written == reported)
        #expect(goneByPath == goneByPop)
        popped += 1
      }
      for (level, levelState) in state.levels.enumerated() {
        guard let item = levelState.presented else { continue }
        #expect(state.presentedItem(at: level, style: item.style) == item)
        let others = PresentedItem.Style.allCases.filter { $0 != item.style }
        #expect(others.allSatisfy { state.presentedItem(at: level, style: $0) == nil })
        var written = state
        try written.setPresentedItem(nil, at: level)
        var reported = state
        try reported.reconcile(.dismissed(screen: item.screen.id))
        #expect(written == reported)
        #expect(written.levels.count == level + 1)
        var same = state
        #expect(try same.setPresentedItem(item, at: level).isEmpty)
        #expect(same == state)
      }
    }
    #expect(popped > 100)
  }

  @Test("styles: fullScreen (and the full-screen present styles) is a cover, popover a popover, the rest sheets")
  func styles() {
    for presentation: Presentation in [
      .fullScreen, .present(style: "fullScreen"), .present(style: "overFullScreen"),
    ] {
      #expect(PresentedItem.Style(presentation) == .fullScreenCover)
    }
    #expect(PresentedItem.Style(.popover) == .popover)
    for presentation: Presentation in [.sheet, .present(style: "formSheet"), .custom(name: "banner")] {
      #expect(PresentedItem.Style(presentation) == .sheet)
    }
  }
}
