/// A count of clicks.
package struct ClickCount: Sendable, Hashable, Codable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The route the link opens.
  package var route: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// `person`, `previewer` or `bot`.
  package var kind: String
  /// How many.
  package var count: Int

  /// A count of `count` clicks.
  package init(day: String, code: String, route: String, platform: String, kind: String, count: Int) {
    self.day = day
    self.code = code
    self.route = route
    self.platform = platform
    self.kind = kind
    self.count = count
  }
}
