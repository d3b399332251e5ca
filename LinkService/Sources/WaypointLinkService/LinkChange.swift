import Foundation
import WaypointLinkSite

/// A link written or removed.
package struct LinkChange: Sendable {
  /// The store's version of the change, increasing.
  package var version: Int64
  /// The code, as written.
  package var code: String
  /// The link as the store keeps it (JSON), or `nil` when it was removed.
  package var body: String?

  /// The link, or `nil` when it was removed or its JSON cannot be read (which the table logs and
  /// serves as removed, so one bad row never stops the reading of the rest).
  var link: LinkSiteFile.Link? { body.flatMap { try? LinkSiteFile.Link.stored($0) } }
}

extension LinkSiteFile.Link {
  /// The link as the store keeps it: JSON.
  var stored: String {
    String(decoding: (try? ServiceJSON.encoder.encode(self)) ?? Data(), as: UTF8.self)
  }

  /// A link the store kept.
  static func stored(_ text: String) throws -> LinkSiteFile.Link {
    try JSONDecoder().decode(LinkSiteFile.Link.self, from: Data(text.utf8))
  }
}
