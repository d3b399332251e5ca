import Foundation
import Synchronization
import Waypoint
import WaypointLinkSite
import WaypointSignedLinks

/// The change feed the service serves at `GET /v1/feed`: every code removed, and every link at a
/// revision above 1 (sent elsewhere after it was made), signed with the feed key.
///
/// An app's table holds the links as they were at its build; the feed tells it which of them
/// changed since. It is made again only when the table's version moves, so a read costs a lock
/// and a copy.
final class ChangeFeed: Sendable {
  private struct Made {
    var version: Int64
    var body: Data
  }

  private let made = Mutex<Made?>(nil)
  private let table: LinkTable
  private let signer: ManifestSigner

  /// The feed of `table`'s links, signed with `key` (an Ed25519 key: apps check it with its
  /// public half).
  init(table: LinkTable, key: SigningKey) {
    self.table = table
    signer = ManifestSigner(key: key)
  }

  /// The public key file apps pin to check the feed.
  var publicKey: String { signer.key.verificationKey.fileText ?? "" }

  /// The signed feed (``ShortLinkFeed/Signed``'s JSON) as of the table's version now.
  func signed() throws -> Data {
    let (entries, removed, version) = table.snapshot
    if let made = made.withLock({ $0 }), made.version == version { return made.body }
    let feed = ShortLinkFeed(
      site: table.site.origin, version: version, entries: LinkTable.changedEntries(entries, removed: removed))
    let encoder = ServiceJSON.encoder
    let bytes = try encoder.encode(feed)
    let body = try encoder.encode(
      ShortLinkFeed.Signed(feed: bytes, signature: signer.sign(manifest: bytes).fileText))
    made.withLock { $0 = Made(version: version, body: body) }
    return body
  }

  /// The feed key: the one given, or the store's (an Ed25519 key made by the first server).
  static func key(_ given: SigningKey?, store: any LinkStore) async throws -> SigningKey {
    if let given {
      guard given.verificationKey.isPublicKey else {
        throw LinkSiteError("the feed key '\(given.keyID)' is an HMAC secret; the feed is signed with Ed25519")
      }
      return given
    }
    let made = try SigningKey.generateEd25519(id: "feed-\(LinkSigner.makeNonce().prefix(8))").fileText ?? ""
    let text = try await store.setting("feed-signing-key", orSet: made)
    do {
      return try SigningKey(fileText: text)
    } catch {
      throw LinkSiteError("the store's feed-signing-key setting is not an Ed25519 private key: \(error)")
    }
  }
}

extension LinkTable {
  /// The feed's entries of `entries` and `removed`: each code removed for good, and each link
  /// served at a revision above 1, by code.
  ///
  /// A code a server does not serve for another reason (its
  /// manifest refuses the link) is left out: the app's table keeps its link.
  static func changedEntries(
    _ entries: [String: LinkSite.Entry], removed: Set<String>
  ) -> [ShortLinkFeed.Entry] {
    var changed = removed.map { ShortLinkFeed.Entry(code: $0, revision: 0, link: nil) }
    for entry in entries.values where entry.link.currentRevision > 1 {
      let revision = entry.link.currentRevision
      changed.append(
        ShortLinkFeed.Entry(
          code: entry.link.code, revision: revision,
          link: ShortLink(
            code: entry.link.code, url: entry.appLink, route: entry.landing.route, values: entry.landing.values,
            revision: revision)))
    }
    return changed.sorted { $0.code.lowercased() < $1.code.lowercased() }
  }
}
