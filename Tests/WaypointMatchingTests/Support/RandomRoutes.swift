import TestSupport
import WaypointMatching

/// Random patterns and tables for property tests, seeded so they repeat.
///
/// They mix literals, plain, typed, regex and affixed parameters, optional groups, rests, schemes
/// and hosts, and priorities.
enum RandomRoutes {
  static let literals = ["a", "b", "me", "7", "item-1", "x.json"]
  static let parameterForms = [":#", "<int:#>", ":#([a-c]+)", "item-:#", ":#.json", "<uuid:#>", ":#([0-9]+)"]
  /// Values (and URL segments) that the literals and forms above accept in several ways.
  static let values = [
    "a", "b", "me", "7", "42", "-3", "1", "abc", "x", "item-1", "x.json", "c b", "123e4567-e89b-12d3-a456-426614174000",
  ]
  static let prefixes = ["", "", "myapp://", "https://example.com", "https://"]

  /// A random pattern whose parameters are named `p0`, `p1`, … in order; with `schemes`, it may
  /// start with a scheme (and host).
  static func pattern(_ generator: inout SeededGenerator, schemes: Bool = false) -> String {
    var pattern = schemes ? prefixes.randomElement(using: &generator) ?? "" : ""
    var names = 0
    func piece(_ generator: inout SeededGenerator) -> String {
      if Int.random(in: 0..<5, using: &generator) < 2 {
        return literals.randomElement(using: &generator) ?? "a"
      }
      defer { names += 1 }
      let form = parameterForms.randomElement(using: &generator) ?? ":#"
      return form.replacing("#", with: "p\(names)")
    }
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      pattern += "/" + piece(&generator)
    }
    for _ in 0..<Int.random(in: 0...2, using: &generator) {
      pattern += "(/" + piece(&generator) + ")"
    }
    if Int.random(in: 0..<4, using: &generator) == 0, !pattern.contains("(") { pattern += "/*rest" }
    return pattern
  }

  /// A table of up to `count` random routes named `r0`, `r1`, …; a route that does not build
  /// with the others (a conflict) is left out.
  static func table(
    _ count: Int, _ generator: inout SeededGenerator, options: MatchingOptions = MatchingOptions(),
    schemes: Bool = false, priorities: ClosedRange<Int> = 0...1
  ) throws -> RouteTable<String> {
    var kept: [(pattern: String, priority: Int)] = []
    func builder(_ routes: [(pattern: String, priority: Int)]) -> RouteTableBuilder<String> {
      var builder = RouteTableBuilder<String>(options: options)
      for (index, route) in routes.enumerated() {
        builder.add(route.pattern, name: "r\(index)", priority: route.priority, payload: route.pattern)
      }
      return builder
    }
    for _ in 0..<count {
      let candidate = (pattern(&generator, schemes: schemes), Int.random(in: priorities, using: &generator))
      if (try? builder(kept + [candidate]).build()) != nil { kept.append(candidate) }
    }
    return try builder(kept).build()
  }
}
