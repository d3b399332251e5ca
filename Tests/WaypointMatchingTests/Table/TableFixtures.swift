@testable import WaypointMatching

/// A table whose payload is each route's pattern, so a test can say which route won.
func makeTable(
  _ patterns: [String], options: MatchingOptions = MatchingOptions(), priorities: [String: Int] = [:]
) throws -> RouteTable<String> {
  var builder = RouteTableBuilder<String>(options: options)
  for pattern in patterns { builder.add(pattern, name: pattern, priority: priorities[pattern] ?? 0, payload: pattern) }
  return try builder.build()
}

/// Options with one change.
func options(_ change: (inout MatchingOptions) -> Void) -> MatchingOptions {
  var options = MatchingOptions()
  change(&options)
  return options
}

/// The match's parameters as a dictionary.
func parameters(_ match: RouteMatch<String>?) -> [String: String] {
  Dictionary(uniqueKeysWithValues: (match?.parameters).map { Array($0).map { ($0.name, $0.value) } } ?? [])
}
