import Testing

@testable import WaypointMatching

/// Terminals that capture alike share one ``Captures``; the pool that finds it hashes numbers
/// only, so it is checked against a plain scan of every shape seen.
@Suite("Shared captures")
struct CapturesPoolTests {
  /// Shapes drawn from few names and numbers, so that many repeat and many differ by one field.
  static func randomShape(_ generator: inout some RandomNumberGenerator) -> Captures.Shape {
    let names = ["id", "ix", "uid", "name", "a"]
    var places = Captures.Places()
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      places.append(
        Captures.Place(
          name: names[Int.random(in: 0..<names.count, using: &generator)],
          segment: Int16.random(in: 0...3, using: &generator),
          prefixLength: Int16.random(in: 0...1, using: &generator),
          suffixLength: Int16.random(in: 0...1, using: &generator)))
    }
    let hasRest = Bool.random(using: &generator)
    return Captures.Shape(
      places: places, restName: hasRest ? names[Int.random(in: 0..<names.count, using: &generator)] : nil,
      restStart: hasRest ? Int.random(in: 1...4, using: &generator) : nil,
      groups: Int.random(in: 0...3, using: &generator))
  }

  @Test("the pool gives one object per shape, the same one a scan of every earlier shape finds")
  func matchesScan() {
    var generator = SystemRandomNumberGenerator()
    var pool = CapturesPool()
    var seen: [Captures] = []
    for _ in 0..<5_000 {
      let shape = Self.randomShape(&generator)
      let shared = pool.shared(shape)
      #expect(shared.holds(shape))
      if let earlier = seen.first(where: { $0.holds(shape) }) {
        #expect(shared === earlier)
      } else {
        #expect(!seen.contains { $0 === shared })
        seen.append(shared)
      }
    }
    #expect(pool.count == seen.count)
    #expect(seen.count > 100, "the shapes should differ often enough to grow the pool")
  }

  @Test("routes of one shape share their captures; each match still names its own route")
  func sharedInTable() throws {
    var builder = RouteTableBuilder<Int>()
    for index in 0..<300 {
      builder.add("/m\(index)/:id", payload: index)
      builder.add("/m\(index)/:id/x", payload: 1000 + index)
      builder.add("/m\(index)/static", payload: 2000 + index)
    }
    builder.add("/n/:uid", payload: 9)
    let table = try builder.build()
    let distinct = table.index.trie.terminals.reduce(into: [ObjectIdentifier: Int]()) {
      $0[ObjectIdentifier($1.captures), default: 0] += 1
    }
    // `:id` at segment 1 (with or without `/x`), no parameter, and `:uid`.
    #expect(distinct.count == 3)
    let match = try #require(try table.match("/m7/42/x"))
    #expect(match.payload == 1007)
    #expect(match.route.pattern.source == "/m7/:id/x")
    #expect(match.parameters["id"] == "42")
    #expect(try table.match("/n/5")?.parameters["uid"] == "5")
    #expect(try table.match("/n/5")?.parameters["id"] == nil)
  }
}

/// A match reads the payload before the terminal when every route has one spelling; the shortcut
/// must give the same route as reading the terminal.
@Suite("Terminal positions")
struct TerminalPositionTests {
  @Test("terminal i is route i exactly when every route has one spelling, and matches agree either way")
  func terminalsAreRoutes() throws {
    let plain = [("/a/:id", "/a/7"), ("/b/:id/x", "/b/7/x"), ("/c", "/c"), ("myapp://host/:id", "myapp://host/7")]
    let grouped = plain + [("/d(/:page)", "/d/2"), ("/e/:id", "/e/7")]
    let hosted = [("Profile/:id", "myapp://profile/7"), ("/a/:id", "/a/7")]
    for (routes, oneSpelling) in [(plain, true), (grouped, false), (hosted, false)] {
      let patterns = routes.map(\.0)
      var builder = RouteTableBuilder<Int>()
      for (index, pattern) in patterns.enumerated() { builder.add(pattern, payload: index) }
      let table = try builder.build()
      #expect(table.index.trie.terminalsAreRoutes == oneSpelling, "\(patterns)")
      for (index, (pattern, url)) in routes.enumerated() {
        let match = try #require(try table.match(url), "\(url)")
        #expect(match.payload == index, "\(url)")
        #expect(match.route.pattern.source == pattern)
      }
    }
  }
}
