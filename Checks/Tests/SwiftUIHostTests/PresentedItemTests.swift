import SwiftUI
import Testing
import Waypoint
import WaypointAdapterSupport
import WaypointSwiftUI

/// What a level's presentation binding reads, as `WaypointHost` decides it.
///
/// The SwiftUI stub draws no views, so the decision is checked on its own. Not a test on iOS.
@Suite("WaypointHost: a level's presentation")
struct PresentedItemTests {
  @Test("A11: a binding read after its level left the state reads nothing, never past the levels")
  func staleLevel() throws {
    var state = NavigationState(stack: [Screen(id: "List#1", target: "List")])
    _ = try state.show(NavigationTransition(.sheet, screen: Screen(id: "Note#2", target: "Note")))
    let sheet = PresentedItem.shown(in: state, level: 0, shownLevels: 2, live: true, styles: [.sheet])
    #expect(sheet?.screen.id == "Note#2")
    // The sheet's own level presents nothing; the view of a level the state no longer has (the
    // user dismissed the sheet, its view not drawn again yet) reads nothing either.
    #expect(PresentedItem.shown(in: state, level: 1, shownLevels: 3, live: true, styles: [.sheet]) == nil)
    let dismissed = NavigationState(stack: [Screen(id: "List#1", target: "List")])
    #expect(PresentedItem.shown(in: dismissed, level: 1, shownLevels: 3, live: true, styles: [.sheet]) == nil)
    #expect(PresentedItem.shown(in: dismissed, level: 5, shownLevels: 7, live: true, styles: [.sheet]) == nil)
  }

  @Test(
    "a route that presents its stack is one sheet or popover whose NavigationStack holds the rest of the stack",
    arguments: [("sheet", PresentedItem.Style.sheet), ("popover", .popover)])
  @MainActor
  func presentedStack(presentation: String, style: PresentedItem.Style) async throws {
    let manifest = try RouteManifest(
      json: """
        {"routes": [{"pattern": "app://project/<int:id>/comments", "target": "Comments", "presentation": "\(presentation)",
          "presentsStack": true, "under": [{"target": "Project", "parameters": ["id"]}]}]}
        """)
    let navigator = HeadlessNavigator(state: NavigationState(stack: [Screen(id: "Home#1", target: "Home")]))
    var registry = ModuleRegistryBuilder()
    registry.register(Home.self, target: "Home") { _ in Home() }
    registry.register(Project.self, target: "Project") { _ in Project() }
    registry.register(Comments.self, target: "Comments") { _ in Comments() }
    let modules = ScreenCoordinator(registry: try registry.build(), navigator: navigator)
    var builder = RouterBuilder()
    modules.registerTargets(in: &builder)
    builder.add(manifest)
    _ = try await builder.build().open("app://project/7/comments")
    let state = navigator.state
    let sheet = PresentedItem.shown(in: state, level: 0, shownLevels: 2, live: true, styles: [style])
    #expect(sheet?.screen.target == "Project", "one \(presentation), its root the project")
    #expect(state.levels[1].hasNavigationStack, "the level is drawn in a NavigationStack")
    #expect(state.path(at: 1).map(\.target) == ["Comments"], "the stack's path: the link's screen")
    #expect(PresentedItem.shown(in: state, level: 1, shownLevels: 2, live: true, styles: [style]) == nil)
  }
}

private final class Home {}
private final class Project {}
private final class Comments {}
