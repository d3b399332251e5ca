import Foundation
import Testing
import Waypoint

@Suite("Requests")
struct RouteRequestTests {
  func request(_ url: String, extras: [String: any Sendable] = [:]) throws -> RouteRequest {
    RouteRequest(
      url: try ParsedURL(url),
      route: RouteDefinition(pattern: "/u/:id", defaults: ["id": "0", "tab": "posts", "mode": "read"]),
      parameters: ["id": "42"], extras: extras)
  }

  @Test("merged lookup: extras > path > query > defaults; a query never overrides a path parameter")
  func precedence() throws {
    let plain = try request("/u/42?id=99&tab=likes")
    #expect(plain["id"] == "42")
    #expect(plain["tab"] == "likes")
    #expect(plain["mode"] == "read")
    #expect(plain["missing"] == nil)
    let withExtras = try request("/u/42?id=99", extras: ["id": 7, "tab": "extra"])
    #expect(withExtras.value("id") as? Int == 7)
    #expect(withExtras["tab"] == "extra")
    #expect(try withExtras.int("id") == 7)
  }

  @Test("typed accessors convert")
  func typed() throws {
    let request = RouteRequest(
      url: try ParsedURL("/x?n=42&d=2.5&b=YES&u=7F1C6A3E-1B2C-4D5E-8F90-123456789ABC&f=1.5"),
      extras: ["id": UUID(uuidString: "7f1c6a3e-1b2c-4d5e-8f90-123456789abc") as any Sendable])
    #expect(try request.int("n") == 42)
    #expect(try request.double("d") == 2.5)
    #expect(try request.bool("b"))
    #expect(try request.uuid("u").uuidString == "7F1C6A3E-1B2C-4D5E-8F90-123456789ABC")
    #expect(try request.uuid("id").uuidString == "7F1C6A3E-1B2C-4D5E-8F90-123456789ABC")
    #expect(try request.value("f", as: Float.self) == 1.5)
    #expect(try request.string("n") == "42")
    #expect(request.queryValues("n") == ["42"])
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let name: String
    let message: String
    var testDescription: String { name }
  }

  static let bad = [
    Bad(name: "n", message: "the parameter 'n' of '/x?n=abc&b=maybe&u=nope' is 'abc', which is not a Int"),
    Bad(name: "b", message: "is 'maybe', which is not a Bool"),
    Bad(name: "u", message: "is 'nope', which is not a UUID"),
    Bad(name: "missing", message: "'/x?n=abc&b=maybe&u=nope' has no parameter 'missing'"),
  ]

  @Test("typed accessors throw invalidParameter naming the parameter and the value", arguments: bad)
  func invalid(_ testCase: Bad) throws {
    let request = RouteRequest(url: try ParsedURL("/x?n=abc&b=maybe&u=nope"))
    let attempts: [() throws -> Void] = [
      { _ = try request.int(testCase.name) }, { _ = try request.bool(testCase.name) },
      { _ = try request.uuid(testCase.name) },
    ]
    let messages = attempts.compactMap { attempt -> RoutingError? in
      do {
        try attempt()
        return nil
      } catch {
        return error as? RoutingError
      }
    }
    #expect(
      messages.contains {
        $0.message.contains(testCase.message) && $0.parameter == testCase.name && $0.code == .invalidParameter
      })
  }
}

@Suite("Request consistency")
struct RequestConsistencyTests {
  @Test("setQuery changes the URL, the query and every lookup together")
  func setQuery() throws {
    var request = RouteRequest(
      url: try ParsedURL("/u/42?tab=likes&sig=ab#top"), route: RouteDefinition(pattern: "/u/:id"),
      parameters: ["id": "42"])
    try request.setQuery(request.query.filter { $0.name != "sig" } + [QueryItem(name: "a b", value: "c&d")])
    #expect(request.url.string == "/u/42?tab=likes&a%20b=c%26d#top")
    #expect(request.query.map(\.name) == ["tab", "a b"])
    #expect(request["sig"] == nil)
    #expect(request["a b"] == "c&d")
    #expect(request.fragment == "top")
    #expect(request["id"] == "42")
    try request.setQuery([])
    #expect(request.url.string == "/u/42#top")
  }

  @Test("the merged view names every value once with the source that wins")
  func mergedView() throws {
    let request = RouteRequest(
      url: try ParsedURL("/u/42?id=9&tab=a&tab=b&q"),
      route: RouteDefinition(pattern: "/u/:id", defaults: ["tab": "posts", "mode": "read"]),
      parameters: ["id": "42"], extras: ["user": 7, "mode": "edit"])
    #expect(
      request.values().map(\.description) == [
        "id=42 (path)", "tab=a (query)", "q= (query)", "mode=edit (extra)", "user=7 (extra)",
      ])
    #expect(request.value("mode", from: [.default]) as? String == "read")
    #expect(request.urlValues == ["id": "42", "tab": "a", "q": "", "mode": "read"])
  }
}

/// Path parameters as clients make them: from an array, a dictionary or a literal.
@Suite("Path parameters made by clients")
struct GivenParameterTests {
  @Test("an array keeps its order and a rest; a dictionary is in name order; a literal in its own")
  func forms() throws {
    let url = try ParsedURL("myapp://files/a/b?tab=1")
    let pairs = PathParameters([(name: "id", value: "42"), (name: "name", value: "x y")], rest: ["a", "b"])
    let request = RouteRequest(url: url, parameters: pairs)
    #expect(request.parameters["id"] == "42")
    #expect(request.parameters["name"] == "x y")
    #expect(request.rest == ["a", "b"])
    #expect(request.parameters.keys == ["id", "name"])
    #expect(request["tab"] == "1")
    let fromDictionary = RouteRequest(url: url, parameters: PathParameters(["b": "2", "a": "1"]))
    #expect(fromDictionary.parameters.keys == ["a", "b"])
    #expect(fromDictionary.parameters == ["a": "1", "b": "2"])
    #expect(fromDictionary.parameters != ["b": "2", "a": "1"], "order is part of a parameter list")
    #expect(fromDictionary.parameters.dictionary == ["a": "1", "b": "2"])
    #expect(RouteRequest(url: url).parameters.isEmpty)
    #expect(RouteRequest(url: url).rest == nil)
  }

  @Test("a request made by hand reads like one the router made")
  func likeRouted() async throws {
    var builder = RouterBuilder()
    builder.add("myapp://files/:id/*path") { request in request.parameters }
    let routed = try await builder.build().open("myapp://files/7/a/b").value(as: PathParameters.self)
    #expect(routed == PathParameters([(name: "id", value: "7"), (name: "path", value: "a/b")], rest: ["a", "b"]))
    #expect(routed.rest == ["a", "b"])
  }
}
