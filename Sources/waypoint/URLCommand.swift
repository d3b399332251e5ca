import ArgumentParser
import Waypoint

/// `waypoint url`: prints a URL from a route name and parameters.
struct URLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "url",
    abstract: "Print the URL of a named route.",
    discussion: """
      Parameters are given as key=value; a rest parameter takes its segments joined with '/'. \
      The URL printed opens this route with these parameters through the whole manifest. Exits 1 \
      when the route is unknown, a parameter is missing or invalid, or no URL opens the route with \
      these values (the message names the route that would open instead).
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(
    name: .customLong("query"), help: ArgumentHelp("A query item to append (repeatable).", valueName: "key=value"))
  var queryItems: [String] = []

  @Argument(help: "The route's name.")
  var name: String

  @Argument(help: ArgumentHelp("The route's parameters.", valueName: "key=value"))
  var parameters: [String] = []

  func run() throws {
    let table = try manifest.table()
    guard let route = table.route(named: name) else {
      throw CommandFailure(message: "waypoint: no route is named '\(name)' in \(manifest.sourceName)", status: 1)
    }
    let restNames = Set(
      route.pattern.segments.compactMap { segment -> String? in
        if case .rest(let name) = segment.kind { return name }
        return nil
      })
    var values: [String: ParameterValue] = [:]
    for (key, value) in try parameters.map(Self.pair) {
      values[key] = restNames.contains(key) ? .segments(value.split(separator: "/").map(String.init)) : .value(value)
    }
    let query = try queryItems.map(Self.pair).map { QueryItem(name: $0.0, value: $0.1) }
    do {
      print(try table.url(for: name, parameters: values, query: query))
    } catch {
      throw CommandFailure(message: "waypoint: \(error.message)", status: 1)
    }
  }

  static func pair(_ argument: String) throws -> (String, String) {
    guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
      throw CommandFailure.usage("waypoint: expected key=value, got '\(argument)'")
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
