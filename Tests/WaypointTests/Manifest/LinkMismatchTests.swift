import Testing
import Waypoint
import WaypointExamples

/// A manifest replaced at run time is checked against the typed links the app was compiled with.
@Suite("Typed links against replaced manifests")
struct LinkMismatchTests {
  static let manifest = #"""
    {"revision": 1, "routes": [
      {"pattern": "notes://note/<int:id>", "name": "note.show", "target": "Note"},
      {"pattern": "notes://search(/:query)", "name": "search", "target": "Note"}
    ]}
    """#

  /// Two routes of the example manifest, as `waypoint generate` would write them.
  enum TwoLinks: RoutableLink, Equatable {
    case note(id: Int)
    case search(query: String?)
    static let routeDefinitions = [
      RouteDefinition(pattern: "notes://note/<int:id>", name: "note.show"),
      RouteDefinition(pattern: "notes://search(/:query)", name: "search"),
    ]
    init(route name: String, request: RouteRequest) throws(RoutingError) {
      self =
        name == "search"
        ? .search(query: try request.linkValue("query", from: .path, as: String?.self))
        : .note(id: try request.linkValue("id", from: .path, as: Int.self))
    }
    var routeValues: RouteValues {
      switch self {
      case .note(let id): RouteValues("note.show", parameters: ["id": ParameterValue(linkValue: id)])
      case .search(let query): RouteValues("search", parameters: query.map { ["query": .value($0)] } ?? [:])
      }
    }
  }

  func holder() throws -> RouterHolder {
    var builder = RouterBuilder()
    builder.register(target: "Note") { request in request.route?.name ?? "" }
    builder.add(try RouteManifest(json: Self.manifest))
    builder.requireLinks(TwoLinks.self)
    return try RouterHolder(builder: builder)
  }

  @Test("a replacement that keeps the routes, with other targets or priorities, is taken")
  func keeps() throws {
    let holder = try holder()
    try holder.replace(
      manifest: try RouteManifest(
        json: #"""
          {"revision": 2, "routes": [
            {"pattern": "notes://note/<int:id>", "name": "note.show", "target": "Note", "priority": 3},
            {"pattern": "notes://search(/:query)", "name": "search", "target": "Note"},
            {"pattern": "notes://new", "name": "new", "target": "Note"}
          ]}
          """#))
    #expect(holder.revision == 2)
    #expect(holder.router.canOpen(TwoLinks.note(id: 1)))
  }

  @Test("a replacement that drops or retypes a route the links need is refused when loaded, naming it")
  func refuses() throws {
    let holder = try holder()
    let dropped =
      #"{"revision": 2, "routes": [{"pattern": "notes://search(/:query)", "name": "search", "target": "Note"}]}"#
    let retyped = #"""
      {"revision": 3, "routes": [
        {"pattern": "notes://note/:id", "name": "note.show", "target": "Note"},
        {"pattern": "notes://search(/:query)", "name": "search", "target": "Note"}
      ]}
      """#
    for (json, expected) in [
      (dropped, "TwoLinks needs the route 'note.show' (notes://note/<int:id>), which the routes lack"),
      (
        retyped,
        "TwoLinks needs the route 'note.show' as 'notes://note/<int:id>', but the routes have it as 'notes://note/:id'"
      ),
    ] {
      do {
        try holder.replace(manifest: try RouteManifest(json: json))
        Issue.record("a manifest without the links' routes was taken")
      } catch {
        let mismatch = error.errors(as: RoutingError.self).first { $0.code == .linkMismatch }
        #expect(mismatch?.message == expected)
      }
      #expect(holder.revision == 1, "the router in use keeps serving")
      #expect(holder.router.canOpen(TwoLinks.note(id: 1)))
    }
  }

  @Test("the example manifest has every route its generated links need")
  func example() throws {
    var builder = RouterBuilder()
    builder.allowsUnhandledTargets = true
    builder.add(try RouteManifest(data: ExampleManifest.data()))
    builder.requireLinks(ExampleLink.self)
    #expect(throws: Never.self) { try builder.build() }
  }
}
