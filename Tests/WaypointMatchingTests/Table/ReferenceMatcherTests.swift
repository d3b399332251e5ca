import TestSupport
import Testing

@testable import WaypointMatching

/// The compiled table against ``ReferenceMatcher``, the precedence rules written plainly: on
/// random tables and URLs, both pick the same route with the same parameters and rest, and list
/// the same candidates in the same order.
@Suite("Table and reference matcher agree")
struct ReferenceMatcherTests {
  /// Options picked by `seed`'s bits, so each seed runs under other ones.
  static func options(_ seed: UInt64) -> MatchingOptions {
    var options = MatchingOptions()
    options.caseSensitive = seed & 1 == 0
    options.trailingSlash = seed & 2 == 0 ? .ignore : .strict
    options.host = MatchingOptions.HostMode.allCases[Int(seed >> 2) % 3]
    options.emptySegments = seed & 32 == 0 ? .collapse : .keep
    return options
  }

  /// A URL for `table`: one of its routes spelled with random values and groups (so it may be read
  /// by another route), or random segments.
  static func randomURL(_ table: RouteTable<String>, _ generator: inout SeededGenerator) -> String {
    let tokens = RandomRoutes.values + RandomRoutes.literals + ["A", "ME", "", "item-", ".json"]
    guard Int.random(in: 0..<4, using: &generator) > 0, let route = table.routes.randomElement(using: &generator) else {
      let scheme = ["", "myapp:/", "https://example.com", "https://other.org", "MyApp:/"]
      let count = Int.random(in: 0...4, using: &generator)
      let path = (0..<count).map { _ in tokens.randomElement(using: &generator) ?? "a" }
      let slash = Bool.random(using: &generator) ? "/" : ""
      return (scheme.randomElement(using: &generator) ?? "") + "/" + path.joined(separator: "/") + slash
    }
    var values: [String: ParameterValue] = [:]
    for segment in route.pattern.segments {
      switch segment.kind {
      case .parameter(let parameter):
        // Mostly a value the constraint accepts, so the URL reaches the route and its rivals.
        let accepted = tokens.filter { !$0.isEmpty && parameter.constraint.accepts(Substring($0)) }
        let pool = accepted.isEmpty || Int.random(in: 0..<5, using: &generator) == 0 ? tokens : accepted
        values[parameter.name] = .value(pool.randomElement(using: &generator) ?? "a")
      case .rest(let name?): values[name] = .segments([RandomRoutes.values.randomElement(using: &generator) ?? "a"])
      default: continue
      }
    }
    let groups = Int.random(in: 0..<(1 << route.pattern.groupCount), using: &generator)
    return (try? route.pattern.spell(values, groups: groups)) ?? "/"
  }

  @Test("random tables and URLs: the same route, parameters, rest and candidates", arguments: 0..<16)
  func agree(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 11)
    let options = Self.options(seed)
    var compared = 0
    var matched = 0
    var contested = 0
    for _ in 0..<40 {
      let table = try RandomRoutes.table(
        Int.random(in: 2...10, using: &generator), &generator, options: options, schemes: true, priorities: -1...1)
      let reference = ReferenceMatcher(table)
      for _ in 0..<20 {
        let text = Self.randomURL(table, &generator)
        guard let url = try? table.parse(text) else { continue }
        let expected = reference.candidates(for: url)
        let found = Array(table.candidates(for: url)).map { ReferenceMatcher.Match($0, in: table) }
        let best = table.match(url).map { ReferenceMatcher.Match($0, in: table) }
        let routes = table.routes.map(\.pattern.source)
        #expect(best == expected.first, "\(text) in \(routes): table \(String(describing: best))")
        #expect(found == expected, "\(text) in \(routes): candidates \(found), reference \(expected)")
        compared += 1
        if best != nil { matched += 1 }
        if expected.count > 1 { contested += 1 }
      }
    }
    // Most URLs match, some match nothing, and some match several routes, where precedence decides.
    #expect(compared > 600)
    #expect(matched > compared / 2 && matched < compared)
    #expect(contested > 0)
  }

  @Test("the documented precedence, case by case, in both")
  func documentedCases() throws {
    let cases: [(routes: [String], url: String, winner: String)] = [
      (["/:provider", "/google/callback"], "/google", "/:provider"),
      (["/a/:x", "/a/b"], "/a/b", "/a/b"),
      (["/f/*rest", "/f/:x"], "/f/y", "/f/:x"),
      (["/u/:id", "/u/<int:id>"], "/u/7", "/u/<int:id>"),
      (["/u/<int:id>", "/u/:id([0-9]+)"], "/u/7", "/u/:id([0-9]+)"),
      (["/u/:id([0-9]+)", "/u/item-:id"], "/u/item-7", "/u/item-:id"),
      (["/:x", "myapp://:x"], "myapp://y", "myapp://:x"),
      (["/a(/:x)(/b)", "/a/b/:y"], "/a/b", "/a(/:x)(/b)"),
      // The shape first registered at a place ranks first among equals, for every route using it.
      (["/:a(x)/q", "/:a(.)/:b(.)", "/:a(x)/:c(z)"], "/x/z", "/:a(x)/:c(z)"),
    ]
    for (routes, url, winner) in cases {
      let table = try makeTable(routes)
      let parsed = try table.parse(url)
      let reference = try #require(ReferenceMatcher(table).match(parsed))
      #expect(table.routes[reference.route].pattern.source == winner, "\(url) in \(routes)")
      #expect(try table.match(url)?.payload == winner, "\(url) in \(routes)")
    }
  }
}
