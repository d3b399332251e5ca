import ArgumentParser
import Foundation
import Waypoint

/// `waypoint routes`: the table in precedence order.
struct RoutesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "routes", abstract: "List the manifest's routes in precedence order (best first).")

  @OptionGroup var manifest: ManifestOptions

  func run() throws {
    let table = try manifest.table()
    let header = ["#", "PRIORITY", "PATTERN", "NAME", "TARGET", "PRESENTATION", "EXPOSURE"]
    let rows = table.routesInPrecedenceOrder.enumerated().map { rank, route in
      let entry = route.payload
      return [
        String(rank + 1), String(route.priority), entry.pattern, entry.name ?? "-",
        entry.target ?? (entry.redirect.map { "→ \($0)" } ?? "-"),
        entry.presentation?.description ?? "-", entry.exposure.rawValue,
      ]
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    for row in [header] + rows {
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      print(cells.joined(separator: "  "))
    }
  }
}
