import ArgumentParser
import Foundation
import Waypoint
import WaypointExamples

/// `--manifest FILE`, shared by every subcommand.
struct ManifestOptions: ParsableArguments {
  @Option(
    name: .long, help: ArgumentHelp("The route manifest (JSON). Default: the bundled example.", valueName: "file"))
  var manifest: String?

  /// The manifest's name for messages.
  var sourceName: String { manifest ?? "the bundled example manifest" }

  /// The manifest's bytes.
  func data() throws -> Data {
    do {
      if let manifest { return try RouteManifest.contents(ofFile: manifest) }
      return try ExampleManifest.data()
    } catch {
      throw CommandFailure.usage("waypoint: \(error.message)")
    }
  }

  /// The manifest read; any problem is a manifest error (exit 2).
  func routeManifest() throws -> RouteManifest {
    let data = try data()
    do {
      return try RouteManifest(data: data)
    } catch {
      throw CommandFailure.usage("waypoint: \(sourceName): \(error.message)")
    }
  }

  /// The manifest as a router that resolves without handlers; any problem is a manifest error (exit 2).
  func router() throws -> Router {
    try Self.router(from: try data(), sourceName: sourceName)
  }

  /// The manifest in `data` as a router that resolves without handlers; any problem is a
  /// manifest error (exit 2).
  static func router(from data: Data, sourceName: String) throws -> Router {
    do {
      return try RouteManifest(data: data).makeRouter()
    } catch {
      throw CommandFailure.usage("waypoint: \(sourceName): \(error.message)")
    }
  }

  /// The manifest compiled into a table; any problem is a manifest error (exit 2).
  func table() throws -> RouteTable<RouteDefinition> {
    try Self.table(from: try data(), sourceName: sourceName)
  }

  /// The manifest in `data` compiled into a table; any problem is a manifest error (exit 2).
  static func table(from data: Data, sourceName: String) throws -> RouteTable<RouteDefinition> {
    do {
      return try RouteManifest(data: data).makeTable()
    } catch {
      throw CommandFailure.usage("waypoint: \(sourceName): \(error.message)")
    }
  }
}
