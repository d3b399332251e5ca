import Foundation
import Synchronization

/// What one click is counted by: never an address or anything else of the device's.
package struct ClickKey: Sendable, Hashable {
  /// The day, `YYYY-MM-DD` in UTC.
  package var day: String
  /// The link's code.
  package var code: String
  /// The route the link opens.
  package var route: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// `person`, `previewer` (a link preview's fetch) or `bot` (a crawler or a tool).
  package var kind: String

  /// `YYYY-MM-DD` of `date` in UTC.
  ///
  /// The last day's string is kept, so a click builds none.
  static func day(of date: Date) -> String {
    let number = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    if let known = lastDay.withLock({ $0.number == number ? $0.text : nil }) { return known }
    let text = day(number: number)
    lastDay.withLock { $0 = (number, text) }
    return text
  }

  /// The last day asked: days since 1970-01-01, and its string.
  private static let lastDay = Mutex((number: Int.min, text: ""))

  /// `YYYY-MM-DD` of the day `number` days after 1970-01-01.
  static func day(number: Int) -> String {
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let days = number + 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(year)-\(two(month))-\(two(day))"
  }
}
