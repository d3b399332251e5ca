import ArgumentParser
import Waypoint
import WaypointExamples

/// `waypoint resolve`: matches URLs against the manifest.
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Match URLs against the manifest.",
    discussion: """
      Reads URLs from standard input, one per line, when none are given. Exits 0 when every URL \
      matched, 1 when any did not, 2 for a usage or manifest error.
      """
  )

  enum OriginOption: String, ExpressibleByArgument, CaseIterable {
    case `internal`, external
  }

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @OptionGroup var manifest: ManifestOptions

  @Option(help: "Where the links come from: an external link reaches only public routes.")
  var origin: OriginOption = .internal

  @Option(help: "text for people, json for one object per URL per line.")
  var format: Format = .text

  @Argument(help: "The URLs to resolve.")
  var urls: [String] = []

  func run() throws {
    let table = try manifest.table()
    let origin: Origin = self.origin == .external ? .external() : .internal
    var allMatched = true
    func resolve(_ url: String) {
      let resolution = table.resolve(url, origin: origin)
      if resolution.match == nil { allMatched = false }
      switch format {
      case .json: print(Self.json(resolution).rendered)
      case .text: print(([url] + DemoTour.describe(resolution).map { "  " + $0 }).joined(separator: "\n"))
      }
    }
    if urls.isEmpty {
      while let line = readLine(strippingNewline: true) {
        let url = line.hasSuffix("\r") ? String(line.dropLast()) : line
        if !url.isEmpty { resolve(url) }
      }
    } else {
      urls.forEach(resolve)
    }
    if !allMatched { throw ExitCode(1) }
  }

  /// The JSON object of the CLI contract for one resolution.
  static func json(_ resolution: ManifestResolution) -> JSONOutput {
    guard let match = resolution.match else {
      let error = resolution.error ?? RoutingError.notFound(resolution.url)
      return .object([
        ("url", .string(resolution.url)), ("matched", .bool(false)),
        ("error", .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])),
      ])
    }
    let route = match.route.payload
    var query: [(String, [String])] = []
    for item in match.url.queryItems {
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
      ("parameters", .object(resolution.parameters.map { ($0.name, .string($0.value)) })),
      ("rest", match.rest.map { .array($0.map(JSONOutput.string)) } ?? .null),
      ("query", .object(query.map { ($0.0, .array($0.1.map(JSONOutput.string))) })),
      ("fragment", .optional(match.url.fragment)),
      ("redirect", .optional(resolution.redirect)),
    ])
  }
}
