import Foundation
import Waypoint
import WaypointLinkGenerator

// The build-tool plugin's tool: `waypoint-generate --manifest routes.json --type NotesLink
// --output NotesLink.swift` writes what `waypoint generate` writes, public. A tool of its own so
// that an app's build, which builds the plugin's tool, builds the manifest reader and the code
// writer only: not the CLI's argument parser, signing or examples.

/// Why the tool stopped; printed on standard error, exit status 1.
struct ToolFailure: Error {
  let message: String
}

/// The three options, each once.
func options(_ arguments: ArraySlice<String>) throws(ToolFailure) -> (manifest: String, type: String, output: String) {
  let usage = "usage: waypoint-generate --manifest FILE --type NAME --output FILE"
  var values: [String: String] = [:]
  var rest = arguments
  while let option = rest.popFirst() {
    guard ["--manifest", "--type", "--output"].contains(option) else {
      throw ToolFailure(message: "waypoint-generate: unknown argument '\(option)'; \(usage)")
    }
    guard values[option] == nil else { throw ToolFailure(message: "waypoint-generate: '\(option)' given twice") }
    guard let value = rest.popFirst(), !value.hasPrefix("--") else {
      throw ToolFailure(message: "waypoint-generate: '\(option)' needs a value; \(usage)")
    }
    values[option] = value
  }
  guard let manifest = values["--manifest"], let type = values["--type"], let output = values["--output"] else {
    throw ToolFailure(message: "waypoint-generate: \(usage)")
  }
  return (manifest, type, output)
}

do throws(ToolFailure) {
  let (manifestPath, type, output) = try options(CommandLine.arguments.dropFirst())
  let data: Data
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
  } catch {
    throw ToolFailure(message: "waypoint-generate: cannot read \(manifestPath): \(error.localizedDescription)")
  }
  let manifest: RouteManifest
  do {
    manifest = try RouteManifest(data: data)
  } catch {
    throw ToolFailure(message: "waypoint-generate: \(manifestPath): \(error)")
  }
  let name = URL(fileURLWithPath: manifestPath).lastPathComponent
  let source: String
  do {
    source = try LinkGenerator(manifest: manifest, typeName: type, access: "public", sourceName: name).source()
  } catch {
    throw ToolFailure(message: "waypoint-generate: \(manifestPath): \(error.message)")
  }
  do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output))
  } catch {
    throw ToolFailure(message: "waypoint-generate: cannot write \(output): \(error.localizedDescription)")
  }
} catch {
  FileHandle.standardError.write(Data((error.message + "\n").utf8))
  exit(1)
}
