import Testing
import Waypoint
import WaypointTesting

final class Page {}

@MainActor
@Suite("WaypointTesting")
struct WaypointTestingTests {
  func setUp() throws -> (RecordingNavigator, ScreenCoordinator, ModuleEventRecorder) {
    let events = ModuleEventRecorder()
    var builder = ModuleRegistryBuilder()
    builder.observe(events)
    builder.register(Page.self, target: "Page") { _ in Page() }
    let navigator = RecordingNavigator()
    return (navigator, ScreenCoordinator(registry: try builder.build(), navigator: navigator), events)
  }

  @Test("the recording navigator records transitions, removals and refusals")
  func records() async throws {
    let (navigator, modules, _) = try setUp()
    _ = try await modules.show(Page.self, .replaceRoot)
    let sheet = try await modules.show(Page.self, .sheet)
    try await sheet.remove()
    // The module navigator checks the source before anything is made: the navigator never sees it.
    _ = try? await modules.show(Page.self, .push, from: "Missing#1")
    #expect(navigator.records.count == 3)
    _ = try? await navigator.show(
      NavigationTransition(.push, screen: Screen(id: "Page#9", target: "Page"), from: "Missing#1"))
    #expect(
      navigator.records == [
        .applied(.replaceRoot, "Page#1"), .applied(.sheet, "Page#2"), .reverted("Page#2"),
        .refused(.push, .invalidSource),
      ])
    #expect(
      navigator.records.map(\.description) == [
        "replaceRoot Page#1", "sheet Page#2", "remove Page#2", "refused push: invalidSource",
      ])
  }

  @Test("module events come in make, perform, remove order")
  func moduleEvents() async throws {
    let (_, modules, events) = try setUp()
    let page = try await modules.show(Page.self, .replaceRoot)
    try await page.remove()
    #expect(
      events.lines == [
        "willMake Page", "didMake Page", "willShow Page", "didShow Page", "willRemove Page", "didRemove Page",
      ])
  }

  @Test("fixtures build states, and shapes compare without ids")
  func fixtures() async throws {
    let (navigator, modules, _) = try setUp()
    _ = try await modules.show(Page.self, .replaceRoot)
    _ = try await modules.show(Page.self, .push)
    _ = try await modules.show(Page.self, .sheet)
    let expected = NavigationState.fixture(["Page", "Page"], presenting: (.sheet, ["Page"]))
    #expect(navigator.state.hasSameShape(as: expected))
    #expect(navigator.state.outline == ["Page", "Page", "sheet: Page"])
    #expect(expected.presented?.source == "Page#2")
    #expect(!navigator.state.hasSameShape(as: .fixture(["Page"])))
  }

  @Test("the route event recorder sees every phase and one outcome per open")
  func routeEvents() async throws {
    let events = RouteEventRecorder()
    var builder = RouterBuilder()
    builder.observe(events)
    builder.add("/a") { _ in 1 }
    let router = try builder.build()
    _ = try await router.open("/a")
    _ = try? await router.open("/b")
    #expect(events.phases == [.prepare, .will, .did, .prepare, .unmatched])
    #expect(events.outcomes.count == 2)
  }
}
