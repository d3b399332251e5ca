import TestSupport
import Testing

@testable import WaypointMatching

@Suite("Lint warnings")
struct LintTests {
  func warnings(_ patterns: [String], priorities: [String: Int] = [:]) -> [Diagnostic] {
    var builder = RouteTableBuilder<String>()
    for pattern in patterns { builder.add(pattern, priority: priorities[pattern] ?? 0, payload: pattern) }
    return builder.diagnose().filter { $0.severity == .warning }
  }

  @Test("empty segments are reported with how the pattern reads once they are collapsed")
  func emptySegments() throws {
    let found = warnings(["/////aaaaaa/////", "myapp://user//:id", "https://example.com//a"])
    #expect(found.map(\.routing?.code) == [.emptySegment, .emptySegment, .emptySegment])
    #expect(found.map(\.routing?.column) == [2, 14, 21])
    #expect(found[0].message.contains("reads as '/aaaaaa/'"), "\(found[0].message)")
    #expect(found[1].message.contains("reads as 'myapp://user/:id'"))
    #expect(found[2].message.contains("reads as 'https://example.com/a'"))
    // One trailing slash, an empty authority and an optional group are not empty segments.
    #expect(warnings(["/a/", "myapp:///user/:id", "https:///a", "/a(/:b)"]).isEmpty)
    // The collapsed pattern is the same route.
    var builder = RouteTableBuilder<Int>()
    builder.add("/////aaaaaa/////", payload: 1)
    let table = try builder.build()
    #expect(try table.match("/aaaaaa")?.payload == 1)
  }

  @Test("with emptySegments: keep, the warning says a URL written like the pattern does not match it")
  func emptySegmentsKept() throws {
    var options = MatchingOptions()
    options.emptySegments = .keep
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add("/a//b", payload: 1)
    let message = builder.diagnose().first?.message ?? ""
    #expect(message.contains("a URL written like the pattern does not match it"), "\(message)")
  }

  @Test("a pattern that names only a scheme says what it matches")
  func schemeOnly() {
    let found = warnings(["tel://", "http://"])
    #expect(found.map(\.routing?.code) == [.schemeOnly, .schemeOnly])
    #expect(found[0].message.contains("only 'tel://' (or 'tel:') with nothing after it"), "\(found[0].message)")
    #expect(found[1].message.contains("'http' URLs of any host whose path is empty"), "\(found[1].message)")
    #expect(warnings(["tel://*", "https://example.com", "myapp://home"]).isEmpty)
  }

  @Test("identical patterns are a conflict that says they are the same and how to tell them apart")
  func identicalConflict() {
    var builder = RouteTableBuilder<Int>()
    builder.add("/user/:id", payload: 1)
    builder.add("/user/:id", payload: 2)
    builder.add("/post/:id", payload: 3)
    builder.add("/post/:slug", payload: 4)
    let errors = builder.diagnose().compactMap(\.routing).filter { $0.code == .conflict }
    #expect(errors.count == 2)
    #expect(errors[0].message.contains("have the same pattern"), "\(errors[0].message)")
    #expect(errors[0].message.contains("'<int:id>'") && errors[0].message.contains("a constraint"))
    #expect(!errors[1].message.contains("have the same pattern"))
    #expect(errors[1].message.contains("parameter names do not tell routes apart"), "\(errors[1].message)")
  }

  @Test("a route covered by a higher-priority route is shadowed")
  func shadowedByPriority() {
    let found = warnings(["/u/:id", "/u/me"], priorities: ["/u/:id": 1])
    #expect(found.map(\.routing?.code) == [.shadowed])
    #expect(found.first?.routing?.pattern == "/u/me")
    #expect(found.first?.message.contains("'/u/:id'") == true)
  }

  @Test("a route covered by a scheme-restricted route of its scheme is shadowed")
  func shadowedByScheme() {
    #expect(warnings(["myapp://u/*rest", "myapp://u/a/b"]).isEmpty)
    #expect(warnings(["/u/:id", "myapp://u/:x"]).isEmpty)
    #expect(warnings(["myapp://u/:x", "/u/:id"]).isEmpty, "the unrestricted route still serves other schemes")
  }

  @Test("shadowing needs every spelling covered")
  func optionalGroups() {
    #expect(warnings(["/a/:x", "/a(/b)"], priorities: ["/a/:x": 1]).isEmpty, "'/a' is still reachable")
    #expect(warnings(["/a/*r", "/a/b(/c)"], priorities: ["/a/*r": 1]).map(\.routing?.code) == [.shadowed])
  }

  @Test("constraints decide coverage of literals")
  func constraints() {
    #expect(warnings(["/p/<int:n>", "/p/42"], priorities: ["/p/<int:n>": 1]).map(\.routing?.code) == [.shadowed])
    #expect(warnings(["/p/<int:n>", "/p/me"], priorities: ["/p/<int:n>": 1]).isEmpty)
    #expect(warnings(["/p/<int:n>", "/p/:m"], priorities: ["/p/<int:n>": 1]).isEmpty)
  }

  @Test(
    "regexes prone to catastrophic backtracking", arguments: ["(a+)+$", "(a*)*", "(a|aa)+", "(\\d+){2,}", "((ab)*c)*"])
  func catastrophic(_ regex: String) {
    let found = warnings(["/x/:v(\(regex))"])
    #expect(found.map(\.routing?.code) == [.catastrophicRegex])
    #expect(found.first?.routing?.parameter == "v")
  }

  @Test(
    "safe regexes are not flagged",
    arguments: ["[0-9]+", "(ab)+", "a+b+", "[a-z]{2,3}(-[a-z]+)?", "\\(a+\\)+", "[(a+)+]"])
  func safe(_ regex: String) {
    #expect(warnings(["/x/:v(\(regex))"]).isEmpty)
  }

  @Test("overlapping regex routes at one place are flagged with a value both take")
  func overlapping() {
    let found = warnings(["/p/:n([0-9]+)", "/p/:h([0-9a-f]+)"])
    #expect(found.map(\.routing?.code) == [.overlappingRegex])
    #expect(found.first?.message.contains("'0'") == true)
    #expect(warnings(["/p/:n([0-9]+)", "/p/:w([a-z]+)"]).isEmpty)
  }

  @Test("the shadowing check compares spellings by shape and finds what comparing every pair finds")
  func shadowingMatchesAllPairs() throws {
    var random = SeededGenerator(seed: 0x5AD0)
    let pieces = ["a", "b", ":x", "<int:n>", ":s([a-z]+)", "*rest", "(/c)", "(/:o)"]
    let prefixes = ["", "myapp://", "myapp://h/", "other://"]
    var shadowedSeen = 0
    for _ in 0..<300 {
      var builder = RouteTableBuilder<Int>()
      for index in 0..<Int.random(in: 2...9, using: &random) {
        let length = Int.random(in: 1...3, using: &random)
        var pattern = prefixes[Int.random(in: 0..<prefixes.count, using: &random)]
        for position in 0..<length {
          let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
          if piece.hasPrefix("(") {
            pattern += piece
          } else {
            pattern += (position == 0 && pattern.hasSuffix("/") ? "" : "/") + piece
          }
        }
        builder.add(pattern, priority: Int.random(in: 0...2, using: &random), payload: index)
      }
      guard let table = try? builder.build() else { continue }
      let filtered = table.index.shadowedRoutes().map(\.route)
      let reference = table.index.shadowedRoutes(allPairs: true).map(\.route)
      #expect(filtered == reference, "\(table.index.infos.map(\.source))")
      shadowedSeen += reference.count
    }
    #expect(shadowedSeen > 20, "the generated tables shadow routes often enough to test the search")
  }
}
