import Testing
import Waypoint
import WaypointAdapterSupport

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

  /// Notes that the level at `level` appeared and finished presenting.
  static func shown(_ staging: inout PresentationStaging, _ level: Int, _ screen: String) {
    staging.appeared(level: level, screen: screen)
    staging.finishedPresenting(level: level, screen: screen)
  }

  @Test("three sheets at once are shown one after another, each once the one under it finished presenting")
  func restoreInStages() {
    let levels = Self.state(["Root#1", "A#2", "B#3", "C#4"]).levels
    var staging = PresentationStaging()
    #expect(staging.shownLevels(of: levels) == 2, "the root and the first sheet")
    staging.appeared(level: 1, screen: "A#2")
    #expect(staging.shownLevels(of: levels) == 2, "A#2 is still sliding in")
    staging.finishedPresenting(level: 1, screen: "A#2")
    #expect(staging.shownLevels(of: levels) == 3)
    Self.shown(&staging, 2, "B#3")
    Self.shown(&staging, 3, "C#4")
    #expect(staging.shownLevels(of: levels) == 4)
    #expect(staging.shownLevels(of: []) == 0)
  }

  @Test("a level replaced by another, even while it still slides in, waits until it has left the screen")
  func replacedLevels() {
    var staging = PresentationStaging()
    staging.appeared(level: 1, screen: "A#2")
    let replaced = Self.state(["Root#1", "X#5"]).levels
    #expect(staging.shownLevels(of: replaced) == 1, "A#2 holds the place while it comes and goes")
    staging.finishedPresenting(level: 1, screen: "A#2")
    Self.shown(&staging, 2, "B#3")
    staging.disappeared(level: 1, screen: "A#2")
    #expect(staging.onScreen.isEmpty, "what was over it left with it")
    #expect(staging.shownLevels(of: replaced) == 2)
    Self.shown(&staging, 1, "X#5")
    staging.disappeared(level: 1, screen: "A#2")
    #expect(staging.onScreen == ["X#5"], "a late report of another screen changes nothing")
  }

  @Test("a level that appears again (a cover over it left) keeps what it knew above it")
  func appearingAgain() {
    var staging = PresentationStaging()
    Self.shown(&staging, 1, "A#2")
    Self.shown(&staging, 2, "Cover#3")
    staging.appeared(level: 1, screen: "A#2")
    #expect(staging.onScreen == ["A#2", "Cover#3"])
    #expect(staging.shownLevels(of: Self.state(["Root#1", "A#2", "Cover#3"]).levels) == 3)
  }

  @Test("levels the state no longer has are forgotten by prune; a level cannot appear before the ones under it")
  func pruning() {
    var staging = PresentationStaging()
    Self.shown(&staging, 1, "A#2")
    Self.shown(&staging, 2, "B#3")
    staging.prune(to: Self.state(["Root#1", "A#2"]).levels)
    #expect(staging.onScreen == ["A#2"])
    staging.prune(to: Self.state(["Root#1"]).levels)
    #expect(staging.onScreen.isEmpty)
    staging.appeared(level: 3, screen: "Z#9")
    staging.finishedPresenting(level: 1, screen: "Z#9")
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
