/// Clicks a store could not write: the caller keeps them for the next write.
package struct UnrecordedClicks: Error {
  /// The clicks not written.
  package var clicks: [ClickKey: Int]
  /// Why.
  package var reason: String
}
