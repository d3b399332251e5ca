import Testing
import Waypoint

/// A router over `modules`' targets with the routes of `manifest` (the deep-link tests' by default).
@MainActor
func linkRouter(_ modules: ScreenCoordinator, manifest: String = DeepLinkNavigationTests.manifest) throws -> Router {
  var builder = RouterBuilder()
  modules.registerTargets(in: &builder)
  builder.add(try RouteManifest(json: manifest))
  return try builder.build()
}

@MainActor
@Suite("URL → module → screen")
struct DeepLinkNavigationTests {
  static let manifest = """
    {"routes": [
      {"name": "home", "pattern": "notes://home", "target": "NoteList", "presentation": "replaceRoot", "exposure": "public"},
      {"name": "note", "pattern": "notes://note/<int:id>", "target": "NoteEditor", "presentation": "push",
       "exposure": "public", "under": ["NoteList"], "defaults": {"mode": "read"}},
      {"name": "note.sheet", "pattern": "notes://quick/<int:id>", "target": "NoteEditor", "presentation": "sheet"},
      {"name": "note.popover", "pattern": "notes://peek/<int:id>", "target": "NoteEditor", "presentation": "popover"}
    ]}
    """

  func router(_ modules: ScreenCoordinator) throws -> Router {
    try linkRouter(modules)
  }

  @Test("opening a URL makes the module, binds the request into its configuration and performs the presentation")
  func opens() async throws {
    let modules = try makeModules()
    let router = try router(modules)
    _ = try await router.open("notes://home")
    let result = try await router.open("notes://note/42?mode=edit&ref=mail")
    let performed = try result.value(as: ShownModule.self)
    #expect(performed.destination(as: EditorScreen.self)?.title == "note 42 edit")
    #expect(performed.presentation == .push)
    #expect(
      performed.parameters == ["id": "42", "mode": "edit", "ref": "mail"], "the URL's parameters stay on the route")
    #expect(modules.navigator.state.topScreen?.parameters["id"] == "42", "and on the screen")
    #expect(modules.navigator.state.topScreen?.route == "note")
    #expect(modules.navigator.state.stack.map(\.id) == ["NoteList#1", "NoteEditor#2"])
  }

  @Test("a deep link builds the screens declared under it from a cold start, and does nothing when already there")
  func coldStart() async throws {
    let modules = try makeModules()
    let router = try router(modules)
    _ = try await router.open("notes://note/7", origin: .external())
    #expect(modules.navigator.state.stack.map(\.target) == ["NoteList", "NoteEditor"])
    #expect(modules.navigator.state.stack[0].parameters.isEmpty, "the screens under it do not take its parameters")
    #expect(modules.navigator.state.stack[1].parameters == ["id": "7", "mode": "read"])
    let eight = try await router.open("notes://note/8").value(as: ShownModule.self)
    #expect(
      modules.navigator.state.stack.map(\.target) == ["NoteList", "NoteEditor", "NoteEditor"],
      "a link never takes away what the user has")
    let again = try await router.open("notes://note/8").value(as: ShownModule.self)
    #expect(again === eight, "a link to the screen shown changes nothing")
    #expect(modules.navigator.state.stack.count == 3)
  }

  @Test("a link can name its source screen; presentation errors surface as the open's error")
  func sourcesAndErrors() async throws {
    let modules = try makeModules()
    let router = try router(modules)
    _ = try await router.open("notes://home")
    _ = try await router.open("notes://quick/3", extras: ["source": "NoteList#1"])
    #expect(modules.navigator.state.presented?.source == "NoteList#1")
    do {
      _ = try await router.open("notes://peek/4")
      Issue.record("an unsupported presentation was shown")
    } catch {
      #expect(error.code == .handlerFailed)
      #expect((error.underlying as? NavigationError)?.code == .unsupportedPresentation)
    }
  }

  @Test("the performed route of a link can be removed later")
  func removeLater() async throws {
    let modules = try makeModules()
    let router = try router(modules)
    _ = try await router.open("notes://home")
    let quick = try await router.open("notes://quick/3").value(as: ShownModule.self)
    #expect(modules.navigator.state.presented != nil)
    try await quick.remove()
    #expect(modules.navigator.state.presented == nil)
  }
}
