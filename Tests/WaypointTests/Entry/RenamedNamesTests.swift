import Testing
import Waypoint

/// The names of the last release, deprecated for one release, still say what the new ones say.
@MainActor
@Suite("Names of the last release")
struct RenamedNamesTests {
  @Test("the old names of the module events and navigation codes are the new ones")
  @available(*, deprecated)
  func eventsAndCodes() {
    #expect(ModuleEvent.Phase.willPerform == .willShow)
    #expect(ModuleEvent.Phase.didPerform == .didShow)
    #expect(ModuleEvent.Phase.failedToPerform == .failedToShow)
    #expect(NavigationError.Code.overRoute == .inTransition)
    #expect(NavigationError.Code.alreadyPerformed == .alreadyShown)
    #expect(NavigationError.Code.notPerformed == .notShown)
  }

  @Test("modules(for:), open(_:target:) and perform() reach the window's coordinator and show as before")
  @available(*, deprecated)
  func coordinatorAndVerbs() async throws {
    let app = try AppFixture.app()
    let window: ModuleNavigator = app.openWindow(navigator: HeadlessNavigator(state: app.start))
    #expect(app.modules() === window)
    #expect(app.windows.modules(for: WaypointApp.mainWindow) === window)
    let request = try #require(app.router.router.resolve("notes://note/3").request)
    let note = try await window.open(request, target: "Note")
    #expect(window.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
    try await note.remove()
    #expect(note.state == .removed)
    try await note.perform()
    #expect(note.state == .shown)
  }
}
