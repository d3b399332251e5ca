import Foundation
import Testing
import Waypoint
import WaypointExamples

@Suite("Route manifest")
struct ManifestTests {
  static let sample = """
    {
      "version": 1,
      "options": { "host": "auto", "caseSensitive": true, "trailingSlash": "ignore",
                   "emptySegments": "collapse", "decodePath": true, "plusAsSpace": true,
                   "fragmentAsQuery": false, "maxURLLength": 8192, "maxSegmentLength": 1024 },
      "routes": [
        { "name": "user.profile", "pattern": "myapp://user/<int:id>", "target": "UserProfile",
          "presentation": "push", "exposure": "public", "priority": 0, "defaults": { "tab": "posts" } },
        { "name": "legacy.profile", "pattern": "myapp://profile/:id", "redirect": "myapp://user/:id" }
      ]
    }
    """

  @Test("the design's example loads with every field carried into the payload")
  func loadsExample() throws {
    let manifest = try RouteManifest(json: Self.sample)
    #expect(manifest.version == 1)
    #expect(manifest.options == MatchingOptions())
    let first = manifest.routes[0]
    #expect(first.name == "user.profile")
    #expect(first.target == "UserProfile")
    #expect(first.presentation == .push)
    #expect(first.exposure == .public)
    #expect(first.defaults == ["tab": "posts"])
    #expect(manifest.routes[1].exposure == .internal)
    #expect(manifest.routes[1].redirect == "myapp://user/:id")
    let resolution = try manifest.makeRouter().resolve("myapp://user/42")
    #expect(resolution.route?.target == "UserProfile")
    let values = resolution.request?.values(from: [.path, .default]).map(\.description)
    #expect(values == ["id=42 (path)", "tab=posts (default)"])
  }

  @Test("every field but pattern is optional; options default")
  func minimal() throws {
    let manifest = try RouteManifest(json: #"{"routes": [{"pattern": "/a"}]}"#)
    #expect(manifest.routes == [RouteDefinition(pattern: "/a")])
    #expect(manifest == RouteManifest(routes: [RouteDefinition(pattern: "/a")]))
    #expect(manifest.options == MatchingOptions())
    let options = try RouteManifest(json: #"{"options": {"host": "segment", "caseSensitive": false}, "routes": []}"#)
      .options
    #expect(options.host == .segment)
    #expect(!options.caseSensitive)
    #expect(options.trailingSlash == .ignore)
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let json: String
    let message: String
    var route: Int?
    var name: String?
    var field: String?
    var code = "invalidManifest"
    var testDescription: String { message }
  }

  static let invalid: [Invalid] = [
    Invalid(json: "{", message: "the manifest is not valid JSON"),
    Invalid(json: "[]", message: "the manifest must be a JSON object, not an array"),
    Invalid(json: #"{"routes": [], "verison": 1}"#, message: "unknown top-level field 'verison'", field: "verison"),
    Invalid(json: #"{"version": 2, "routes": []}"#, message: "unsupported manifest version 2", field: "version"),
    Invalid(json: #"{"version": 1}"#, message: "has no 'routes' array", field: "routes"),
    Invalid(json: #"{"routes": {}}"#, message: "'routes' must be an array", field: "routes"),
    Invalid(
      json: #"{"options": {"host": "hots"}, "routes": []}"#,
      message: #"'options.host' must be one of "auto", "segment", "host", not "hots""#, field: "options.host"),
    Invalid(
      json: #"{"options": {"trailingslash": "strict"}, "routes": []}"#, message: "unknown option 'trailingslash'",
      field: "options.trailingslash"),
    Invalid(
      json: #"{"options": {"maxURLLength": 0}, "routes": []}"#, message: "must be a positive integer",
      field: "options.maxURLLength"),
    Invalid(
      json: #"{"options": {"decodePath": "yes"}, "routes": []}"#, message: "must be true or false",
      field: "options.decodePath"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a", "nmae": "x"}]}"#, message: "routes[0] field 'nmae': unknown field 'nmae'",
      route: 0, field: "nmae"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a"}, {"name": "b", "pattern": "/b", "priority": "high"}]}"#,
      message: "routes[1] ('b') field 'priority': 'priority' must be an integer, not \"high\"", route: 1, name: "b",
      field: "priority"),
    Invalid(
      json: #"{"routes": [{"name": "c"}]}"#, message: "routes[0] ('c') field 'pattern': the route has no 'pattern'",
      route: 0, name: "c", field: "pattern"),
    Invalid(
      json: #"{"routes": [{"pattern": 3}]}"#, message: "'pattern' must be a string, not 3", route: 0, field: "pattern"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a", "exposure": "private"}]}"#,
      message: "'exposure' must be \"internal\" or \"public\"", route: 0, field: "exposure"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a", "presentation": "pushh"}]}"#, message: "unknown presentation 'pushh'",
      route: 0, field: "presentation"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a", "defaults": {"x": [1]}}]}"#,
      message: "'defaults.x' must be a string, number or boolean", route: 0, field: "defaults.x"),
    Invalid(json: #"{"routes": ["/a"]}"#, message: "each route must be an object", route: 0),
    Invalid(
      json: #"{"routes": [{"name": "p", "pattern": "/a/:"}]}"#,
      message: "routes[0] ('p') field 'pattern': invalid pattern '/a/:' at column 5",
      route: 0, name: "p", field: "pattern", code: "invalidPattern"),
    Invalid(
      json: #"{"routes": [{"name": "a", "pattern": "/a/:x"}, {"name": "b", "pattern": "/a/:y"}]}"#,
      message: "routes '/a/:x' (a) and '/a/:y' (b) conflict",
      route: 1, name: "b", field: "pattern", code: "conflict"),
    Invalid(
      json: #"{"routes": [{"name": "a", "pattern": "/a"}, {"name": "a", "pattern": "/b"}]}"#,
      message: "the name 'a' is used by route 1",
      route: 1, name: "a", field: "pattern", code: "duplicateName"),
    Invalid(
      json: #"{"routes": [{"name": "r", "pattern": "/a/:x", "redirect": "/b/:y"}, {"pattern": "/b/:y"}]}"#,
      message: "routes[0] ('r') field 'redirect': the redirect uses ':y', which the route's pattern does not capture",
      route: 0, name: "r",
      field: "redirect", code: "invalidRedirect"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a/:x", "redirect": "/b/*x"}, {"pattern": "/b/*x"}]}"#,
      message: "as a rest but the route captures it as one segment",
      route: 0, field: "redirect", code: "invalidRedirect"),
    Invalid(
      json: #"{"routes": [{"pattern": "myapp://profile(/:id)", "redirect": "myapp://user/:id"}]}"#,
      message: "the redirect needs ':id', which the route captures only in an optional group",
      route: 0, field: "redirect", code: "invalidRedirect"),
    Invalid(
      json: #"{"routes": [{"pattern": "/a", "redirect": "/b("}]}"#, message: "the redirect is not a valid URL template",
      route: 0, field: "redirect",
      code: "invalidRedirect"),
  ]

  @Test("errors name the route index, name and field", arguments: invalid)
  func invalidManifest(_ testCase: Invalid) {
    let error = #expect(throws: BuildError.self) { try RouteManifest(json: testCase.json).makeTable() }
    let first = error?.diagnostics.first { $0.severity == .error }
    #expect(first?.code == testCase.code)
    #expect(first?.message.contains(testCase.message) == true, "\(first?.message ?? "no error")")
    #expect((first?.manifest?.routePosition ?? first?.routing?.routePosition) == testCase.route)
    #expect((first?.manifest?.routeName ?? first?.routing?.routeName) == testCase.name)
    #expect((first?.manifest?.field ?? first?.routing?.manifestField) == testCase.field)
  }

  @Test("lint reports every problem at once, warnings included")
  func diagnoseAll() {
    let json = #"""
      {"routes": [
        {"pattern": "/a", "bogus": 1},
        {"name": "x", "pattern": "/u/:id", "priority": 1},
        {"name": "y", "pattern": "/u/me"},
        {"name": "z", "pattern": "/r/:v((a+)+)", "redirect": "/nowhere/:v"}
      ]}
      """#
    let diagnostics = RouteManifest.diagnose(data: Data(json.utf8))
    #expect(diagnostics.map(\.code) == ["invalidManifest", "catastrophicRegex", "shadowed", "unreachableRedirect"])
    #expect(
      diagnostics.map { $0.manifest?.routePosition ?? $0.routing?.routePosition } == [0, 3, 2, 3],
      "a route that cannot be read does not hide the others' problems")
    let clean = RouteManifest.diagnose(data: Data(json.replacingOccurrences(of: #", "bogus": 1"#, with: "").utf8))
    #expect(clean.map(\.code) == ["catastrophicRegex", "shadowed", "unreachableRedirect"])
    #expect(clean.allSatisfy { $0.severity == .warning })
    #expect(clean.map { $0.manifest?.routePosition ?? $0.routing?.routePosition } == [3, 2, 3])
  }

  @Test("lint warns about a redirect that uses none of its route's parameters, naming '{id}' as literal text")
  func redirectIgnoringParameters() throws {
    let json = #"""
      {"routes": [
        {"pattern": "/user/:id"},
        {"pattern": "/user/{id}"},
        {"name": "old", "pattern": "/old/:id", "redirect": "/user/{id}"},
        {"name": "home", "pattern": "/legacy/:id", "redirect": "/user/me"},
        {"name": "kept", "pattern": "/was/:id", "redirect": "/user/:id"},
        {"name": "plain", "pattern": "/start", "redirect": "/user/start"}
      ]}
      """#
    let warnings = RouteManifest.diagnose(data: Data(json.utf8)).filter { $0.severity == .warning }
      .compactMap(\.manifest).filter { $0.code == .redirectIgnoresParameters }
    #expect(warnings.map(\.routeName) == ["old", "home"])
    #expect(warnings.allSatisfy { $0.field == "redirect" })
    #expect(
      warnings.first?.message.hasSuffix(
        "the redirect '/user/{id}' uses none of the route's parameters ('id'): every match redirects to the "
          + "same URL; '{id}' is literal text: write ':id' to carry the value") == true)
    #expect(warnings.last?.message.contains("literal text") == false)
    // A warning, not an error: the manifest still builds.
    _ = try RouteManifest(json: json).makeTable()
  }

  @Test("resolving from outside reaches only public routes and answers as for an unknown URL")
  func exposure() throws {
    let manifest = try RouteManifest(
      json:
        #"{"routes": [{"pattern": "/secret"}, {"pattern": "/open", "exposure": "public"}, {"pattern": "/:any", "exposure": "public", "priority": -1}]}"#
    )
    let router = try manifest.makeRouter()
    #expect(router.resolve("/secret").route?.pattern == "/secret")
    #expect(router.resolve("/secret", origin: .external()).route?.pattern == "/:any")
    let hidden = try RouteManifest(json: #"{"routes": [{"pattern": "/secret"}]}"#).makeRouter()
    let refused = hidden.resolve("/secret", origin: .external())
    let unknown = hidden.resolve("/unknown", origin: .external())
    #expect(refused.error?.code == .notFound)
    #expect(refused.error?.message == unknown.error?.message.replacingOccurrences(of: "unknown", with: "secret"))
  }

  @Test("a redirect fills its template from the match and keeps the query and fragment")
  func redirect() throws {
    let router = try RouteManifest(json: Self.sample).makeRouter()
    #expect(router.resolve("myapp://profile/7?ref=mail#top").redirect == "myapp://user/7?ref=mail#top")
    #expect(router.resolve("myapp://user/7").redirect == nil)
  }

  @Test("the bundled example manifest loads, lints clean and covers every pattern form")
  func bundledExample() throws {
    let data = try ExampleManifest.data()
    #expect(RouteManifest.diagnose(data: data).isEmpty)
    let manifest = try ExampleManifest.load()
    let patterns = manifest.routes.map(\.pattern).joined(separator: " ")
    for form in [
      ":phone(", "<int:", "<uuid:", "<bool:", "<double:", "<tag>", ".pdf", "note-:", "*path", "<path:", "(/", "\\:",
      "https://", "notes://*",
    ] {
      #expect(patterns.contains(form), "\(form)")
    }
    _ = try manifest.makeTable()
  }
}
