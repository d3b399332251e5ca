#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The link service's change feed (`GET /v1/feed`): every short link removed since it was made,
/// and every one sent somewhere else, signed with the service's Ed25519 feed key.
///
/// An app reads it with ``ShortLinks/readFeed()`` to learn which of its built-in codes changed
/// after it was built; the public key it trusts ships in the app (the build pins it), so no one
/// but the service can take a code away from the table or send it elsewhere.
package struct ShortLinkFeed: Codable, Sendable, Equatable {
  /// The format this version reads and writes.
  package static let currentFormat = 1

  /// The format, ``currentFormat``.
  package var format: Int
  /// The site's origin: a feed of another site is refused.
  package var site: String
  /// The service's version of its links when it made the feed: an app never takes a feed older
  /// than one it read before (a replayed feed cannot bring back a removed code).
  package var version: Int64
  /// The links removed or changed, by code.
  package var entries: [Entry]

  /// One code's state.
  package struct Entry: Codable, Sendable, Equatable {
    /// The code.
    package var code: String
    /// The link's revision; a removed link keeps the revision it had.
    package var revision: Int
    /// What the code opens now; `nil` when the link was removed, for good.
    package var link: ShortLink?

    /// The entry of `code` at `revision`: `link`, or removed.
    package init(code: String, revision: Int, link: ShortLink?) {
      self.code = code
      self.revision = revision
      self.link = link
    }
  }

  /// A feed of `entries` for `site` at `version`.
  package init(site: String, version: Int64, entries: [Entry]) {
    format = Self.currentFormat
    self.site = site
    self.version = version
    self.entries = entries
  }

  /// The feed as it travels: the feed's exact bytes in base64 and the signature file of those
  /// bytes (as `waypoint sign --manifest` writes one).
  package struct Signed: Codable, Sendable {
    /// The feed's JSON, in base64.
    package var feed: String
    /// The signature file's text.
    package var signature: String

    /// The signed feed of `feed`'s bytes with `signature`.
    package init(feed: Data, signature: String) {
      self.feed = feed.base64EncodedString()
      self.signature = signature
    }
  }
}
