import ArgumentParser
import Waypoint

/// `waypoint lint`: reports the manifest's errors and warnings.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the manifest.",
    discussion: """
      Errors (invalid patterns, conflicts, duplicate names, unknown fields, bad redirects) exit 1. \
      Warnings (shadowed routes, regexes prone to catastrophic backtracking, overlapping regex \
      routes, unreachable redirects) exit 0, or 1 with --strict.
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: "text for people, json for one object per problem per line.")
  var format: ResolveCommand.Format = .text

  @Flag(help: "Exit 1 on warnings too.")
  var strict = false

  func run() throws {
    let diagnostics = RouteManifest.diagnose(data: try manifest.data())
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    for diagnostic in diagnostics {
      switch format {
      case .json: print(Self.json(diagnostic).rendered)
      case .text: print(diagnostic.description)
      }
    }
    if format == .text {
      print(
        diagnostics.isEmpty
          ? "\(manifest.sourceName): no problems" : "\(manifest.sourceName): \(errors) error(s), \(warnings) warning(s)"
      )
    }
    if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
  }

  static func json(_ diagnostic: Diagnostic) -> JSONOutput {
    let routing = diagnostic.error(as: RoutingError.self)
    let manifest = diagnostic.error(as: ManifestError.self)
    return .object([
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code)),
      ("message", .string(diagnostic.message)),
      ("route", (routing?.routePosition ?? manifest?.routePosition).map(JSONOutput.int) ?? .null),
      ("name", .optional(routing?.routeName ?? manifest?.routeName)),
      ("field", .optional(manifest?.field ?? routing?.manifestField)),
      ("pattern", .optional(routing?.pattern)),
      ("column", routing?.column.map(JSONOutput.int) ?? .null),
    ])
  }
}
