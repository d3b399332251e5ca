import Foundation
import FuzzSupport
import Waypoint
import WaypointAdapterSupport

/// Navigation: random sequences of transitions, links placed with the screens under them (tabs,
/// columns, presented policies, held presentations), reverts, changes the UI reports on its own
/// (pops, dismissals, replaced stacks and details, removed children, tab taps, split views
/// collapsing and expanding, restores), root levels turned into tab bars and split views, and
/// plans to earlier states, through the navigation state.
///
/// After every step: the plan from the state before to the state after, executed on the state
/// before, gives the state after; a change that can be reverted still shows its screen, and one
/// whose screen left cannot be; the screens a reported change took away are exactly the ones
/// that left; a reported change taken in twice changes nothing the second time; ids stay
/// unique; the SwiftUI projection and the JSON form give the state back; a refused step
/// changes nothing and says why with a documented code; a link's plan holds the screen it
/// placed, found or rooted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNavigation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = Bytes(UnsafeBufferPointer(start: data, count: size))
  var run = NavigationRun()
  var steps = 0
  while let operation = input.next(), steps < 64 {
    steps += 1
    let before = run.state
    switch operation % 6 {
    case 0: run.transition(&input)
    case 5: run.link(&input)
    case 1: run.revert(&input)
    case 2: run.report(&input)
    case 3: run.plan(toEarlier: &input)
    default: run.reshape(&input)
    }
    if ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil {
      FileHandle.standardError.write(Data("op \(operation % 6) ->\n\(run.state.tree)\n---\n".utf8))
    }
    run.check(after: before)
  }
  return 0
}

/// The bytes of one input, read one at a time.
struct Bytes {
  private let bytes: [UInt8]
  private var index = 0

  init(_ buffer: UnsafeBufferPointer<UInt8>) { bytes = Array(buffer) }

  /// The next byte, or nil at the end.
  mutating func next() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  /// One of `choices`, picked by the next byte (the first when the input is over).
  mutating func pick<Value>(_ choices: [Value]) -> Value? {
    guard !choices.isEmpty else { return nil }
    return choices[Int(next() ?? 0) % choices.count]
  }
}

/// The state a run drives, with the changes it made and the states it passed through.
struct NavigationRun {
  var state = NavigationState()
  private var changes: [NavigationChange] = []
  private var earlier: [NavigationState] = []
  private var number = 0

  private static let presentations: [Presentation] = [
    .push, .sheet, .popover, .fullScreen, .present(style: "formSheet"), .show, .showDetail, .addChild,
    .replaceRoot, .custom(name: "banner"), .none,
  ]

  /// Shows a new screen with a picked presentation, from a picked source or the top screen.
  mutating func transition(_ input: inout Bytes) {
    guard let presentation = input.pick(Self.presentations) else { return }
    number += 1
    let screen = Screen(id: "S#\(number)", target: number.isMultiple(of: 3) ? "Editor" : "List")
    let sources: [String?] = [nil] + state.allScreens.map(\.id)
    let source = input.pick(sources) ?? nil
    var next = state
    do {
      let change = try next.show(NavigationTransition(presentation, screen: screen, from: source))
      changes.append(change)
      commit(next)
    } catch {
      require(next == state, "a refused \(presentation) changed the state")
      require([.invalidSource].contains(error.code), "undocumented error \(error.code) for \(presentation): \(error)")
    }
  }

  /// Places a link with picked `under` screens, tab, column, presented policy and held screens,
  /// and reaches its plan: the placement refuses only with its documented codes, and the plan's
  /// state holds the link's screen.
  mutating func link(_ input: inout Bytes) {
    let presentation = input.pick([Presentation.push, .show, .sheet, .showDetail]) ?? .push
    number += 1
    var link = LinkPlacement(
      screen: Screen(id: "L", target: number.isMultiple(of: 3) ? "Editor" : "List"), presentation: presentation)
    link.under = Array(["List", "List", "Editor"].prefix(Int(input.next() ?? 0) % 4))
    link.placement = Placement(
      tab: input.pick([nil, "a", "b", "zz"]) ?? nil,
      column: input.pick([nil, SplitColumn.primary, .supplementary, .secondary]) ?? nil,
      presented: input.pick([nil, PresentedPolicy.keep, .dismiss, .refuse]) ?? nil)
    link.policy = input.pick([PresentedPolicy.keep, .dismiss]) ?? .keep
    link.held = Set(input.pick([[], state.allScreens.map(\.id)]) ?? [])
    var numbers = number
    do {
      let placed = try link.place(on: state) { target in
        numbers += 1
        return "\(target)#L\(numbers)"
      }
      number = numbers
      let plan: NavigationPlan
      switch placed.outcome {
      case .over(let source):
        let transition = NavigationTransition(presentation, screen: placed.screen, from: source)
        plan = try NavigationPlan(from: state, over: placed.state, showing: transition)
        require(plan.target.contains(placed.screen.id), "a placed link's screen is not shown")
      case .found(let screen):
        plan = NavigationPlan(from: state, to: placed.state)
        require(state.contains(screen.id) && plan.target.contains(screen.id), "a found screen is not there")
      case .rooted:
        plan = NavigationPlan(from: state, to: placed.state)
        require(plan.target.contains(placed.screen.id), "a rooted link's screen is not shown")
      }
      commit(plan.target)
    } catch {
      require(
        [.coveredByPresentation, .unknownTab, .invalidSource].contains(error.code),
        "undocumented error \(error.code) placing a link: \(error)")
    }
  }

  /// Reverts a picked change: it succeeds exactly when `canRemove` says so.
  mutating func revert(_ input: inout Bytes) {
    guard let index = input.pick(Array(changes.indices)) else { return }
    let change = changes[index]
    var next = state
    let could = state.canRemove(change)
    do {
      try next.remove(change)
      require(could, "a change reverted that canRemove refused: \(change)")
      changes.remove(at: index)
      commit(next)
    } catch {
      require(!could, "canRemove allowed a change whose revert failed: \(error)")
      require(error.code == .screenGone, "undocumented error \(error.code) reverting \(change)")
      require(next == state, "a refused revert changed the state")
    }
  }

  /// Takes in a picked change the UI made on its own, then the same change again.
  mutating func report(_ input: inout Bytes) {
    guard let edit = pickEdit(&input) else { return }
    var next = state
    let before = Set(state.allScreens.map(\.id))
    do {
      let gone = try next.reconcile(edit)
      let left = before.subtracting(next.allScreens.map(\.id))
      require(Set(gone.map(\.id)) == left, "\(edit.summary) reported \(gone.map(\.id)) gone, but \(left.sorted()) left")
      var again = next
      if let twice = try? again.reconcile(edit) {
        require(again == next && twice.isEmpty, "\(edit.summary) taken in twice changed the state twice")
      } else {
        require(again == next, "a refused second \(edit.summary) changed the state")
      }
      commit(next)
    } catch {
      require(error.code == .invalidEdit, "undocumented error \(error.code) for \(edit.summary)")
      require(next == state, "a refused \(edit.summary) changed the state")
    }
  }

  /// Gives the root level containers as an app would: its stack becomes the first tab of a tab
  /// bar, a split view is given to (or taken from) the selected tab or the root, or another tab
  /// is selected by the app.
  mutating func reshape(_ input: inout Bytes) {
    var next = state
    switch (input.next() ?? 0) % 3 {
    case 0:
      guard next.tabs == nil else { return }
      let first = NavigationTab(id: "a", stack: next.stack, split: next.split)
      next = NavigationState(
        tabs: TabContainer([first, NavigationTab(id: "b"), NavigationTab(id: "c")]), presented: next.presented)
    case 1:
      let tab = next.tabs?.selected
      let style: SplitStyle? = next.split(in: tab) == nil ? input.pick(SplitStyle.allCases) : nil
      do {
        try next.carryOut(.setSplit(style, tab: tab))
      } catch {
        require(false, "giving the selected tab a split view failed: \(error)")
      }
    default:
      guard let tab = input.pick(next.tabs?.ids ?? []) else { return }
      do {
        try next.carryOut(.selectTab(tab))
      } catch {
        require(false, "selecting a tab the bar has failed: \(error)")
      }
    }
    // A presentation leaves with its source (a column taken away), as in UIKit.
    if let source = next.presented?.source, !next.allScreens.contains(where: { $0.id == source }) {
      next.presented = nil
    }
    commit(next)
  }

  /// Plans the way back to a picked earlier state, and requires the plan to get there.
  mutating func plan(toEarlier input: inout Bytes) {
    guard let target = input.pick(earlier) else { return }
    Self.requirePlan(from: state, to: target)
    commit(target)
  }

  /// Checks what holds after every step.
  func check(after before: NavigationState) {
    Self.requirePlan(from: before, to: state)
    let ids = state.allScreens.map(\.id)
    require(Set(ids).count == ids.count, "two screens share an id: \(ids)")
    for change in changes where state.canRemove(change) {
      require(state.contains(change.screen), "a change can be reverted though its screen left: \(change)")
    }
    for change in changes where !state.contains(change.screen) {
      require(!state.canRemove(change), "a change whose screen left can still be reverted: \(change)")
    }
    require(NavigationState(levels: state.levels) == state, "the SwiftUI projection does not give the state back")
    let json = try? JSONEncoder().encode(state)
    let decoded = json.flatMap { try? JSONDecoder().decode(NavigationState.self, from: $0) }
    require(decoded == state, "the JSON form does not give the state back")
  }

  /// Requires the plan from `current` to `target`, executed on `current`, to fit step by step
  /// and to give `target`.
  private static func requirePlan(from current: NavigationState, to target: NavigationState) {
    var shown = current
    for step in current.plan(to: target) {
      do {
        try shown.carryOut(step)
      } catch {
        require(false, "a plan step does not fit the state it was planned from: \(step): \(error)")
      }
    }
    require(shown == target, "the plan does not give the state it was made for")
  }

  private mutating func commit(_ next: NavigationState) {
    earlier.append(state)
    if earlier.count > 8 { earlier.removeFirst() }
    state = next
  }

  /// A change a UI could report, about the screens and levels the state has (and sometimes not).
  private func pickEdit(_ input: inout Bytes) -> NavigationEdit? {
    let levels = state.levels
    let screens = state.allScreens
    let levelIndex = Int(input.next() ?? 0) % max(levels.count + 1, 1)
    switch (input.next() ?? 0) % 9 {
    case 6:
      let tab = input.pick((state.tabs?.ids ?? []) + ["zz"])
      return tab.map { (input.next() ?? 0) % 2 == 0 ? .selectedTab($0) : .reselectedTab($0) }
    case 7:
      let tab = input.pick([nil] + (state.tabs?.ids ?? []).map(Optional.some)) ?? nil
      return .collapsed((input.next() ?? 0) % 2 == 0, tab: tab)
    case 8:
      guard let location = input.pick(state.locations + [StackLocation(tab: "zz")]) else { return nil }
      let stack = state[stack: location] ?? []
      let kept = Int(input.next() ?? 0) % (stack.count + 1)
      return .replacedStack(level: 0, stack: Array(stack.prefix(kept)), location: location)
    case 0:
      return input.pick(screens).map { .poppedTo(screen: $0.id) }
    case 1:
      return input.pick(screens).map { .dismissed(screen: $0.id) }
    case 2:
      let stack =
        levelIndex < levels.count ? (levels[levelIndex].root.map { [$0] } ?? []) + levels[levelIndex].path : []
      let kept = Int(input.next() ?? 0) % (stack.count + 1)
      return .replacedStack(level: levelIndex, stack: Array(stack.prefix(kept)))
    case 3:
      return .replacedDetail(level: levelIndex, screen: input.pick([nil] + screens.map(Optional.some)) ?? nil)
    case 4:
      return input.pick(screens).map { .removedChild(screen: $0.id) }
    default:
      return input.pick(earlier).map { .restored($0) }
    }
  }
}
