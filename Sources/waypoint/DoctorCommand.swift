import ArgumentParser
import Foundation
import Waypoint

/// `waypoint doctor`: the app's link set-up against its routes.
struct DoctorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check the app's Info.plist, entitlements and apple-app-site-association against its routes.",
    discussion: """
      From the files alone: the Info.plist's URL types list every custom scheme the routes use and it declares a \
      scene manifest; the entitlements' associated domains list 'applinks:' for every host of a public universal \
      link and of the host allow-list; the apple-app-site-association file (the app's own, or one saved from the \
      site or Apple's CDN) opens exactly the public routes and leaves the internal ones to the website. Each \
      problem is one line with its fix; exit 1 when there is one.
      """)

  @OptionGroup var manifest: ManifestOptions
  @Option(name: .customLong("info-plist"), help: ArgumentHelp("The app's Info.plist.", valueName: "file"))
  var infoPlist: String
  @Option(help: ArgumentHelp("The app's .entitlements file.", valueName: "file")) var entitlements: String?
  @Option(help: ArgumentHelp("An apple-app-site-association file.", valueName: "file")) var aasa: String?
  @Option(help: "text, or json: one object per problem ({\"file\", \"problem\", \"fix\"}), one per line.")
  var format: ResolveCommand.Format = .text

  func run() throws {
    let routes = try manifest.routeManifest()
    let doctor = LinkSetupDoctor(
      manifest: routes, infoPlist: try Self.propertyList(infoPlist),
      entitlements: try entitlements.map(Self.propertyList), siteAssociation: try aasa.map(Self.json))
    let problems = doctor.problems
    switch format {
    case .text:
      for problem in problems { print(problem.line) }
      print(problems.isEmpty ? "no problems" : "\(problems.count) problem(s)")
    case .json:
      // One object per problem, one per line.
      for problem in problems {
        print(
          JSONOutput.object([
            ("file", .string(problem.file)), ("problem", .string(problem.problem)), ("fix", .string(problem.fix)),
          ]).rendered)
      }
    }
    if !problems.isEmpty { throw CommandFailure(message: "", status: 1) }
  }

  /// The dictionary of the property list at `path` (XML or binary).
  static func propertyList(_ path: String) throws -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
      let dictionary = object as? [String: Any]
    else { throw CommandFailure.usage("waypoint: \(path) is not a readable property list with a dictionary") }
    return dictionary
  }

  /// The JSON object at `path`.
  static func json(_ path: String) throws -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw CommandFailure.usage("waypoint: \(path) is not a readable JSON object") }
    return object
  }
}
