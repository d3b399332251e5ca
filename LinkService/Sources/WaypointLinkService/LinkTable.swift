import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Waypoint
import WaypointLinkSite

import struct HummingbirdCore.Response

/// The links a server answers from, in memory: each checked against the manifest when it
/// arrives, so a request costs one dictionary lookup.
///
/// The store is the truth; ``LinkSync`` brings in what another server wrote.
final class LinkTable: Sendable {
  private struct State {
    var entries: [String: LinkSite.Entry] = [:]
    /// The 302 a desktop browser gets for each code, to the route's page on the site's web
    /// origin: made and checked once, when the link arrives (none without a web origin).
    var webRedirects: [String: Response] = [:]
    /// The version each code was last written at, removed ones too: two reads that overlap
    /// never put back an older state.
    var versions: [String: Int64] = [:]
    /// The codes removed for good (their store rows are tombstones), not those merely not served.
    var removed: Set<String> = []
    var version: Int64 = 0
  }

  private let state = Mutex(State())
  let site: LinkSiteFile
  let router: Router
  private let logger: Logger

  init(site: LinkSiteFile, router: Router, logger: Logger) {
    self.site = site
    self.router = router
    self.logger = logger
  }

  /// The link of `code` (codes ignore case).
  func entry(_ code: String) -> LinkSite.Entry? {
    let key = Self.key(code)
    return state.withLock { $0.entries[key] }
  }

  /// The link of `code` and the 302 a desktop browser gets for it, under one lock.
  func opening(_ code: String) -> (entry: LinkSite.Entry, webRedirect: Response?)? {
    let key = Self.key(code)
    return state.withLock { state in state.entries[key].map { ($0, state.webRedirects[key]) } }
  }

  /// The table's key of `code`: `code.lowercased()`, without the copy when `code` is already
  /// lower-case ASCII (as every code a person types from a link is).
  static func key(_ code: String) -> String {
    code.utf8.allSatisfy { $0 < 0x80 && $0 &- 65 >= 26 } ? code : code.lowercased()
  }

  /// The route's page on the site's web origin: the app link's path and query there; `nil` when
  /// the site has no web origin.
  func webPage(of entry: LinkSite.Entry) -> String? {
    site.webOrigin.map { $0 + entry.appLink.dropFirst(site.origin.count) }
  }

  /// Whether the table has seen `code` written at some time: a code it knows but does not serve
  /// was removed (or no longer opens a route of the manifest).
  func knows(_ code: String) -> Bool {
    state.withLock { $0.versions[code.lowercased()] != nil }
  }

  /// The links served and the codes removed for good, by lowercased code, at the version read,
  /// all under one lock (a feed never labels one version with another's links).
  var snapshot: (entries: [String: LinkSite.Entry], removed: Set<String>, version: Int64) {
    state.withLock { ($0.entries, $0.removed, $0.version) }
  }

  /// Every link, by code.
  var entries: [LinkSite.Entry] {
    state.withLock { Array($0.entries.values) }.sorted { $0.link.code < $1.link.code }
  }

  /// The store's version the table has read up to.
  var version: Int64 { state.withLock { $0.version } }

  /// Applies `changes`: a link the manifest no longer opens is left out, with a log line.
  func apply(_ changes: [LinkChange]) {
    var checked: [(LinkChange, LinkSite.Entry?, Response?)] = []
    for change in changes {
      guard let link = change.link else {
        if change.body != nil {
          logger.error(
            "a stored link cannot be read; served as removed", metadata: ["code": "\(printable(change.code))"])
        }
        checked.append((change, nil, nil))
        continue
      }
      switch LinkSite.entry(for: link, in: site, router: router) {
      case .success(let entry):
        let web = webPage(of: entry).flatMap {
          LinkService.redirect(to: $0, allowedOrigins: site.redirectOrigins, logger: logger)
        }
        checked.append((change, entry, web))
      case .failure(let problem):
        logger.warning("link not served", metadata: ["code": "\(printable(link.code))", "why": "\(problem.message)"])
        checked.append((change, nil, nil))
      }
    }
    state.withLock { state in
      for (change, entry, web) in checked {
        let key = change.code.lowercased()
        guard change.version > state.versions[key, default: 0] else { continue }
        state.versions[key] = change.version
        state.entries[key] = entry
        state.webRedirects[key] = web
        if change.body == nil { state.removed.insert(key) } else { state.removed.remove(key) }
        state.version = max(state.version, change.version)
      }
    }
  }
}
