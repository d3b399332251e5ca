import Testing

@testable import WaypointMatching

@Suite("Precedence and backtracking")
struct PrecedenceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let rule: String
    let patterns: [String]
    let url: String
    let winner: String
    var priorities: [String: Int] = [:]
    var testDescription: String { "\(rule): \(url)" }
  }

  static let cases: [Case] = [
    Case(rule: "literal > parameter", patterns: ["/u/:id", "/u/me"], url: "/u/me", winner: "/u/me"),
    Case(rule: "affixed > regex", patterns: ["/p/:n([0-9]+)", "/p/:n.json"], url: "/p/1.json", winner: "/p/:n.json"),
    Case(rule: "regex > typed", patterns: ["/p/<int:n>", "/p/:n([0-9]+)"], url: "/p/12", winner: "/p/:n([0-9]+)"),
    Case(rule: "typed > plain", patterns: ["/p/:n", "/p/<int:n>"], url: "/p/12", winner: "/p/<int:n>"),
    Case(rule: "plain > rest", patterns: ["/p/*rest", "/p/:n"], url: "/p/x", winner: "/p/:n"),
    Case(rule: "compared from the left", patterns: ["/:a/b", "/a/:b"], url: "/a/b", winner: "/a/:b"),
    Case(rule: "compared from the left", patterns: ["/:a/b/c", "/a/:b/:c"], url: "/a/b/c", winner: "/a/:b/:c"),
    Case(
      rule: "priority first", patterns: ["/u/me", "/u/:id"], url: "/u/me", winner: "/u/:id", priorities: ["/u/:id": 1]),
    Case(rule: "negative priority last", patterns: ["/*", "/u/:id"], url: "/u/1", winner: "/u/:id"),
    Case(
      rule: "priority beats scheme", patterns: ["myapp://u/:id", "/u/:id"], url: "myapp://u/1", winner: "/u/:id",
      priorities: ["/u/:id": 1]),
    Case(
      rule: "scheme restriction beats specificity", patterns: ["/u/me", "myapp://u/:id"], url: "myapp://u/me",
      winner: "myapp://u/:id"),
    Case(
      rule: "host restriction beats scheme alone", patterns: ["/:x/:y", "https:///a/:y", "https://example.com/:a/:b"],
      url: "https://example.com/a/b", winner: "https://example.com/:a/:b"),
    Case(
      rule: "scheme restriction beats none", patterns: ["/a/:x", "https:///:a/:b"], url: "https://example.com/a/b",
      winner: "https:///:a/:b"),
    Case(
      rule: "same-rank constraints: earlier registered", patterns: ["/p/:n([0-9]+)", "/p/:m([0-9a-f]+)"], url: "/p/12",
      winner: "/p/:n([0-9]+)"),
    Case(
      rule: "same-rank constraints: earlier registered", patterns: ["/p/:m([0-9a-f]+)", "/p/:n([0-9]+)"], url: "/p/12",
      winner: "/p/:m([0-9a-f]+)"),
    Case(rule: "group present beats absent", patterns: ["/a(/b)/*r"], url: "/a/b/c", winner: "/a(/b)/*r"),
    Case(rule: "backtracking", patterns: ["/:provider", "/google/callback"], url: "/google", winner: "/:provider"),
    Case(
      rule: "backtracking", patterns: ["/:provider", "/google/callback"], url: "/google/callback",
      winner: "/google/callback"),
    Case(
      rule: "backtracking through a failed constraint", patterns: ["/a/b/<int:x>", "/a/:y/:z"], url: "/a/b/c",
      winner: "/a/:y/:z"),
    Case(rule: "backtracking into a rest", patterns: ["/a/b/c", "/a/*r"], url: "/a/b/d", winner: "/a/*r"),
  ]

  @Test("the winner follows priority, restriction, specificity, registration", arguments: cases)
  func winner(_ testCase: Case) throws {
    let table = try makeTable(testCase.patterns, priorities: testCase.priorities.merging(["/*": -1]) { $1 })
    #expect(try table.match(testCase.url)?.payload == testCase.winner)
  }

  @Test("parameters captured on an abandoned branch never leak into the result")
  func noLeak() throws {
    let table = try makeTable(["/a/:x/c/<int:n>", "/:y/b/c/d"])
    let match = try #require(try table.match("/a/b/c/d"))
    #expect(match.payload == "/:y/b/c/d")
    #expect(parameters(match) == ["y": "a"])
  }

  @Test("candidates come lazily in precedence order, each route once")
  func candidates() throws {
    let table = try makeTable(
      ["/*rest", "/u/:id", "/u/me", "/u/<int:id>", "myapp://u/:id", "/:a(/me)", "/:a/:b"], priorities: ["/*rest": -1])
    let order = try table.candidates(for: "myapp://u/me").map(\.payload)
    #expect(order == ["myapp://u/:id", "/u/me", "/u/:id", "/:a(/me)", "/:a/:b", "/*rest"])
    var iterator = try table.candidates(for: "/u/7").makeIterator()
    #expect(iterator.next()?.payload == "/u/<int:id>")
    #expect(iterator.next()?.parameters["id"] == "7")
  }

  @Test("a route's candidate carries its own parameters")
  func candidateParameters() throws {
    let table = try makeTable(["/:a/x", "/:b/:c"])
    let found = try table.candidates(for: "/1/x").map { parameters($0) }
    #expect(found == [["a": "1"], ["b": "1", "c": "x"]])
  }

  @Test("the precedence listing orders routes as the matcher does")
  func listing() throws {
    let table = try makeTable(["/*r", "/u/:id", "/u/me", "myapp://u/:id", "/u/<int:id>", "/x"], priorities: ["/x": 5])
    #expect(
      table.routesInPrecedenceOrder.map(\.payload) == ["/x", "myapp://u/:id", "/u/me", "/u/<int:id>", "/u/:id", "/*r"])
  }
}

@Suite("Building tables")
struct BuildTests {
  struct Conflict: Sendable, CustomTestStringConvertible {
    let first: String
    let second: String
    var options = MatchingOptions()
    var testDescription: String { "\(first) vs \(second)" }
  }

  static let conflicts: [Conflict] = [
    Conflict(first: "/u/:id", second: "/u/:name"),
    Conflict(first: "/u/<id>", second: "/u/:other"),
    Conflict(first: "/u/<int:a>", second: "/u/<int:b>"),
    Conflict(first: "/u/:a([0-9]+)", second: "/u/:b([0-9]+)"),
    Conflict(first: "/u/x-:a", second: "/u/x-:b"),
    Conflict(first: "/u/*a", second: "/u/*"),
    Conflict(first: "/u/*a", second: "/u/<path:b>"),
    Conflict(first: "/a(/b)", second: "/a/b"),
    Conflict(first: "/a", second: "/a/"),
    Conflict(first: "myapp://a", second: "MYAPP://a"),
    Conflict(first: "/User", second: "/user", options: options { $0.caseSensitive = false }),
    Conflict(first: "/caf%C3%A9", second: "/café"),
    Conflict(first: "/u/<string:a>", second: "/u/:b"),
  ]

  @Test("same scheme, host, shape and priority is a conflict naming both patterns", arguments: conflicts)
  func conflict(_ testCase: Conflict) {
    #expect {
      try makeTable([testCase.first, testCase.second], options: testCase.options)
    } throws: { error in
      guard let error = (error as? BuildError)?.errors(as: RoutingError.self).first else { return false }
      return error.code == .conflict && error.message.contains("'\(testCase.first)'")
        && error.message.contains("'\(testCase.second)'") && error.routePosition == 1
    }
  }

  @Test("not conflicts: other priority, scheme, host, constraint, trailing slash when strict")
  func notConflicts() throws {
    _ = try makeTable(["/u/:a", "/u/:b"], priorities: ["/u/:b": 1])
    _ = try makeTable(["/u/:a", "myapp://u/:b", "other://u/:c"])
    _ = try makeTable(["https://a.com/x", "https://b.com/x"])
    _ = try makeTable(["/u/<int:a>", "/u/<uuid:a>", "/u/:a([0-9]+)", "/u/:a", "/u/a-:b"])
    _ = try makeTable(["/a", "/a/"], options: options { $0.trailingSlash = .strict })
    _ = try makeTable(["/u(/:a)(/:b)"])
  }

  @Test("build reports the first problem and how many more")
  func severalProblems() {
    var builder = RouteTableBuilder<Int>()
    builder.add("/a(", payload: 0)
    builder.add("/b/:x", name: "b", payload: 1)
    builder.add("/b/:y", name: "b", payload: 2)
    let error = #expect(throws: BuildError.self) { try builder.build() }
    #expect(error?.errors(as: RoutingError.self).map(\.code) == [.invalidPattern, .duplicateName, .conflict])
    #expect(error?.message.hasPrefix("3 problems:\n- invalidPattern: ") == true)
    let diagnostics = builder.diagnose()
    #expect(error?.diagnostics == diagnostics)
    #expect(diagnostics.map(\.routing?.code) == [.invalidPattern, .duplicateName, .conflict])
    #expect(diagnostics.map(\.routing?.routePosition) == [0, 2, 2])
    #expect(diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test("a table is a value: later registrations do not change it")
  func immutability() throws {
    var builder = RouteTableBuilder<String>()
    builder.add("/a", payload: "a")
    let table = try builder.build()
    builder.add("/b", payload: "b")
    #expect(try table.match("/b") == nil)
    #expect(try builder.build().match("/b")?.payload == "b")
    #expect(table.route(named: "nope") == nil)
  }
}
