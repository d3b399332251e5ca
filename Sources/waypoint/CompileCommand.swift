import ArgumentParser
import Foundation
import Waypoint

/// `waypoint compile`: writes the manifest's compiled table, which an app ships beside the
/// manifest and loads at launch without reading JSON or building its table.
struct CompileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compile",
    abstract: "Write the manifest's compiled table, for an app to load at launch.",
    discussion: """
      Writes the manifest's routes and built table in Waypoint's binary form. An app ships the file \
      beside the manifest and reads both with RouteManifest(data:compiledTable:), which then reads no \
      JSON and builds no table, and reads the JSON instead when the file is of another format \
      version, damaged, or compiled from other bytes. Patterns may name the built-in parameter \
      types only; an app with types of its own calls RouteManifest.compileTable(from:parameterTypes:) \
      in a build step of its own. A manifest with errors is not compiled \
      (exit 2). With --check, nothing is written: exit 0 when the file is what compile would write, \
      1 when it is missing or stale (a build step's check that the committed file is current).

      Example: waypoint compile --manifest routes.json --output routes.waypoint-table
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(name: [.short, .long], help: ArgumentHelp("The compiled table to write.", valueName: "file"))
  var output: String

  @Flag(help: "Check that the file is current instead of writing it.")
  var check = false

  func run() throws {
    let data = try manifest.data()
    let compiled: Data
    let routes: Int
    do {
      compiled = try RouteManifest.compileTable(from: data)
      routes = try RouteManifest(data: data).routes.count
    } catch {
      throw CommandFailure.usage("waypoint: \(manifest.sourceName): \(error.message)")
    }
    let url = URL(fileURLWithPath: output)
    if check {
      guard let existing = try? Data(contentsOf: url) else {
        throw CommandFailure(message: "\(output): missing; run waypoint compile to write it", status: 1)
      }
      guard existing == compiled else {
        throw CommandFailure(
          message: "\(output): stale (not what \(manifest.sourceName) compiles to); run waypoint compile again",
          status: 1)
      }
      print("\(output): current (\(routes) routes)")
      return
    }
    do {
      try compiled.write(to: url, options: .atomic)
    } catch {
      throw CommandFailure(message: "waypoint: cannot write \(output): \(error.localizedDescription)", status: 1)
    }
    print("\(output): \(routes) routes, \(compiled.count) bytes, compiled from \(manifest.sourceName)")
  }
}
