import Waypoint
import WaypointExamples

/// How `waypoint resolve` and `waypoint demo --tour` print a ``Resolution``: lines for people,
/// or the JSON object of the CLI contract.
enum ResolutionOutput {
  /// The path parameters in pattern order, then the route's defaults for names the path did
  /// not supply, sorted by name: the contract's `parameters`.
  static func parameters(_ request: RouteRequest) -> [RequestValue] {
    request.values(from: [.path, .default])
  }

  /// The resolution as indented lines for people.
  static func lines(_ resolution: Resolution) -> [String] {
    guard let route = resolution.route, let request = resolution.request else {
      let error = resolution.error ?? RoutingError.notFound(resolution.url)
      return ["✗ \(error.code): \(error.message)"]
    }
    var lines = ["→ \(route.name ?? "(unnamed)")  \(route.pattern)"]
    if let target = route.target {
      lines.append("  target      \(target) (\(route.presentation?.description ?? "no presentation"))")
    }
    let placement = route.placement
    let places = [
      placement.tab.map { "tab \($0)" }, placement.column.map { "column \($0)" },
      route.under.isEmpty ? nil : "under \(route.under.map(\.description).joined(separator: " › "))",
      placement.presented.map { "presented \($0)" },
      placement.presentsStack ? "presents the stack" : nil,
    ].compactMap { $0 }
    if !placement.isEmpty { lines.append("  placement   " + places.joined(separator: ", ")) }
    let parameters = Self.parameters(request)
    if !parameters.isEmpty {
      lines.append("  parameters  " + parameters.map { "\($0.name)=\($0.text)" }.joined(separator: "  "))
    }
    if let rest = request.rest { lines.append("  rest        " + rest.map { "[\($0)]" }.joined(separator: " ")) }
    if !request.query.isEmpty {
      lines.append("  query       " + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "  "))
    }
    if let redirect = resolution.redirect { lines.append("  redirect    \(redirect)") }
    return lines
  }

  /// The JSON object of the CLI contract for one resolution.
  static func json(_ resolution: Resolution) -> JSONOutput {
    guard let route = resolution.route, let request = resolution.request else {
      let error = resolution.error ?? RoutingError.notFound(resolution.url)
      return .object([
        ("url", .string(resolution.url)), ("matched", .bool(false)),
        ("error", .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])),
      ])
    }
    var query: [(String, [String])] = []
    for item in request.query {
      if let index = query.firstIndex(where: { $0.0 == item.name }) {
        query[index].1.append(item.value)
      } else {
        query.append((item.name, [item.value]))
      }
    }
    return .object([
      ("url", .string(resolution.url)),
      ("matched", .bool(true)),
      ("name", .optional(route.name)),
      ("pattern", .string(route.pattern)),
      ("target", .optional(route.target)),
      ("parameters", .object(parameters(request).map { ($0.name, .string($0.text)) })),
      ("rest", request.rest.map { .array($0.map(JSONOutput.string)) } ?? .null),
      ("query", .object(query.map { ($0.0, .array($0.1.map(JSONOutput.string))) })),
      ("fragment", .optional(request.fragment)),
      ("redirect", .optional(resolution.redirect)),
    ])
  }

  /// Resolves every stop of the demo tour against `router` and hands each printed line to `write`.
  static func tour(_ stops: [DemoTour.Stop], router: Router, write: (String) -> Void) {
    write("Waypoint demo: \(stops.count) links against the bundled notes manifest (\(router.routes.count) routes)")
    for (number, stop) in stops.enumerated() {
      write("")
      write("\(number + 1). \(stop.title)")
      write("   open \(stop.url)  [origin: \(stop.origin)]")
      for line in lines(router.resolve(stop.url, origin: stop.origin)) { write("   " + line) }
    }
  }
}
