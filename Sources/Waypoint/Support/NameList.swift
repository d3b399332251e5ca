/// The names a message lists after a misspelled one, so the reader sees what exists: sorted,
/// quoted, and cut after `limit` with how many more there are.
package enum NameList {
  /// `'a', 'b', 'c'`, `none` when there are none, or the first `limit` and `… and 12 more`.
  package static func quoted(_ names: some Sequence<String>, limit: Int = 20) -> String {
    let sorted = Array(Set(names)).sorted()
    guard !sorted.isEmpty else { return "none" }
    let shown = sorted.prefix(limit).map { "'\($0)'" }.joined(separator: ", ")
    return sorted.count > limit ? "\(shown) and \(sorted.count - limit) more" : shown
  }
}
