import ArgumentParser
import Foundation
import Waypoint
import WaypointLinkGenerator

/// `waypoint generate`: Swift source of a typed-link enum for a manifest's named routes.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Print Swift source of a RoutableLink enum for the manifest's named routes.",
    discussion: """
      Each named route is a case, typed from its pattern: <int:id> is Int, <double:x> Double, \
      <float:x> Float, <uuid:x> UUID, <bool:x> Bool, :id and other types String, *rest [String], \
      and an optional group's parameters are optionals. The source is plain Swift (no macro) and \
      parses and prints links through the same table as the manifest. Exits 2 on a manifest error.
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(name: .long, help: ArgumentHelp("The enum's name.", valueName: "name"))
  var type: String

  @Option(name: .long, help: ArgumentHelp("The enum's access: public, package or internal.", valueName: "level"))
  var access = "public"

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Write the source to this file instead of printing it.", valueName: "file"))
  var output: String?

  func validate() throws {
    guard LinkGenerator.accessLevels.contains(access) else {
      throw ValidationError("--access must be public, package or internal")
    }
    guard LinkGenerator.isTypeName(type) else { throw ValidationError("--type must be a Swift type name") }
  }

  func run() throws {
    let parsed: RouteManifest
    do {
      parsed = try RouteManifest(data: try manifest.data())
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure.usage("waypoint: \(manifest.sourceName): \(error)")
    }
    let name = manifest.manifest.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "routes.json"
    let generator = LinkGenerator(manifest: parsed, typeName: type, access: access, sourceName: name)
    let source: String
    do {
      source = try generator.source()
    } catch {
      throw CommandFailure.usage("waypoint: \(manifest.sourceName): \(error.message)")
    }
    guard let output else {
      print(source, terminator: "")
      return
    }
    do {
      try Data(source.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
      throw CommandFailure(message: "waypoint: cannot write \(output): \(error.localizedDescription)", status: 1)
    }
  }
}
