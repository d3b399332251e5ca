import ArgumentParser
import Foundation
import Waypoint
import WaypointExamples

/// `waypoint graph`: the navigation map as Mermaid or DOT, and the drift check against a
/// committed baseline.
struct GraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Draw the manifest's navigation map, or check it against a baseline.",
    discussion: """
      Screens by tab, each route with its pattern and exposure, arrows for presentations, `under` paths and \
      redirects. --check BASELINE exits 1 with one line per difference that changes what a link reaches (a route \
      added, removed or renamed; a pattern, exposure, screen, presentation, tab, column, under path, redirect, \
      priority or default changed; a route now shadowed); the order of routes and keys and whitespace never \
      count. --update BASELINE writes the baseline.
      """)

  /// The drawing's language.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case mermaid, dot, json, html
  }

  @OptionGroup var manifest: ManifestOptions
  @Option(
    help: """
      mermaid (renders in a pull request), dot (Graphviz), html (one self-contained page: pan, zoom, find a route, \
      paste a link to see what opens it), or json (the map's facts, as a baseline holds them; with --check, one \
      object per difference, one per line).
      """)
  var format: Format = .mermaid
  @Option(help: ArgumentHelp("Compare with this baseline; exit 1 on a difference.", valueName: "baseline"))
  var check: String?
  @Option(help: ArgumentHelp("Write the baseline to this file.", valueName: "baseline")) var update: String?

  func validate() throws {
    if check != nil, update != nil { throw ValidationError("give --check or --update, not both") }
  }

  func run() throws {
    let routes = try manifest.routeManifest()
    let graph: NavigationGraph
    let router: Router
    do {
      router = try routes.makeRouter()
      graph = NavigationGraph(manifest: routes, router: router)
    } catch {
      throw CommandFailure.usage("waypoint: \(manifest.sourceName): \(error.message)")
    }
    if let update {
      do {
        try GraphBaseline(graph).data().write(to: URL(fileURLWithPath: update))
      } catch {
        throw CommandFailure.usage("waypoint: cannot write \(update): \(error.localizedDescription)")
      }
      print("\(update): the baseline of \(graph.routes.count) route(s)")
    } else if let check {
      try runCheck(graph, against: check)
    } else {
      let drawing = GraphDrawing(graph: graph)
      switch format {
      case .mermaid: print(drawing.mermaid, terminator: "")
      case .dot: print(drawing.dot, terminator: "")
      case .json: print(String(decoding: try GraphBaseline(graph).data(), as: UTF8.self), terminator: "")
      case .html:
        // The bundled manifest's page offers the demo tour's links to try.
        let examples = manifest.manifest == nil ? DemoTour.stops.map(\.url) : []
        let page = MapPage(
          manifest: routes, router: router, graph: graph, title: manifest.sourceName, examples: examples)
        print(try page.html(), terminator: "")
      }
    }
  }

  /// Prints the differences from the baseline at `path`; exit 1 when there is one.
  private func runCheck(_ graph: NavigationGraph, against path: String) throws {
    let baseline: GraphBaseline
    do {
      baseline = try GraphBaseline(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw CommandFailure.usage("waypoint: \(path) is not a graph baseline: \(error.localizedDescription)")
    }
    let differences = baseline.differences(to: GraphBaseline(graph))
    if format == .json {
      // One object per difference: its kind (the line's first word) and the line.
      for line in differences {
        let kind = String(line.prefix { $0 != ":" })
        print(JSONOutput.object([("kind", .string(kind)), ("difference", .string(line))]).rendered)
      }
    } else if differences.isEmpty {
      print("\(path): no difference")
    } else {
      for line in differences { print(line) }
      print("\(path): \(differences.count) difference(s); run `waypoint graph --update \(path)` once they are meant")
    }
    if !differences.isEmpty { throw CommandFailure(message: "", status: 1) }
  }
}
