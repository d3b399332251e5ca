import Testing
import Waypoint

/// A navigator as an app wrote it for the release before `restore(_:)` was required: the state,
/// `apply`, `revert` and `reconcile`, through public API only.
@MainActor
final class PreviousReleaseNavigator: Navigator {
  private(set) var state = NavigationState()
  private(set) var applied: [String] = []

  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    var next = state
    let change = try next.show(transition)
    state = next
    applied.append("\(transition.presentation) \(transition.screen.id)")
    return change
  }

  func revert(_ change: NavigationChange) async throws(NavigationError) {
    var next = state
    try next.remove(change)
    state = next
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let removed = try next.reconcile(edit)
    state = next
    return removed
  }
}

/// A navigator as an app wrote it for 0.1.0: the four requirements `apply`, `revert`, `restore`
/// and `reconcile`, through public API only, each logged.
@MainActor
final class FourRequirementNavigator: Navigator {
  private(set) var state = NavigationState()
  private(set) var calls: [String] = []

  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    calls.append("apply \(transition.presentation) \(transition.screen.id)")
    return try state.show(transition)
  }

  func revert(_ change: NavigationChange) async throws(NavigationError) {
    calls.append("revert \(change.screen)")
    try state.remove(change)
  }

  func restore(_ target: NavigationState) async throws(NavigationError) {
    calls.append("restore " + target.stack.map(\.id).joined(separator: ","))
    state = target
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    calls.append("reconcile")
    return try state.reconcile(edit)
  }
}

/// A navigator that implements no way to change what it shows.
@MainActor
final class ReadOnlyNavigator: Navigator {
  let state = NavigationState()

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] { [] }
}

@MainActor
@Suite("Navigator: what a navigator gets without writing it")
struct NavigatorDefaultsTests {
  private func screen(_ id: String) -> Screen {
    Screen(id: id, target: String(id.prefix { $0 != "#" }))
  }

  @Test("a navigator with no restore(_:) of its own reaches a state of roots, pushes and sheets through apply")
  func restoresThroughApply() async throws {
    let navigator = PreviousReleaseNavigator()
    var target = NavigationState(stack: [screen("List#1"), screen("Note#2")])
    _ = try target.show(NavigationTransition(.sheet, screen: screen("Share#3"), from: "Note#2"))
    _ = try target.show(NavigationTransition(.push, screen: screen("Pick#4"), from: "Share#3"))
    try await navigator.show(target)
    #expect(navigator.state == target)
    #expect(navigator.applied == ["replaceRoot List#1", "push Note#2", "sheet Share#3", "push Pick#4"])
  }

  @Test("a plan that takes screens away is refused before anything changes, naming what to implement")
  func refusesRemovals() async throws {
    let navigator = PreviousReleaseNavigator()
    try await navigator.show(NavigationState(stack: [screen("List#1"), screen("Note#2")]))
    let before = navigator.state
    let error = await #expect(throws: NavigationError.self) {
      try await navigator.show(NavigationState(stack: [self.screen("List#1")]))
    }
    #expect(error?.code == .invalidStep)
    #expect(error?.message.contains("implement carryOut(_:)") == true)
    #expect(navigator.state == before, "nothing changed")
  }

  @Test("a link with screens under it opens on such a navigator, in one plan reached through apply")
  func linkUnderScreens() async throws {
    let navigator = PreviousReleaseNavigator()
    let modules = try makeModules(navigator: navigator)
    let router = try linkRouter(modules)
    let note = try await router.open("notes://note/5").value(as: ShownModule.self)
    #expect(navigator.state.stack.map(\.target) == ["NoteList", "NoteEditor"])
    #expect(note.state == .shown)
  }

  @Test(
    "a navigator of 0.1.0's four requirements is driven through them: a link's placed screens with its restore, the screen with its apply, a removal with its revert"
  )
  func fourRequirements() async throws {
    let navigator = FourRequirementNavigator()
    let modules = try makeModules(navigator: navigator)
    let router = try linkRouter(modules)
    let note = try await router.open("notes://note/5").value(as: ShownModule.self)
    #expect(navigator.calls == ["restore NoteList#1", "apply push NoteEditor#2"])
    #expect(navigator.state.stack.map(\.id) == ["NoteList#1", "NoteEditor#2"])
    #expect(note.state == .shown)
    try await note.remove()
    #expect(navigator.calls.last == "revert NoteEditor#2")
    #expect(note.state == .removed)
    try await navigator.show(NavigationState(stack: [screen("List#7")]))
    #expect(navigator.calls.last == "restore List#7", "a whole state goes to its own restore")
    let list = try await modules.show(ListScreen.self, .push)
    #expect(navigator.calls.last == "apply push \(list.screen.id)")
  }

  @Test("a navigator that implements nothing that changes what it shows fails, naming the requirement")
  func nothingImplemented() async throws {
    let navigator = ReadOnlyNavigator()
    let shown = await #expect(throws: NavigationError.self) {
      _ = try await navigator.show(NavigationTransition(.replaceRoot, screen: self.screen("List#1")))
    }
    #expect(shown?.code == .invalidStep)
    #expect(shown?.message.contains("implement carryOut(_:)") == true)
    let restored = await #expect(throws: NavigationError.self) {
      try await navigator.show(NavigationState(stack: [self.screen("List#1")]))
    }
    #expect(restored?.code == .invalidStep, "a whole state is tried through apply, which it lacks too")
    let modules = try makeModules(navigator: navigator)
    let refused = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(ListScreen.self, .replaceRoot)
    }
    #expect(refused?.code == .invalidStep)
    #expect(navigator.state == NavigationState())
  }
}
