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
    var diagnostics = RouteManifest.diagnose(data: data)
    if !diagnostics.contains(where: { $0.severity == .error }), let routes = try? RouteManifest(data: data).routes {
      diagnostics += Self.appProblems(routes, tabs: Self.list(tabs), targets: Self.list(targets))
    }
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

  /// The names of a comma-separated option, or `nil` when it was not given.
  static func list(_ option: String?) -> Set<String>? {
    option.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }) }
  }

  /// The routes that name a tab outside `tabs`, a target outside `targets` or a screen under
  /// theirs outside `targets`: what building the app object with that first state and those
  /// screens would refuse, with the same codes.
  static func appProblems(_ routes: [RouteDefinition], tabs: Set<String>?, targets: Set<String>?) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for (position, route) in routes.enumerated() {
      // The codes building the app object gives; the JSON field follows from the code.
      func problem(_ code: RoutingError.Code, _ message: String) {
        problems.append(
          Diagnostic(
            .error, RoutingError(code, message, pattern: route.pattern, routePosition: position, routeName: route.name))
        )
      }
      if let tabs, let tab = route.placement.tab, !tabs.contains(tab) {
        problem(
          "unknownTab",
          "the route \(route.description) names the tab '\(tab)', which the app's tabs lack (\(tabs.sorted().joined(separator: ", ")))"
        )
      }
      guard let targets else { continue }
      if let target = route.target, !targets.contains(target) {
        problem(.missingHandler, "the route \(route.description) opens '\(target)', which no screen of the app is")
      }
      for screen in route.under where !targets.contains(screen) {
        problem(
          "notRegistered",
          "the route \(route.description) puts '\(screen)' under its screen, which no screen of the app is")
      }
    }
    return problems
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
