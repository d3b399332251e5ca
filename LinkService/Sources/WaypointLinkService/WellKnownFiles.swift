import Logging
import Synchronization
import Waypoint
import WaypointLinkSite

/// The `.well-known` files the service serves: made once when the site claims the code
/// namespace (``CodeClaim/namespace``), and again whenever the table changes when it lists the
/// live codes (``CodeClaim/codes``).
final class WellKnownFiles: Sendable {
  private let site: LinkSiteFile
  private let manifest: RouteManifest
  private let table: LinkTable
  private let logger: Logger
  /// The files and the table's version they were made at.
  private let made: Mutex<(version: Int64, files: [String: String])>

  /// The files of `site` for `manifest`, listing `table`'s codes when the site claims them one by
  /// one.
  ///
  /// - Throws: A ``LinkSiteError`` when the live codes make an association file over
  ///   ``AppSiteAssociation/exactLimit``.
  init(site: LinkSiteFile, manifest: RouteManifest, table: LinkTable, logger: Logger) throws(LinkSiteError) {
    self.site = site
    self.manifest = manifest
    self.table = table
    self.logger = logger
    let version = table.version
    let known = try LinkSite.wellKnown(file: site, manifest: manifest, codes: table.entries.map(\.link.code))
    for warning in known.warnings {
      logger.warning("the association file cannot say it exactly", metadata: ["why": "\(printable(warning))"])
    }
    made = Mutex((version, known.files))
  }

  /// The file at `path` (`.well-known/apple-app-site-association`), or `nil`.
  ///
  /// With ``CodeClaim/codes``, a table changed since the files were made makes them again; when
  /// the codes no longer fit, the last files are kept and the error is logged.
  func file(_ path: String) -> String? {
    guard site.claim == .codes else { return made.withLock { $0.files[path] } }
    let version = table.version
    if let current = made.withLock({ $0.version == version ? $0.files : nil }) { return current[path] }
    do {
      let files = try LinkSite.wellKnown(file: site, manifest: manifest, codes: table.entries.map(\.link.code)).files
      made.withLock { if $0.version < version { $0 = (version, files) } }
      return files[path]
    } catch {
      logger.error("the association file keeps its last codes", metadata: ["why": "\(error.message)"])
      return made.withLock { $0.files[path] }
    }
  }
}
