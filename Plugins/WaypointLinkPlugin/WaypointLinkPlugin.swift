import Foundation
import PackagePlugin

/// Generates a typed-link enum for each route manifest in a target, as `waypoint generate` does
/// (through its own small tool, `waypoint-generate`), on every build where the manifest changed:
/// the manifest and the code that opens its links cannot drift apart.
///
/// A manifest is a file named `routes.json` (its enum is `<Target>Link`) or `<name>.routes.json`
/// (its enum is `<Name>Link`: `notes.routes.json` makes `NotesLink`). Declare it as a resource of
/// the target, which also lets the app load it. The enum is `public`.
///
/// A links file beside it, `links.json` or `<name>.links.json` (the one the link service serves),
/// becomes `<Target>ShortLinks` or `<Name>ShortLinks`: the table of its short links that
/// `waypoint links compile` writes, each checked against the manifest (`<name>.routes.json`, or
/// the target's only manifest), so the app opens them with no network.
@main
struct WaypointLinkPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "waypoint-generate")
    let manifests = target.sourceFiles.map(\.url).filter {
      $0.lastPathComponent == "routes.json" || $0.lastPathComponent.hasSuffix(".routes.json")
    }
    let shortLinks = target.sourceFiles.compactMap { file -> Command? in
      let name = file.url.lastPathComponent
      guard name == "links.json" || name.hasSuffix(".links.json") else { return nil }
      let stem = name == "links.json" ? nil : String(name.dropLast(".links.json".count))
      let manifest =
        manifests.first { $0.lastPathComponent == (stem.map { "\($0).routes.json" } ?? "routes.json") }
        ?? (manifests.count == 1 ? manifests[0] : nil)
      guard let manifest else {
        Diagnostics.error("\(name) needs its manifest beside it: \(stem.map { "\($0)." } ?? "")routes.json")
        return nil
      }
      let type =
        Self.typeName(forManifest: (stem.map { "\($0)." } ?? "") + "routes.json", target: target.name)
        .dropLast("Link".count) + "ShortLinks"
      let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(type).swift")
      return .buildCommand(
        displayName: "Compiling \(type) from \(name)",
        executable: tool.url,
        arguments: [
          "--manifest", manifest.path, "--links", file.url.path, "--type", String(type), "--output", output.path,
        ],
        inputFiles: [file.url, manifest],
        outputFiles: [output])
    }
    return shortLinks
      + target.sourceFiles.compactMap { file -> Command? in
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
