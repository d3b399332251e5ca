import Testing
import Waypoint

/// The routes of the editor, as the app's typed links.
enum EditorLink: RoutableLink, Equatable {
  case note(id: Int)
  case quick(id: Int)

  static let routeDefinitions = [
    RouteDefinition(pattern: "notes://note/<int:id>", name: "note"),
    RouteDefinition(pattern: "notes://quick/<int:id>", name: "note.sheet"),
  ]

  init(route name: String, request: RouteRequest) throws(RoutingError) {
    let id = try request.linkValue("id", from: .path, as: Int.self)
    switch name {
    case "note": self = .note(id: id)
    case "note.sheet": self = .quick(id: id)
    default: throw RoutingError(.unknownRoute, "EditorLink has no route '\(name)'", routeName: name)
    }
  }

  var routeValues: RouteValues {
    switch self {
    case .note(let id): RouteValues("note", parameters: ["id": ParameterValue(linkValue: id)])
    case .quick(let id): RouteValues("note.sheet", parameters: ["id": ParameterValue(linkValue: id)])
    }
  }
}

@MainActor
@Suite("Module bindings from typed links")
struct TypedBindingTests {
  func modules() throws -> ScreenCoordinator {
    var builder = ModuleRegistryBuilder()
    registerNoteScreens(in: &builder)
    builder.bind(EditorScreen.self, configuration: EditorConfiguration.self, link: EditorLink.self) {
      link, request, configuration in
      switch link {
      case .note(let id):
        configuration.noteID = id
        configuration.mode = request["mode"] ?? "read"
      case .quick(let id):
        configuration.noteID = id
        configuration.mode = "quick"
      }
    }
    return ScreenCoordinator(registry: try builder.build(), navigator: HeadlessNavigator())
  }

  @Test("a link's typed value fills the module's configuration")
  func fills() async throws {
    let modules = try modules()
    let router = try linkRouter(modules)
    let note = try await router.open(EditorLink.note(id: 42)).value(as: ShownModule.self)
    #expect(note.destination(as: EditorScreen.self)?.title == "note 42 read")
    let quick = try await router.open(EditorLink.quick(id: 7)).value(as: ShownModule.self)
    #expect(quick.destination(as: EditorScreen.self)?.title == "note 7 quick")
  }

  @Test("a route of the module that is not one of the link type's fails to make the module, saying why")
  func otherRoute() async throws {
    let modules = try modules()
    let router = try linkRouter(modules)
    _ = try await router.open("notes://home")
    do {
      _ = try await router.open("notes://peek/3")
      Issue.record("a route outside EditorLink made the module")
    } catch {
      #expect("\(error)".contains("EditorLink has no route"), "\(error)")
    }
  }
}
