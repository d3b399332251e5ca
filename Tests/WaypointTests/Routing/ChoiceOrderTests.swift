import TestSupport
import Testing
import Waypoint

/// The router takes its first route from `RouteTable.match` and the rest from the resumable
/// search; the routes a URL is offered to must be exactly the table's candidates, in order.
@Suite("Choice order")
struct ChoiceOrderTests {
  /// Patterns that overlap in every way the engine orders: literals over parameters, typed over
  /// plain, optional groups (several spellings of one route), rests, priorities, capitals where
  /// a host may stand.
  static let patterns: [(String, Int)] = [
    ("/a/:x", 0), ("/a/<int:x>", 0), ("/a/b", 0), ("/a(/:x)(/:y)", -1), ("/a/*rest", 0), ("/:p/:q", 0),
    ("/*all", 0), ("/a/:x/c", 0), ("/:p(/c)", 1), ("/Shop/:id", 0), ("myapp://a/:x", 0), ("/a/:x([0-9]+)", 0),
  ]
  static let segments = ["a", "b", "c", "1", "42", "shop", "Shop", "x"]

  @Test("every declining route is offered in the table's candidate order, each once, then the fallback")
  func declinedInCandidateOrder() async throws {
    var builder = RouterBuilder()
    var tableBuilder = RouteTableBuilder<String>()
    for (pattern, priority) in Self.patterns {
      builder.add(pattern, priority: priority) { _ in throw RouteDecline("no") }
      tableBuilder.add(pattern, priority: priority, payload: pattern)
    }
    builder.fallback = ClosureHandler { request in request.declinedRoutes.map(\.pattern) }
    let router = try builder.build()
    let table = try tableBuilder.build()
    var generator = SeededGenerator(seed: 7)
    var checked = 0
    for _ in 0..<300 {
      let count = Int.random(in: 0...4, using: &generator)
      let path = (0..<count).map { _ in Self.segments.randomElement(using: &generator)! }
      let url = (Bool.random(using: &generator) ? "myapp://" : "/") + path.joined(separator: "/")
      let expected = try table.candidates(for: url).map(\.payload)
      let offered = try await router.open(url).value(as: [String].self)
      #expect(offered == expected, "\(url)")
      checked += expected.count > 1 ? 1 : 0
    }
    #expect(checked > 50, "most URLs meet several routes")
  }

  @Test("a route the origin may not reach is passed over for the next, as the resumable search gives it")
  func hiddenBest() throws {
    var builder = RouterBuilder()
    builder.add("myapp://a/b") { _ in "internal" }
    builder.add("myapp://a/:x", exposure: .public) { _ in "public" }
    builder.add("myapp://a/*rest", exposure: .public) { _ in "rest" }
    let router = try builder.build()
    #expect(router.resolve("myapp://a/b").route?.pattern == "myapp://a/b")
    #expect(router.resolve("myapp://a/b", origin: .external()).route?.pattern == "myapp://a/:x")
    #expect(router.resolve("myapp://a/b/c", origin: .external()).route?.pattern == "myapp://a/*rest")
  }
}
