import Foundation
import Testing
import Waypoint

@MainActor
@Suite("Windows: one navigation state per window, and the window a link opens in")
struct WindowCoordinatorsTests {
  func make() throws -> (WindowCoordinators, Router) {
    let windows = WindowCoordinators(registry: try makeModules().registry)
    var builder = RouterBuilder()
    windows.registerTargets(in: &builder)
    builder.add(try RouteManifest(json: DeepLinkNavigationTests.manifest))
    return (windows, try builder.build())
  }

  @Test("a link opens in the window it arrived in, and only there")
  func arrivalWindow() async throws {
    let (windows, router) = try make()
    let first = windows.add("A", navigator: HeadlessNavigator())
    let second = windows.add("B", navigator: HeadlessNavigator())
    _ = try await router.open("notes://note/1", extras: [WindowCoordinators.windowExtra: "A"])
    _ = try await router.open("notes://home", extras: [WindowCoordinators.windowExtra: "B"])
    #expect(first.navigator.state.stack.map(\.target) == ["NoteList", "NoteEditor"])
    #expect(second.navigator.state.stack.map(\.target) == ["NoteList"])
    #expect(windows.state(of: "A") == first.navigator.state)
  }

  @Test("without a window, a link opens in the most recently active one; the app's rule comes first")
  func defaultAndChosen() async throws {
    let (windows, router) = try make()
    let first = windows.add("A", navigator: HeadlessNavigator())
    let second = windows.add("B", navigator: HeadlessNavigator())
    windows.activate("A")
    #expect(windows.windowIDs == ["B", "A"])
    _ = try await router.open("notes://home")
    #expect(first.navigator.state.stack.count == 1 && second.navigator.state.stack.isEmpty)
    windows.chooseWindow = { request, _ in request.url.string.hasSuffix("home") ? "B" : nil }
    _ = try await router.open("notes://home", extras: [WindowCoordinators.windowExtra: "A"])
    #expect(second.navigator.state.stack.count == 1, "the app's rule wins over the arrival window")
    #expect(windows.add("B", navigator: HeadlessNavigator()) === second, "an open window keeps its navigator")
  }

  @Test("a link with no open window to take it fails with a clear error; a closed window takes none")
  func noWindow() async throws {
    let (windows, router) = try make()
    let error = await #expect(throws: RoutingError.self) { try await router.open("notes://home") }
    #expect(error?.code == .handlerFailed)
    #expect((error?.underlying as? NavigationError)?.message.contains("no open window") == true)
    let first = windows.add("A", navigator: HeadlessNavigator())
    _ = windows.add("B", navigator: HeadlessNavigator())
    windows.close("B")
    _ = try await router.open("notes://home", extras: [WindowCoordinators.windowExtra: "B"])
    #expect(first.navigator.state.stack.count == 1, "a link for a closed window opens in the one left")
    #expect(windows.coordinator(for: "B") == nil)
  }

  @Test("each window restores its own saved state")
  func saveAndRestore() async throws {
    let (windows, router) = try make()
    _ = windows.add("A", navigator: HeadlessNavigator())
    _ = try await router.open("notes://note/3", extras: [WindowCoordinators.windowExtra: "A"])
    let saved = try JSONEncoder().encode(try #require(windows.state(of: "A")))
    windows.close("A")
    let state = try JSONDecoder().decode(NavigationState.self, from: saved)
    let restored = windows.add("A", navigator: HeadlessNavigator(state: state))
    #expect(restored.navigator.state.stack.map(\.target) == ["NoteList", "NoteEditor"])
    _ = try await router.open("notes://note/4", extras: [WindowCoordinators.windowExtra: "A"])
    #expect(restored.navigator.state.stack.last?.parameters["id"] == "4", "the restored window goes on from its state")
  }
}
