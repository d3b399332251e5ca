import Foundation
import PackagePlugin

/// Generates a typed-link enum for each route manifest in a target, as `waypoint generate` does
/// (through its own small tool, `waypoint-generate`), on every build where the manifest changed:
/// the manifest and the code that opens its links cannot drift apart.
///
/// A manifest is a file named `routes.json` (its enum is `<Target>Link`) or `<name>.routes.json`
/// (its enum is `<Name>Link`: `notes.routes.json` makes `NotesLink`). Declare it as a resource of
/// the target, which also lets the app load it. The enum is `public`.
@main
struct WaypointLinkPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "waypoint-generate")
    return target.sourceFiles.compactMap { file -> Command? in
      let name = file.url.lastPathComponent
      guard name == "routes.json" || name.hasSuffix(".routes.json") else { return nil }
      let type = Self.typeName(forManifest: name, target: target.name)
      let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(type).swift")
      return .buildCommand(
        displayName: "Generating \(type) from \(name)",
        executable: tool.url,
        arguments: ["--manifest", file.url.path, "--type", type, "--output", output.path],
        inputFiles: [file.url],
        outputFiles: [output])
    }
  }

  /// `notes.routes.json` → `NotesLink`; `routes.json` → the target's name and `Link`.
  static func typeName(forManifest file: String, target: String) -> String {
    let stem = file == "routes.json" ? target : String(file.dropLast(".routes.json".count))
    let words = stem.split { !($0.isLetter || $0.isNumber) }
    let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    let typeName = (name.first?.isLetter == true ? name : "Routes" + name) + "Link"
    return typeName
  }
}
