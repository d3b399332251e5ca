import Observation
import Testing
import Waypoint

/// A navigator that is not `@Observable`: the module navigator cannot watch it.
@MainActor
final class PlainNavigator: Navigator {
  var state = NavigationState()

  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try state.show(transition)
  }

  func revert(_ change: NavigationChange) async throws(NavigationError) {
    try state.remove(change)
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    try state.reconcile(edit)
  }

  func restore(_ target: NavigationState) async throws(NavigationError) {
    for step in state.plan(to: target) { try state.carryOut(step) }
  }
}

/// A navigator that counts the plans it carries out and the states it publishes, and can take in
/// a change the UI makes before its turn comes.
@MainActor
final class CountingNavigator: Navigator {
  private(set) var state = NavigationState() {
    didSet { published += 1 }
  }
  /// Plans worked out and carried out.
  var plans = 0
  /// States set.
  var published = 0
  /// A change the UI makes while the change asked for waits for its turn.
  var meanwhile: NavigationEdit?

  init(state: NavigationState = NavigationState()) {
    self.state = state
  }

  func carryOut(_ plan: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    if let meanwhile { _ = try reconcile(meanwhile) }
    meanwhile = nil
    let made = try plan(state)
    plans += 1
    state = made.target
    return made
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let gone = try next.reconcile(edit)
    state = next
    return gone
  }

  func restore(_ target: NavigationState) async throws(NavigationError) {
    try await carryOut(reaching: target)
  }
}

struct ValueScreen: Equatable {
  var title = "value"
}

/// Every `will…` event of a module is followed by exactly one `did…` or `failedTo…` of its kind
/// for that module before its next `will…` of that kind; returns the lines that break it.
func unbalancedEvents(_ lines: [String]) -> [String] {
  var open = Set<String>()
  var broken: [String] = []
  for line in lines {
    let parts = line.split(separator: " ")
    let phase = String(parts[0])
    for kind in ["Make", "Perform", "Remove"] {
      let slot = "\(kind) \(parts[1])"
      if phase == "will\(kind)" {
        if !open.insert(slot).inserted { broken.append(line) }
      } else if phase == "did\(kind)" || phase == "failedTo\(kind)" {
        open.remove(slot)
      }
    }
  }
  return broken + open.sorted().map { "open will\($0)" }
}

@MainActor
func countingModules(_ recorder: Recorder = Recorder(), navigator: any Navigator = HeadlessNavigator()) throws
  -> (ScreenCoordinator, Tally)
{
  let made = Tally()
  var builder = ModuleRegistryBuilder()
  builder.observe(PhaseRecorder(recorder: recorder))
  builder.register(ListScreen.self, target: "NoteList") { _ in ListScreen() }
  builder.register(Counter.self, target: "Counted") { _ in Counter(made.increment()) }
  builder.register(ValueScreen.self) { _ in ValueScreen() }
  return (ScreenCoordinator(registry: try builder.build(), navigator: navigator), made)
}

/// Waits until `condition` holds, letting the main actor run what it scheduled.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<100 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

@MainActor
@Suite("Shown modules tell the truth")
struct ShownModuleTruthTests {
  @Test("a screen taken off by something else makes its route removed, once, and it can be performed again")
  func goneByOtherMeans() async throws {
    let recorder = Recorder()
    let (modules, _) = try countingModules(recorder)
    let navigator = try #require(modules.navigator as? HeadlessNavigator)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let before = navigator.state
    let pushed = try await modules.show(Counter.self, .push)
    try await navigator.show(before)
    #expect(await eventually { pushed.state == .removed }, "the module navigator watches its navigator")
    #expect(recorder.all.filter { $0 == "didRemove Counter" }.count == 1)
    #expect(!pushed.canRemove)
    #expect(await #expect(throws: NavigationError.self) { try await pushed.remove() }?.code == .screenGone)
    #expect(
      recorder.all.filter { $0.hasSuffix("Remove Counter") } == ["didRemove Counter", "failedToRemove Counter"],
      "one didRemove when the screen went, and the refused remove as its lone failure")
    try await pushed.show()
    #expect(pushed.state == .shown)
    #expect(navigator.state.stack.map(\.id) == ["NoteList#1", "Counted#2"])
    try await pushed.remove()
    #expect(pushed.state == .removed)
    #expect(unbalancedEvents(recorder.all).isEmpty)
  }

  @Test("a route replaced by a new root, or whose presenter was dismissed, is removed")
  func replacedOrUnderDismissed() async throws {
    let (modules, _) = try countingModules()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let sheet = try await modules.show(ListScreen.self, .sheet)
    let onSheet = try await modules.show(Counter.self, .push)
    try await sheet.remove()
    #expect(onSheet.state == .removed, "the module navigator refreshes its routes after each removal")
    let pushed = try await modules.show(Counter.self, .push)
    _ = try await modules.show(target: "NoteList", .replaceRoot)
    #expect(pushed.state == .removed)
  }

  @Test("with a navigator that cannot be watched, refreshShownModules and the route's own calls notice")
  func unobservedNavigator() async throws {
    let recorder = Recorder()
    let navigator = PlainNavigator()
    let (modules, _) = try countingModules(recorder, navigator: navigator)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let pushed = try await modules.show(Counter.self, .push)
    let kept = navigator.state
    navigator.state.stack.removeLast()
    #expect(pushed.state == .shown, "nothing told it yet")
    modules.refreshShownModules()
    #expect(pushed.state == .removed)
    let again = try await modules.show(Counter.self, .push)
    navigator.state = NavigationState(stack: [kept.stack[0]])
    #expect(!again.canRemove && again.state == .removed)
    #expect(recorder.all.filter { $0 == "didRemove Counter" }.count == 2)
  }

  @Test("a make-only route makes a new destination each time it is performed; removing it only ends it")
  func makeOnly() async throws {
    let recorder = Recorder()
    let (modules, made) = try countingModules(recorder)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let shown = modules.navigator.state
    let route = try await modules.show(Counter.self, .none)
    #expect(route.isMakeOnly && route.state == .shown && route.canRemove)
    #expect(route.destination(as: Counter.self)?.number == 1)
    try await route.show()
    #expect(route.destination(as: Counter.self)?.number == 2, "performing again makes a new destination")
    try await route.remove()
    #expect(route.state == .removed)
    #expect(route.destination(as: Counter.self) == nil, "and lets go of it")
    #expect(await #expect(throws: NavigationError.self) { try await route.remove() }?.code == .notShown)
    try await route.show()
    #expect(route.destination(as: Counter.self)?.number == 3)
    #expect(modules.navigator.state == shown, "nothing was ever shown")
    #expect(made.value == 3)
    #expect(
      recorder.all.filter { $0.hasSuffix("Counter") && !$0.contains("Make") } == [
        "willShow Counter", "didShow Counter", "willShow Counter",
        "didShow Counter", "willRemove Counter", "didRemove Counter", "failedToRemove Counter",
        "willShow Counter", "didShow Counter",
      ])
  }

  @Test("an invalid source or presentation is refused before the module is made or willShow is sent")
  func checksBeforeWork() async throws {
    let recorder = Recorder()
    let (modules, made) = try countingModules(recorder)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let invalid = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(Counter.self, .push, from: "Nowhere#9")
    }
    #expect(invalid?.code == .invalidSource)
    let noRoot = try countingModules(recorder).0
    let rootless = await #expect(throws: NavigationError.self) { _ = try await noRoot.show(Counter.self, .push) }
    #expect(rootless?.code == .invalidSource)
    #expect(made.value == 0, "the factory never ran")
    #expect(recorder.all.filter { $0.hasSuffix("Counter") } == Array(repeating: "failedToShow Counter", count: 2))
    #expect(unbalancedEvents(recorder.all).isEmpty)
  }

  @Test("a busy navigator refuses before anything is made: failedToShow is the lone event, and the route goes back")
  func failureAfterWill() async throws {
    let recorder = Recorder()
    let navigator = HeadlessNavigator()
    let (modules, _) = try countingModules(recorder, navigator: navigator)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    navigator.transitionDuration = .milliseconds(100)
    let slow = Task { try await modules.show(ListScreen.self, .push) }
    try await Task.sleep(for: .milliseconds(20))
    let busy = await #expect(throws: NavigationError.self) { _ = try await modules.show(Counter.self, .sheet) }
    #expect(busy?.code == .unbalancedTransition)
    let pushed = try await slow.value
    #expect(
      recorder.all.filter { $0.hasSuffix("Counter") } == ["failedToShow Counter"],
      "the plan is worked out in the navigator's turn, which never came")
    let removing = Task { try await pushed.remove() }
    try await Task.sleep(for: .milliseconds(20))
    let other = try await modules.show(Counter.self, .none)
    try await other.remove()  // a make-only route is performed and removed without the busy navigator
    #expect(other.state == .removed)
    try await removing.value
    #expect(unbalancedEvents(recorder.all).isEmpty)
  }

  @Test("a route's state can be observed")
  func observable() async throws {
    let (modules, _) = try countingModules()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let pushed = try await modules.show(Counter.self, .push)
    let changed = Recorder()
    withObservationTracking {
      _ = pushed.state
    } onChange: {
      changed.record("state")
    }
    #expect(changed.all.isEmpty)
    try await pushed.remove()
    #expect(changed.all == ["state"])
  }

  @Test("a route keeps its destination while shown and only weakly after, so it is freed once the caller drops it")
  func ownership() async throws {
    let (modules, _) = try countingModules()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let route = try await modules.show(Counter.self, .push)
    weak let destination = route.destination(as: Counter.self)
    #expect(destination != nil, "the route keeps it while it is shown")
    var callerCopy = route.destination(as: Counter.self)
    try await route.remove()
    #expect(destination != nil && route.destination(as: Counter.self) === callerCopy, "the caller still has it")
    try await route.show()
    #expect(route.destination(as: Counter.self) === callerCopy, "performed again, the same one is shown")
    try await route.remove()
    callerCopy = nil
    #expect(destination == nil, "released once gone and dropped")
    #expect(route.destination(as: Counter.self) == nil)
    try await route.show()
    #expect(route.destination(as: Counter.self)?.number == 2, "a released destination is made again")

    let value = try await modules.show(ValueScreen.self, .push)
    try await value.remove()
    #expect(value.destination(as: ValueScreen.self) == ValueScreen(), "a value destination is kept")
  }

  @Test("an instance made elsewhere is shown through its key, with events and removal")
  func showInstance() async throws {
    let recorder = Recorder()
    let (modules, made) = try countingModules(recorder)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    var instance: Counter? = Counter(42)
    let route = try await modules.show(instance!, as: Counter.self, .sheet)
    #expect(modules.navigator.state.presented?.state.stack.first?.id == "Counted#2")
    #expect(route.destination(as: Counter.self) === instance)
    try await route.remove()
    try await route.show()
    try await route.remove()
    instance = nil
    #expect(await #expect(throws: NavigationError.self) { try await route.show() }?.code == .screenGone)
    #expect(made.value == 0)
    #expect(
      recorder.all.filter { $0.hasSuffix("Counter") } == [
        "willShow Counter", "didShow Counter", "willRemove Counter", "didRemove Counter",
        "willShow Counter", "didShow Counter", "willRemove Counter", "didRemove Counter",
      ])
  }

  @Test("a shown module's change is one plan, worked out in the navigator's turn from the state after the UI's")
  func onePlanPerChange() async throws {
    let navigator = CountingNavigator()
    let (modules, _) = try countingModules(navigator: navigator)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let first = try await modules.show(Counter.self, .push)
    #expect(navigator.plans == 2 && navigator.published == 2, "one plan and one publication per change")
    navigator.meanwhile = .poppedTo(screen: navigator.state.stack[0].id)
    let second = try await modules.show(Counter.self, .push)
    #expect(navigator.plans == 3)
    #expect(navigator.state.stack.map(\.id) == [navigator.state.stack[0].id, second.screen.id])
    #expect(first.canRemove == false, "the pop the UI made before the turn stays")
    try await second.remove()
    #expect(navigator.plans == 4 && navigator.state.stack.count == 1, "removing is the plan back")
  }
}
