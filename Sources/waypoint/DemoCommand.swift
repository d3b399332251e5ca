import ArgumentParser
import Foundation
import Waypoint
import WaypointExamples

/// `waypoint demo`: a tour of links through the bundled example.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo", abstract: "Resolve a tour of sample links against the bundled example and print each step.")

  func run() throws {
    let data: Data
    do {
      data = try ExampleManifest.data()
    } catch {
      throw CommandFailure.usage("waypoint: \(error.message)")
    }
    let table = try ManifestOptions.table(from: data, sourceName: "the bundled example manifest")
    DemoTour.run(table: table) { print($0) }
  }
}
