import TestSupport
import Testing
import WaypointMatching

@testable import Waypoint

/// Lint's unreachable-redirect check compares a redirect only with routes of a shape that could
/// take it; checking every route is the reference.
@Suite("Redirect targets by shape")
struct RouteShapesTests {
  @Test("the routes found by shape are exactly those that checking every route finds")
  func agreesWithEveryRoute() throws {
    var random = SeededGenerator(seed: 0x5EED)
    let pieces = ["a", "b", ":x", "<int:n>", "*rest", "(/c)", "(/:o)", "7"]
    func pattern() -> String {
      (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        .reduce("") { $1.hasPrefix("(") ? $0 + $1 : $0 + "/" + $1 }
    }
    var found = 0
    for _ in 0..<300 {
      let routes = (0..<8).compactMap { _ in try? RoutePattern(pattern()) }
      let shapes = RouteShapes(routes)
      for _ in 0..<8 {
        guard let template = try? RoutePattern(pattern()) else { continue }
        let reference = routes.indices.filter { RouteManifest.mayMatch(routes[$0], template) }
        let filtered = shapes.candidates(for: template).filter { RouteManifest.mayMatch(routes[$0], template) }
        #expect(filtered == reference, "\(template.source) over \(routes.map(\.source))")
        found += reference.count
      }
    }
    #expect(found > 100)
  }
}
