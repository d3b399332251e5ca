import Testing
import Waypoint

@Suite("Presentation staging: one presentation per UI update")
struct PresentationStagingTests {
  /// A state of a root and sheets over it, each presented from the screen under it.
  static func state(_ roots: [String]) -> NavigationState {
    var state: NavigationState?
    for root in roots.reversed() {
      let screen = Screen(id: root, target: "T")
      let presented = state.map { PresentedState(presentation: .sheet, source: root, state: $0) }
      state = NavigationState(stack: [screen], presented: presented)
    }
    return state ?? NavigationState()
  }

  @Test("a state with three sheets at once shows them one update after another, as each finishes presenting")
  func restoreInStages() {
    let levels = Self.state(["Root#1", "A#2", "B#3", "C#4"]).levels
    var staging = PresentationStaging()
    #expect(staging.shownLevels(of: levels) == 2, "the root and the first sheet")
    staging.appeared(depth: 1, screen: "A#2")
    #expect(staging.shownLevels(of: levels) == 3)
    staging.appeared(depth: 2, screen: "B#3")
    staging.appeared(depth: 3, screen: "C#4")
    #expect(staging.shownLevels(of: levels) == 4)
    #expect(staging.shownLevels(of: []) == 0)
  }

  @Test("a level replaced by another waits until the one it replaces has left the screen")
  func replacedLevels() {
    var staging = PresentationStaging()
    staging.appeared(depth: 1, screen: "A#2")
    staging.appeared(depth: 2, screen: "B#3")
    let replaced = Self.state(["Root#1", "X#5"]).levels
    #expect(staging.shownLevels(of: replaced) == 1, "A#2 still slides away; X#5 waits for its place")
    staging.disappeared(depth: 1, screen: "A#2")
    #expect(staging.onScreen.isEmpty, "what was over it left with it")
    #expect(staging.shownLevels(of: replaced) == 2)
    staging.appeared(depth: 1, screen: "X#5")
    staging.disappeared(depth: 1, screen: "A#2")
    #expect(staging.onScreen == ["X#5"], "a late report of another screen changes nothing")
  }

  @Test("levels the state no longer has are forgotten by prune; a level cannot appear before the ones under it")
  func pruning() {
    var staging = PresentationStaging()
    staging.appeared(depth: 1, screen: "A#2")
    staging.appeared(depth: 2, screen: "B#3")
    staging.prune(to: Self.state(["Root#1", "A#2"]).levels)
    #expect(staging.onScreen == ["A#2"])
    staging.prune(to: Self.state(["Root#1"]).levels)
    #expect(staging.onScreen.isEmpty)
    staging.appeared(depth: 3, screen: "Z#9")
    #expect(staging.onScreen.isEmpty)
  }

  @Test("the origin of a URL the system opened: http(s) is a universal link, any other scheme another app")
  func openedOrigins() {
    #expect(Origin.opened("https://notes.example/note/3") == .universalLink)
    #expect(Origin.opened("HTTP://notes.example/") == .universalLink)
    #expect(Origin.opened("notes://note/3") == .external())
    #expect(Origin.opened("httpsx://a") == .external())
  }
}
