import Crypto
import Foundation
import Hummingbird
import Logging
import Metrics
import Waypoint
import WaypointLinkSite
import WaypointSignedLinks

/// A running link service's parts: the table of links, the store, the click counts, the
/// tokens, and the HTTP routes over them.
///
/// ```swift
/// let store = try await SQLiteLinkStore(path: "/var/lib/links/links.sqlite")
/// let service = try await LinkService(configuration, store: store)
/// try await service.application(address: .hostname("0.0.0.0", port: 8080)).runService()
/// ```
package struct LinkService: Sendable {
  let configuration: LinkServiceConfiguration
  let store: any LinkStore
  let table: LinkTable
  let clicks: ClickRecorder
  let sync: LinkSync
  let tokens: DeferredTokens
  let limiter: RateLimiter
  /// The rate limit of requests with a wrong admin key.
  let refusedKeys: RateLimiter
  let wellKnown: WellKnownFiles
  /// The signed change feed.
  let feed: ChangeFeed
  /// Where a redirect may go: each an origin and a slash.
  let allowedOrigins: [String]
  /// The token counters, made once (a counter's lookup is not a redirect's work).
  let tokenEvents: TokenEvents
  let logger: Logger

  /// Prepares `store`, writes the configuration's links to it, reads every link and the
  /// signing key.
  ///
  /// - Throws: When the store fails, or when a link of the configuration does not open a public
  ///   route of the manifest on the site's host (``LinkSiteError``, naming each).
  package init(
    _ configuration: LinkServiceConfiguration, store: any LinkStore,
    logger: Logger = Logger(label: "waypoint.links")
  ) async throws {
    let router = try configuration.manifest.makeRouter()
    var problems: [String] = []
    for link in configuration.site.links {
      if case .failure(let problem) = LinkSite.entry(for: link, in: configuration.site, router: router) {
        problems.append("\(link.code): \(problem.message)")
      }
    }
    guard problems.isEmpty else {
      throw LinkSiteError(
        "\(problems.count) link(s) cannot be served:\n" + problems.map { "  " + printable($0) }.joined(separator: "\n"))
    }
    try await store.prepare()
    try await Self.seed(configuration.site.links, into: store, logger: logger)
    self.configuration = configuration
    self.store = store
    self.logger = logger
    table = LinkTable(site: configuration.site, router: router, logger: logger)
    table.apply(try await store.changes(after: 0))
    clicks = ClickRecorder(
      store: store, interval: configuration.clickInterval, logger: logger, now: configuration.now,
      newID: configuration.newID)
    sync = LinkSync(store: store, table: table, interval: configuration.syncInterval, logger: logger)
    let key = try await Self.signingKey(configuration.signingKey, store: store)
    tokens = try DeferredTokens(
      key: key, origin: configuration.site.origin, lifetime: configuration.tokenLifetime, now: configuration.now)
    limiter = RateLimiter(
      perSecond: configuration.adminRate.perSecond, burst: configuration.adminRate.burst, now: configuration.now)
    refusedKeys = RateLimiter(
      perSecond: configuration.adminRate.perSecond, burst: configuration.adminRate.burst, now: configuration.now)
    wellKnown = try WellKnownFiles(
      site: configuration.site, manifest: configuration.manifest, table: table, logger: logger)
    allowedOrigins = configuration.site.redirectOrigins
    tokenEvents = TokenEvents()
    feed = ChangeFeed(table: table, key: try await ChangeFeed.key(configuration.feedKey, store: store))
  }

  /// Writes the links file's `links` to `store`: a link the file changed since it was last
  /// seeded replaces the one served when its revision is at least the served one's, and above it
  /// when it goes elsewhere; a removed code stays removed, with a log line.
  ///
  /// - Throws: A ``LinkSiteError`` naming every link the file would send elsewhere without
  ///   raising its revision; nothing is written then.
  static func seed(_ links: [LinkSiteFile.Link], into store: any LinkStore, logger: Logger) async throws {
    var problems: [String] = []
    var writes: [(link: LinkSiteFile.Link, over: String?)] = []
    for link in links {
      guard let stored = try await store.stored(code: link.code) else {
        writes.append((link, nil))
        continue
      }
      guard let body = stored.body else {
        logger.warning(
          "the links file's link was removed and is never issued again; remove it from the file",
          metadata: ["code": "\(printable(link.code))"])
        continue
      }
      guard stored.seed != link.stored, let served = try? LinkSiteFile.Link.stored(body) else { continue }
      let goesElsewhere = !link.goesWhere(served)
      let needed = served.currentRevision + (goesElsewhere ? 1 : 0)
      if link.currentRevision < needed {
        problems.append(
          goesElsewhere
            ? "\(link.code): the file sends it elsewhere; give it \"revision\": \(needed) to reassign it (a printed "
              + "link then opens the new destination)"
            : "\(link.code): the service serves it at revision \(served.currentRevision); give it \"revision\": \(needed)"
        )
      } else {
        writes.append((link, body))
      }
    }
    guard problems.isEmpty else {
      throw LinkSiteError(
        "\(problems.count) link(s) of the file cannot be written:\n"
          + problems.map { "  " + printable($0) }.joined(separator: "\n"))
    }
    // Each over what was read: a change another server made meanwhile stays.
    for write in writes { try await store.seed(write.link, over: write.over) }
  }

  /// The key given, or the one in the store (written there by the first server to start).
  ///
  /// The store's key is an HMAC-SHA256 secret: the service signs its tokens and checks them
  /// itself, so no one else needs a public key, and a redirect that carries a token signs it in
  /// a microsecond where Ed25519 took a tenth of a millisecond (docs/Performance.md). Give
  /// `signingKey` an Ed25519 key when something else must check the tokens.
  static func signingKey(_ given: SigningKey?, store: any LinkStore) async throws -> SigningKey {
    if let given { return given }
    let secret = Data(WaypointClock.live.randomBytes(32))
    let made = "hmac-sha256 links-\(LinkSigner.makeNonce().prefix(8)) \(secret.base64EncodedString())"
    let text = try await store.setting("token-signing-key", orSet: made)
    let parts = text.split(separator: " ")
    guard parts.count == 3, parts[0] == "hmac-sha256", let stored = Data(base64Encoded: String(parts[2])) else {
      throw LinkSiteError("the store's token-signing-key setting is not an HMAC-SHA256 key")
    }
    return try SigningKey.hmac(SymmetricKey(data: stored), id: String(parts[1]))
  }

  /// The HTTP application on `address`, running the link sync and the click writer beside the
  /// server; on SIGTERM or SIGINT the server finishes its requests, then the clicks are written.
  package func application(address: BindAddress) -> some ApplicationProtocol {
    Application(
      router: routes(), configuration: ApplicationConfiguration(address: address, serverName: "waypoint-links"),
      services: [clicks, sync],
      onServerRunning: { [logger] channel in
        logger.info("listening", metadata: ["port": "\(channel.localAddress?.port ?? 0)"])
      }, logger: logger)
  }

  /// Writes the clicks counted so far (tests, and a caller that runs the routes itself).
  package func writeClicks() async { await clicks.flush() }

  /// Reads what other servers wrote to the store now, as the sync does every interval (tests).
  package func readChanges() async { await sync.sync() }

}
