import Foundation

/// A count of opens reported by apps (or, with source `resolve`, answered by `/v1/resolve`).
package struct OpenCount: Sendable, Hashable, Codable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The link's revision; `nil` for an open through `/v1/resolve` (always the live one).
  package var revision: Int?
  /// The door, or `resolve`.
  package var source: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// How many.
  package var count: Int
}

extension OpenCount {
  /// Counts by hour folded into counts by day, in order of day, code, revision, source and
  /// platform.
  static func byDay(
    _ hours: [(hour: Int64, code: String, revision: Int, source: String, platform: String, count: Int)]
  ) -> [OpenCount] {
    var days: [OpenCount: Int] = [:]
    for row in hours {
      let key = OpenCount(
        day: ClickKey.day(of: Date(timeIntervalSince1970: Double(row.hour) * 3_600)), code: row.code,
        revision: row.revision,
        source: row.source, platform: row.platform, count: 0)
      days[key, default: 0] += row.count
    }
    return days.map { key, count in
      var total = key
      total.count = count
      return total
    }.sorted(by: OpenCount.order)
  }

  /// The order counts are listed in.
  static func order(_ left: OpenCount, _ right: OpenCount) -> Bool {
    (left.day, left.code, left.revision ?? 0, left.source, left.platform)
      < (right.day, right.code, right.revision ?? 0, right.source, right.platform)
  }
}
