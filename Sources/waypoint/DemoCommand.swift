import ArgumentParser
import Foundation
import Waypoint
import WaypointExamples

/// `waypoint demo`: the notes app, run headlessly; `--tour`: a tour of links through the bundled manifest.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Run the sample notes app headlessly, printing the navigation tree after each deep link.",
    discussion: "With --tour, resolve a tour of sample links against the bundled example manifest instead."
  )

  @Flag(help: "Resolve a tour of sample links against the bundled manifest (the pattern language) instead.")
  var tour = false

  @MainActor
  func run() async throws {
    if tour {
      let data: Data
      do {
        data = try ExampleManifest.data()
      } catch {
        throw CommandFailure.usage("waypoint: \(error.message)")
      }
      let router = try ManifestOptions.router(from: data, sourceName: "the bundled example manifest")
      ResolutionOutput.tour(DemoTour.stops, router: router) { print($0) }
      return
    }
    do {
      try await NotesDemo.run { print($0) }
    } catch {
      throw CommandFailure(message: "waypoint demo: \(error)", status: 1)
    }
  }
}
