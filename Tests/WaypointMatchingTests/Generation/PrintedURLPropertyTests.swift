import TestSupport
import Testing

@testable import WaypointMatching

/// Random tables of literals, plain, typed, regex and affixed parameters, optional groups, rests
/// and priorities: every URL printed for a route opens that route with the values it was printed
/// from, and every refusal is `unprintableURL` with a URL that really opens something else.
@Suite("Printed URLs open their route: random tables")
struct PrintedURLPropertyTests {
  typealias Generator = SeededGenerator

  static let values = RandomRoutes.values

  /// Random values for the route's parameters; an optional group's parameters are given or not.
  static func randomValues(_ pattern: RoutePattern, _ generator: inout Generator) -> [String: ParameterValue] {
    var values: [String: ParameterValue] = [:]
    var skippedGroups = Set<Int>()
    for group in 0..<pattern.groupCount where Bool.random(using: &generator) { skippedGroups.insert(group) }
    for segment in pattern.segments where !(segment.group.map(skippedGroups.contains) ?? false) {
      switch segment.kind {
      case .parameter(let parameter):
        values[parameter.name] = .value(Self.values.randomElement(using: &generator) ?? "a")
      case .rest(let name?):
        let count = Int.random(in: 1...3, using: &generator)
        values[name] = .segments((0..<count).map { _ in Self.values.randomElement(using: &generator) ?? "a" })
      default:
        continue
      }
    }
    return values
  }

  @Test("every printed URL opens its route with its values; every refusal is true", arguments: [1, 2, 3, 4])
  func property(seed: UInt64) throws {
    var generator = Generator(seed: seed &* 0x2545_F491_4F6C_DD1D)
    var printed = 0
    var refused = 0
    for _ in 0..<60 {
      let table = try RandomRoutes.table(Int.random(in: 2...8, using: &generator), &generator)
      for route in table.routes {
        let name = try #require(route.name)
        for _ in 0..<8 {
          let values = Self.randomValues(route.pattern, &generator)
          switch Result(catching: { () throws(RoutingError) in try table.url(for: name, parameters: values) }) {
          case .success(let url):
            let match = try #require(try table.match(url), "'\(url)' for \(name) \(route.pattern) opens nothing")
            #expect(match.route.name == name, "'\(url)' printed for \(route.pattern) opens \(match.route.pattern)")
            #expect(opened(match, values), "'\(url)' for \(route.pattern) gives \(match.parameters), not \(values)")
            printed += 1
          case .failure(let error) where error.code == .invalidParameter:
            continue
          case .failure(let error):
            #expect(error.code == .unprintableURL, "\(error)")
            #expect(error.routeName == name)
            let url = try #require(error.url)
            let match = try? table.match(url)
            #expect(
              match.map { $0.route.name != name || !opened($0, values) } ?? true,
              "refused '\(url)', which opens \(route.pattern) with \(values): \(error.message)")
            refused += 1
          }
        }
      }
    }
    // Both outcomes are exercised, so neither check holds vacuously.
    #expect(printed > 500)
    #expect(refused > 10)
  }

  /// Whether `match` captured exactly `values`.
  func opened(_ match: RouteMatch<String>, _ values: [String: ParameterValue]) -> Bool {
    var found: [String: ParameterValue] = [:]
    for (name, value) in match.parameters where name != match.parameters.restName {
      found[name] = .value(value)
    }
    if let restName = match.parameters.restName, let rest = match.rest { found[restName] = .segments(rest) }
    return found == values
  }
}
