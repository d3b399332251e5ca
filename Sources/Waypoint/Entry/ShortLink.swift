import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One short link of an app's table (``ShortLinks``): its code and the link it opens.
public struct ShortLink: Sendable, Hashable, Codable {
  /// Its code, as the links file spells it (codes ignore case).
  public var code: String
  /// The link it opens.
  public var url: String
  /// The route the link reached when the table was made, for a link the links file named by
  /// route.
  public var route: String?
  /// The route's values then.
  public var values: [String: String]
  /// How many times the link was given a destination: 1 when made, one more each time it was
  /// sent elsewhere.
  ///
  /// A change feed's entry wins over the table's when its revision is higher.
  public var revision: Int

  /// The short link `code` for `url`, made from `route` with `values`, at `revision`.
  package init(code: String, url: String, route: String?, values: [String: String], revision: Int = 1) {
    self.code = code
    self.url = url
    self.route = route
    self.values = values
    self.revision = revision
  }

  private enum CodingKeys: String, CodingKey {
    case code, url, route, values, revision
  }

  /// A link from its JSON; one without a `revision` (a table written before revisions) is at 1.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(String.self, forKey: .code)
    url = try container.decode(String.self, forKey: .url)
    route = try container.decodeIfPresent(String.self, forKey: .route)
    values = try container.decodeIfPresent([String: String].self, forKey: .values) ?? [:]
    revision = try container.decodeIfPresent(Int.self, forKey: .revision) ?? 1
  }
}
