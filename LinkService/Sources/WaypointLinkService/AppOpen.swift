/// One open of a short link an app resolved from its own table, as the app reports it.
///
/// Nothing of the device: the id is random for each open, and the time is the hour.
package struct AppOpen: Sendable, Hashable, Codable {
  /// 16 to 64 lowercase hex digits, random for each open: a batch sent twice counts once.
  package var id: String
  /// The link's code.
  package var code: String
  /// The link's revision the app opened.
  package var revision: Int
  /// The door the link came in by (`universalLink`, `url`, `notification`, …).
  package var source: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// Hours since 1970 in UTC.
  package var hour: Int64
}
