import SwiftUI
import Testing
import Waypoint
import WaypointSwiftUI

/// What a level's presentation binding reads, as `WaypointHost` decides it.
///
/// The SwiftUI stub draws no views, so the decision is checked on its own. Not a test on iOS.
@Suite("WaypointHost: a level's presentation")
struct PresentedItemTests {
  @Test("A11: a binding read after its level left the state reads nothing, never past the levels")
  func staleLevel() throws {
    var state = NavigationState(stack: [Screen(id: "List#1", target: "List")])
    _ = try state.apply(NavigationTransition(.sheet, screen: Screen(id: "Note#2", target: "Note")))
    let sheet = PresentedItem.shown(in: state, depth: 0, shownLevels: 2, live: true, styles: [.sheet])
    #expect(sheet?.screen.id == "Note#2")
    // The sheet's own level presents nothing; the view of a level the state no longer has (the
    // user dismissed the sheet, its view not drawn again yet) reads nothing either.
    #expect(PresentedItem.shown(in: state, depth: 1, shownLevels: 3, live: true, styles: [.sheet]) == nil)
    let dismissed = NavigationState(stack: [Screen(id: "List#1", target: "List")])
    #expect(PresentedItem.shown(in: dismissed, depth: 1, shownLevels: 3, live: true, styles: [.sheet]) == nil)
    #expect(PresentedItem.shown(in: dismissed, depth: 5, shownLevels: 7, live: true, styles: [.sheet]) == nil)
  }
}
