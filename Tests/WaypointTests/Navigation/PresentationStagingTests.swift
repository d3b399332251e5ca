import Testing
import Waypoint

@Suite("Presentation staging: one new presented level per UI update")
struct PresentationStagingTests {
  /// A state of a root and `presented` sheets over it, each from the top screen of the last.
  static func state(_ roots: [String]) -> NavigationState {
    var state: NavigationState?
    for root in roots.reversed() {
      let screen = Screen(id: root, target: "T")
      let presented = state.map { PresentedState(presentation: .sheet, source: root, state: $0) }
      state = NavigationState(stack: [screen], presented: presented)
    }
    return state ?? NavigationState()
  }

  @Test("a state with three sheets at once shows them one update after another, as each appears")
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

  @Test("a level replaced by another screen, or dismissed, must appear again before what it presents")
  func replacedLevels() {
    var staging = PresentationStaging()
    staging.appeared(depth: 1, screen: "A#2")
    staging.appeared(depth: 2, screen: "B#3")
    let replaced = Self.state(["Root#1", "X#5", "B#3"]).levels
    #expect(staging.shownLevels(of: replaced) == 2, "X#5 has not appeared, so B#3 waits")
    staging.prune(to: replaced)
    #expect(staging.appeared.isEmpty)
    staging.appeared(depth: 1, screen: "X#5")
    staging.prune(to: Self.state(["Root#1"]).levels)
    #expect(staging.appeared.isEmpty, "a dismissed level is forgotten")
    staging.appeared(depth: 3, screen: "Z#9")
    #expect(staging.appeared.isEmpty, "a level cannot appear before the ones under it")
  }

  @Test("the origin of a URL the system opened: http(s) is a universal link, any other scheme another app")
  func openedOrigins() {
    #expect(Origin.opened("https://notes.example/note/3") == .universalLink)
    #expect(Origin.opened("HTTP://notes.example/") == .universalLink)
    #expect(Origin.opened("notes://note/3") == .external())
    #expect(Origin.opened("httpsx://a") == .external())
  }
}
