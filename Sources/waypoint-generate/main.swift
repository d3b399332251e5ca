import Foundation
import Waypoint
import WaypointLinkGenerator
import WaypointLinkSite

// The build-tool plugin's tool: `waypoint-generate --manifest routes.json --type NotesLink
// --output NotesLink.swift` writes what `waypoint generate` writes, public; with `--links
// links.json`, the table of short links `waypoint links compile` writes, in a public enum of that
// name. A tool of its own so that an app's build, which builds the plugin's tool, builds the
// manifest reader and the code writers only: not the CLI's argument parser, signing or examples.

/// Why the tool stopped; printed on standard error, exit status 1.
struct ToolFailure: Error {
  let message: String
}

/// The options, each once: three, and `--links` for a table of short links.
func options(_ arguments: ArraySlice<String>) throws(ToolFailure) -> (
  manifest: String, type: String, output: String, links: String?
) {
  let usage = "usage: waypoint-generate --manifest FILE [--links FILE] --type NAME --output FILE"
  var values: [String: String] = [:]
  var rest = arguments
  while let option = rest.popFirst() {
    guard ["--manifest", "--links", "--type", "--output"].contains(option) else {
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
  return (manifest, type, output, values["--links"])
}

/// The Swift source of the short links in `linksPath` for the manifest `manifest`.
func shortLinksSource(linksPath: String, manifest: RouteManifest, type: String) throws(ToolFailure) -> String {
  let name = URL(fileURLWithPath: linksPath).lastPathComponent
  let data: Data
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: linksPath))
  } catch {
    throw ToolFailure(message: "waypoint-generate: cannot read \(linksPath): \(error.localizedDescription)")
  }
  do throws(LinkSiteError) {
    let file = try LinkSiteFile.read(data, name: name)
    let router: Router
    do {
      router = try manifest.makeRouter()
    } catch {
      throw LinkSiteError("the manifest does not build: \(error)")
    }
    let digest = ShortLinkDigest.of(data)
    let json = try ShortLinkCompiler.table(of: file, router: router, digest: digest)
    return ShortLinkCompiler.source(
      json: String(json.dropLast()), typeName: type, fileName: name, count: file.links.count, digest: digest)
  } catch {
    throw ToolFailure(message: "waypoint-generate: \(printable(error.message))")
  }
}

do throws(ToolFailure) {
  let (manifestPath, type, output, linksPath) = try options(CommandLine.arguments.dropFirst())
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
  if let linksPath {
    source = try shortLinksSource(linksPath: linksPath, manifest: manifest, type: type)
  } else {
    do {
      source = try LinkGenerator(manifest: manifest, typeName: type, access: "public", sourceName: name).source()
    } catch {
      throw ToolFailure(message: "waypoint-generate: \(manifestPath): \(error.message)")
    }
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
