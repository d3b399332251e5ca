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
    let change = try next.apply(transition)
    state = next
    applied.append("\(transition.presentation) \(transition.screen.id)")
    return change
  }

  func revert(_ change: NavigationChange) async throws(NavigationError) {
    var next = state
    try next.revert(change)
    state = next
  }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    var next = state
    let removed = try next.reconcile(edit)
    state = next
    return removed
  }
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
    _ = try target.apply(NavigationTransition(.sheet, screen: screen("Share#3"), from: "Note#2"))
    _ = try target.apply(NavigationTransition(.push, screen: screen("Pick#4"), from: "Share#3"))
    try await navigator.restore(target)
    #expect(navigator.state == target)
    #expect(navigator.applied == ["replaceRoot List#1", "push Note#2", "sheet Share#3", "push Pick#4"])
  }

  @Test("a plan that takes screens away is refused before anything changes, naming what to implement")
  func refusesRemovals() async throws {
    let navigator = PreviousReleaseNavigator()
    try await navigator.restore(NavigationState(stack: [screen("List#1"), screen("Note#2")]))
    let before = navigator.state
    let error = await #expect(throws: NavigationError.self) {
      try await navigator.restore(NavigationState(stack: [self.screen("List#1")]))
    }
    #expect(error?.code == .invalidStep)
    #expect(error?.message.contains("implement restore(_:)") == true)
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
}
