import Testing

@testable import WaypointMatching

/// A printed URL opens, through the whole table, the route it was printed for with the same
/// parameters; where none can, printing throws `unprintableURL` naming what would open instead.
@Suite("Printed URLs open their route")
struct PrintedURLTests {
  @Test("a value equal to a literal sibling is refused, naming the sibling")
  func literalSibling() throws {
    var builder = RouteTableBuilder<String>()
    builder.add("myapp://user/me", name: "me", payload: "me")
    builder.add("myapp://user/:id", name: "user", payload: "user")
    let table = try builder.build()
    #expect(try table.url(for: "user", parameters: ["id": "42"]) == "myapp://user/42")
    #expect(try table.url(for: "user", parameters: ["id": "mine"]) == "myapp://user/mine")
    let error = try #require(throws: RoutingError.self) { try table.url(for: "user", parameters: ["id": "me"]) }
    #expect(error.code == .unprintableURL)
    #expect(error.routeName == "user")
    #expect(error.routePosition == 1)
    #expect(error.parameter == "id")
    #expect(error.url == "myapp://user/me")
    #expect(
      error.message
        == "no URL opens route 'myapp://user/:id' (user) with id='me': 'myapp://user/me' opens route "
        + "'myapp://user/me' (me) instead, which reads 'me' as a literal")
  }

  @Test("a literal-only optional group is added when the URL needs it to keep a parameter")
  func literalGroupAdded() throws {
    let pattern = try RoutePattern("/a(/:f)(/7)")
    #expect(try pattern.url(parameters: ["f": "7"]) == "/a/7/7")
    #expect(try pattern.url(parameters: ["f": "8"]) == "/a/8")
    #expect(try pattern.url() == "/a")
    let table = try makeTable(["/a(/:f)(/7)"])
    let url = try table.url(for: "/a(/:f)(/7)", parameters: ["f": "7"])
    #expect(parameters(try table.match(url)) == ["f": "7"])
  }

  @Test("another reading of the route's groups is refused, naming both groups")
  func otherGroupReading() throws {
    let pattern = try RoutePattern("/a(/:x)(/:y)")
    #expect(try pattern.url(parameters: ["x": "v"]) == "/a/v")
    let error = try #require(throws: RoutingError.self) { try pattern.url(parameters: ["y": "v"]) }
    #expect(error.code == .unprintableURL)
    #expect(error.parameter == "y")
    #expect(
      error.message
        == "no URL opens route '/a(/:x)(/:y)' with y='v': '/a/v' opens the same route read with its optional "
        + "group '(/:x)' and without '(/:y)', which reads 'v' as its parameter 'x'")
  }

  @Test("a route that ranks higher on the printed URL is named")
  func higherPriority() throws {
    let table = try makeTable(["/u/:id", "/u/:name"], priorities: ["/u/:name": 1])
    let error = try #require(throws: RoutingError.self) { try table.url(for: "/u/:id", parameters: ["id": "7"]) }
    #expect(error.code == .unprintableURL)
    #expect(
      error.message.contains("opens route '/u/:name' (/u/:name) instead, which reads '7' as its parameter 'name'"))
  }

  @Test("a rest whose segments another route reads is refused; a longer one prints")
  func restShadowed() throws {
    let table = try makeTable(["/files/*path", "/files/a/:x"])
    let error = try #require(throws: RoutingError.self) {
      try table.url(for: "/files/*path", parameters: ["path": ["a", "b"]])
    }
    #expect(error.code == .unprintableURL)
    #expect(error.parameter == "path")
    #expect(
      error.message.contains(
        "with path='a/b': '/files/a/b' opens route '/files/a/:x' (/files/a/:x) instead, which reads 'a' as a literal"))
    let url = try table.url(for: "/files/*path", parameters: ["path": ["a", "b", "c"]])
    #expect(try table.match(url)?.rest == ["a", "b", "c"])
  }

  @Test("an empty value that leaves a collapsed segment opens no route")
  func emptyValueCollapsed() throws {
    let collapsing = try RoutePattern("/p/:x(a*)/q")
    let error = try #require(throws: RoutingError.self) { try collapsing.url(parameters: ["x": ""]) }
    #expect(error.code == .unprintableURL)
    #expect(error.parameter == "x")
    #expect(error.message.hasSuffix("'/p//q' opens no route"))
    let keeping = try RoutePattern("/p/:x(a*)/q", options: options { $0.emptySegments = .keep })
    #expect(try keeping.url(parameters: ["x": ""]) == "/p//q")
  }

  @Test("a URL over the table's length limit is refused with the limit's reason")
  func overLimit() throws {
    let pattern = try RoutePattern("/p/:x", options: options { $0.maxURLLength = 16 })
    #expect(try pattern.url(parameters: ["x": "short"]) == "/p/short")
    let error = try #require(throws: RoutingError.self) {
      try pattern.url(parameters: ["x": .value(String(repeating: "v", count: 20))])
    }
    #expect(error.code == .unprintableURL)
    #expect(error.message.contains("the printed URL cannot be read"))
  }

  @Test("a group printed with only some of its parameters is an error naming the missing one")
  func partialGroup() throws {
    let pattern = try RoutePattern("/user(/:a/:b)")
    #expect(try pattern.url(parameters: ["a": "1", "b": "2"]) == "/user/1/2")
    let error = try #require(throws: RoutingError.self) { try pattern.url(parameters: ["a": "1"]) }
    #expect(error.code == .invalidParameter)
    #expect(error.parameter == "b")
    #expect(error.message.contains("the optional group '(/:a/:b)' is printed only with all its parameters"))
  }

  @Test("the table's options decide: case-insensitive literals shadow a value in any case")
  func tableOptions() throws {
    let sensitive = try makeTable(["/u/me", "/u/:id"])
    #expect(try sensitive.url(for: "/u/:id", parameters: ["id": "ME"]) == "/u/ME")
    let insensitive = try makeTable(["/u/me", "/u/:id"], options: options { $0.caseSensitive = false })
    let error = try #require(throws: RoutingError.self) { try insensitive.url(for: "/u/:id", parameters: ["id": "ME"]) }
    #expect(error.code == .unprintableURL)
  }
}
