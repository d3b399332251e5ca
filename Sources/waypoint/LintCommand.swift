import ArgumentParser
import Foundation
import Waypoint

/// `waypoint lint`: reports the manifest's errors and warnings.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the manifest.",
    discussion: """
      Errors (invalid patterns, conflicts, duplicate names, unknown fields, bad redirects) exit 1. \
      Warnings (shadowed routes, regexes prone to catastrophic backtracking, overlapping regex \
      routes, unreachable redirects) exit 0, or 1 with --strict. The manifest cannot know the app's \
      tabs and screens: given them (--tabs, --targets), a route naming another tab (unknownTab), \
      target (missingHandler) or screen under it (notRegistered) is an error, as it is when the \
      app object is built.
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: "text for people, json for one object per problem per line.")
  var format: ResolveCommand.Format = .text

  @Flag(help: "Exit 1 on warnings too.")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "The app's tab ids, comma-separated (its first state's tabs); a route naming another is an error.",
      valueName: "ids"))
  var tabs: String?

  @Option(
    help: ArgumentHelp(
      "The app's screen targets, comma-separated; a route's target or under screen outside them is an error.",
      valueName: "targets"))
  var targets: String?

  func run() throws {
    let data = try manifest.data()
    // Each problem, with the route it names when the app's names are the lint's own.
    var problems = RouteManifest.diagnose(data: data).map { (diagnostic: $0, missing: MissingName?.none) }
    if !problems.contains(where: { $0.diagnostic.severity == .error }),
      let routes = try? RouteManifest(data: data).routes
    {
      let screens = Self.list(targets)
      problems += WaypointApp.missingNames(
        in: routes, tabs: Self.list(tabs)?.sorted(), screens: screens
      ).map { (Diagnostic(.error, $0.error), $0) }
      problems += Self.unknownTargets(routes, targets: screens).map { ($0, nil) }
    }
    let errors = problems.filter { $0.diagnostic.severity == .error }.count
    let warnings = problems.count - errors
    for (diagnostic, missing) in problems {
      switch format {
      case .json: print(Self.json(diagnostic, naming: missing).rendered)
      case .text: print(diagnostic.description)
      }
    }
    if format == .text {
      print(
        problems.isEmpty
          ? "\(manifest.sourceName): no problems" : "\(manifest.sourceName): \(errors) error(s), \(warnings) warning(s)"
      )
    }
    if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
  }

  /// The names of a comma-separated option, or `nil` when it was not given.
  static func list(_ option: String?) -> Set<String>? {
    option.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }) }
  }

  /// The routes whose target is outside `targets`: what building the app object with those
  /// screens refuses (`missingHandler`), as the router reports it.
  static func unknownTargets(_ routes: [RouteDefinition], targets: Set<String>?) -> [Diagnostic] {
    guard let targets else { return [] }
    return routes.enumerated().compactMap { position, route in
      guard let target = route.target, !targets.contains(target) else { return nil }
      return Diagnostic(
        .error,
        RoutingError(
          .missingHandler, "the route \(route.description) opens '\(target)', which no screen of the app is",
          pattern: route.pattern, routePosition: position, routeName: route.name))
    }
  }

  /// One problem as a JSON object; `missing` names the route of a tab or screen the app lacks.
  static func json(_ diagnostic: Diagnostic, naming missing: MissingName? = nil) -> JSONOutput {
    let routing = diagnostic.error(as: RoutingError.self)
    let manifest = diagnostic.error(as: ManifestError.self)
    return .object([
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code)),
      ("message", .string(diagnostic.message)),
      ("route", (missing?.position ?? routing?.routePosition ?? manifest?.routePosition).map(JSONOutput.int) ?? .null),
      ("name", .optional(missing?.route.name ?? routing?.routeName ?? manifest?.routeName)),
      ("field", .optional(missing?.field ?? manifest?.field ?? routing?.manifestField)),
      ("pattern", .optional(missing?.route.pattern ?? routing?.pattern)),
      ("column", routing?.column.map(JSONOutput.int) ?? .null),
    ])
  }
}
