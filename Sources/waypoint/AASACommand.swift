import ArgumentParser
import Waypoint
import WaypointLinkSite

/// `waypoint aasa`: prints the `apple-app-site-association` document for a manifest.
struct AASACommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa",
    abstract: "Print the apple-app-site-association JSON for the manifest's public http(s) routes.",
    discussion: """
      Parameters and rest segments become '?*' wildcards, optional groups one component per \
      spelling, and internal routes under a public pattern 'exclude' entries listed first. Query \
      requirements are left out. Routes the format cannot express exactly are listed, with a \
      warning on standard error naming them. Serve the output at \
      https://<host>/.well-known/apple-app-site-association.

      Example:
        waypoint aasa --manifest routes.json --app-id ABCDE12345.com.example.notes > apple-app-site-association
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("An app that opens the links, as TEAMID.bundle.id (repeatable).", valueName: "id"))
  var appID: [String] = []

  @Option(help: "List only the routes of this host (and those naming none).")
  var host: String?

  func run() throws {
    guard !appID.isEmpty else { throw CommandFailure.usage("waypoint: give at least one --app-id TEAMID.bundle.id") }
    for id in appID where !AppIdentifiers.isAppID(id) {
      throw CommandFailure.usage(
        "waypoint: '\(id)' is not an app id: expected a 10-character team id, a dot and a bundle id "
          + "(ABCDE12345.com.example.app)")
    }
    let read = try manifest.routeManifest()
    let association = AppSiteAssociation(manifest: read, appIDs: appID, host: host)
    for warning in association.warnings { standardError("warning: \(warning)") }
    print(association.json)
  }
}
