import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import Waypoint
import WaypointLinkService
import WaypointLinkSite
import WaypointSignedLinks

/// `waypoint-links`: the link service's command.
@main
struct LinksServiceCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waypoint-links",
    abstract: "Waypoint's link service: short links, preview pages, store fallbacks and deferred links.",
    subcommands: [ServeCommand.self])
}

/// `waypoint-links serve`.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a links file's short links for a manifest, on SQLite.",
    discussion: """
      With no options it serves the bundled example (Examples/routes.json and \
      LinkService/Example/links.json) on 127.0.0.1:8080, from a new SQLite file in a temporary \
      folder, and prints the admin key it made. SIGTERM or SIGINT stops it after the requests \
      in flight, with every click written.

      Example:
        swift run --package-path LinkService waypoint-links serve
        curl -A 'Mozilla/5.0 (iPhone)' http://127.0.0.1:8080/welcome
      """)

  @Option(help: ArgumentHelp("The route manifest (JSON).", valueName: "file"))
  var manifest: String = Self.bundled("Examples/routes.json")

  @Option(help: ArgumentHelp("The links file, as `waypoint links build` reads it.", valueName: "file"))
  var links: String = Self.bundled("LinkService/Example/links.json")

  @Option(
    help: ArgumentHelp("The SQLite file (made when missing); default a new temporary folder's.", valueName: "file"))
  var database: String?

  @Option(
    help: ArgumentHelp(
      "A PostgreSQL database every server of the deployment shares, instead of SQLite.",
      valueName: "postgres://user:password@host:port/database"))
  var postgres: String?

  @Option(help: "The address to listen on.")
  var host: String = "127.0.0.1"

  @Option(help: "The port to listen on.")
  var port: Int = 8080

  @Option(
    help: ArgumentHelp(
      "A signing key file (waypoint keygen) for deferred tokens; default the store's own.", valueName: "file"))
  var key: String?

  @Option(
    help: ArgumentHelp(
      "An Ed25519 signing key file (waypoint keygen) for the change feed; default the store's own. Apps pin its public key.",
      valueName: "file"))
  var feedKey: String?

  @Option(
    help: ArgumentHelp(
      "A file holding the admin API's key; default $WAYPOINT_LINKS_ADMIN_KEY, else one made and printed.",
      valueName: "file"))
  var adminKeyFile: String?

  @Option(help: "Hours a deferred token lasts (1 to 720).")
  var tokenLifetimeHours: Int = 24

  func validate() throws {
    guard (1...720).contains(tokenLifetimeHours) else { throw ValidationError("--token-lifetime-hours is 1 to 720") }
    guard postgres == nil || database == nil else { throw ValidationError("give --database or --postgres, not both") }
    guard (0...65_535).contains(port) else { throw ValidationError("--port is 0 (any free port) to 65535") }
  }

  func run() async throws {
    var logger = Logger(label: "waypoint.links")
    logger.logLevel = .info
    let site = try LinkSiteFile.read(try Data(contentsOf: URL(fileURLWithPath: links)), name: links)
    let routes = try RouteManifest(data: try Data(contentsOf: URL(fileURLWithPath: manifest)))
    var configuration = LinkServiceConfiguration(site: site, manifest: routes, adminKey: try adminKey())
    configuration.tokenLifetime = .seconds(tokenLifetimeHours * 3_600)
    if let key {
      configuration.signingKey = try SigningKey(fileText: String(contentsOfFile: key, encoding: .utf8))
    }
    if let feedKey {
      configuration.feedKey = try SigningKey(fileText: String(contentsOfFile: feedKey, encoding: .utf8))
    }
    // SIGTERM or SIGINT: the server finishes its requests, then the clicks are written, then a
    // PostgreSQL pool closes; a connection that holds on past 30 seconds is cut so the process ends.
    var services: [any Service] = []
    let store: any LinkStore
    if let postgres {
      let shared = try PostgresLinkStore(url: postgres)
      services.append(shared)
      store = shared
      logger.info("the store is PostgreSQL")
    } else {
      let path = try database ?? Self.temporaryDatabase()
      store = try await SQLiteLinkStore(path: path)
      logger.info("the store is \(path)")
    }
    services.append(LinkServer(configuration, store: store, address: .hostname(host, port: port), logger: logger))
    var group = ServiceGroupConfiguration(
      services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    group.maximumGracefulShutdownDuration = .seconds(30)
    do {
      try await ServiceGroup(configuration: group).run()
    } catch {
      try? await store.close()
      throw error
    }
    try await store.close()
  }

  /// The admin key: the file's, the environment's, or a new one printed once.
  func adminKey() throws -> String {
    if let adminKeyFile {
      let text = try String(contentsOfFile: adminKeyFile, encoding: .utf8).trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard text.utf8.count >= 16 else {
        throw ValidationError("\(adminKeyFile): an admin key is 16 characters or more")
      }
      return text
    }
    if let text = ProcessInfo.processInfo.environment["WAYPOINT_LINKS_ADMIN_KEY"], !text.isEmpty {
      guard text.utf8.count >= 16 else { throw ValidationError("WAYPOINT_LINKS_ADMIN_KEY is 16 characters or more") }
      return text
    }
    let made = LinkSigner.makeNonce() + LinkSigner.makeNonce()
    FileHandle.standardError.write(Data("admin key (this run only): \(made)\n".utf8))
    return made
  }

  /// A file of this repository's, for the bundled example.
  static func bundled(_ path: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(path).path
  }

  /// `links.sqlite` in a new temporary folder.
  static func temporaryDatabase() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "waypoint-links-\(WaypointClock.live.newID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("links.sqlite").path
  }
}
