import Foundation
import Testing
import Waypoint
import WaypointExamples

@MainActor
@Suite("Routes in code with a manifest's whole vocabulary")
struct CodeRouteTests {
  /// The same routes as `LinkPlacementTests.manifest`, written in code, with every field.
  static func addRoutes(to builder: inout RouterBuilder) {
    builder.add(
      RouteDefinition(
        pattern: "notes://note/<int:id>", name: "note", target: "NoteEditor", under: ["NoteList"],
        placement: Placement(tab: "notes", presented: .dismiss)))
    builder.add(
      RouteDefinition(
        pattern: "notes://found/<int:id>", name: "found", target: "NoteEditor", placement: Placement(tab: "search")))
    builder.add(
      RouteDefinition(
        pattern: "notes://peek/<int:id>", name: "peek", target: "NoteEditor", placement: Placement(presented: .keep)))
    builder.add(
      RouteDefinition(
        pattern: "notes://strict/<int:id>", name: "strict", target: "NoteEditor",
        placement: Placement(presented: .refuse)))
    builder.add(
      RouteDefinition(
        pattern: "notes://side/<int:id>", name: "side", target: "NoteEditor", under: ["NoteList"],
        placement: Placement(column: .secondary)))
    builder.add(
      RouteDefinition(
        pattern: "notes://elsewhere", name: "elsewhere", target: "NoteList", placement: Placement(tab: "archive")))
  }

  @Test("each route in code is the route the manifest declares, field for field")
  func sameAsManifest() throws {
    let manifest = try RouteManifest(json: LinkPlacementTests.manifest)
    var code = RouterBuilder()
    Self.addRoutes(to: &code)
    code.allowsUnhandledTargets = true
    let router = try code.build()
    for declared in manifest.routes {
      #expect(router.routes.contains(declared), "\(declared) is missing or differs")
    }
    #expect(router.routes.count == manifest.routes.count)

    var everything = RouterBuilder()
    everything.add(
      RouteDefinition(
        pattern: "notes://all/<int:id>", name: "all", target: "NoteEditor", presentation: .sheet, exposure: .public,
        priority: 3, defaults: ["mode": "read"], under: ["NoteList"],
        placement: Placement(tab: "notes", column: .secondary, presented: .dismiss)))
    everything.allowsUnhandledTargets = true
    let route = try #require(try everything.build().resolve("notes://all/1").route)
    #expect(
      route
        == RouteDefinition(
          pattern: "notes://all/<int:id>", name: "all", target: "NoteEditor", presentation: .sheet, exposure: .public,
          priority: 3, defaults: ["mode": "read"], under: ["NoteList"],
          placement: Placement(tab: "notes", column: .secondary, presented: .dismiss)))
  }

  @Test("a link to a route in code selects its tab and builds its under screens, as a manifest's does")
  func placesLikeAManifest() async throws {
    let navigator = LinkPlacementTests.tabbedNavigator()
    let modules = try makeModules(navigator: navigator)
    var builder = RouterBuilder()
    modules.registerTargets(in: &builder)
    Self.addRoutes(to: &builder)
    let router = try builder.build()
    try modules.reconcile(.selectedTab("search"))
    let editor = try await router.open("notes://note/42").value(as: ShownModule.self)
    #expect(navigator.state.tabs?.selected == "notes")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.id) == ["NoteList#1", editor.screen.id])
    #expect(editor.destination(as: EditorScreen.self)?.title == "note 42 read")
  }

  @Test("routes in code join a group's prefix and middleware; a route value may carry its own handler")
  func groupsAndValues() async throws {
    let seen = Recorder()
    var builder = RouterBuilder()
    builder.register(target: "Editor") { request in "editor \(try request.int("id"))" }
    builder.group(
      "notes://shared",
      middleware: [
        ClosureMiddleware { request, next in
          seen.record("group \(request.route?.name ?? "")")
          return try await next(request)
        }
      ]
    ) { shared in
      shared.add(RouteDefinition(pattern: "/<int:id>", name: "shared", target: "Editor", exposure: .public))
    }
    builder.add(RouteDefinition(pattern: "notes://plain/<int:id>", name: "plain", target: "Editor"))
    builder.add(RouteDefinition(pattern: "notes://own", name: "own"), handler: ClosureHandler { _ in "own" })
    let router = try builder.build()
    #expect(try await router.open("notes://shared/3", origin: .external()).value(as: String.self) == "editor 3")
    #expect(seen.all == ["group shared"])
    #expect(try await router.open("notes://plain/4").value(as: String.self) == "editor 4")
    #expect(try await router.open("notes://own").value(as: String.self) == "own")
    #expect(!router.canOpen("notes://plain/4", origin: .external()), "internal unless said otherwise")
  }

  @Test("a manifest from a bundle's resources in one call; a missing one names the resource")
  func bundleResource() throws {
    let manifest = try NotesApp.bundledManifest()
    #expect(manifest.routes.contains { $0.name == "note" })
    do {
      _ = try RouteManifest(resource: "no-such-routes.json", bundle: .main)
      Issue.record("a missing resource was read")
    } catch {
      #expect(error.errors.count == 1)
      #expect("\(error)".contains("has no resource 'no-such-routes.json'"))
    }
  }
}
