/// Where a screen's `openLink` or `closeScreen` was called, for a test that fails on a call made
/// outside any window (`WaypointTesting`'s `ScreenActionRecorder` sets ``outsideAnyWindow``).
package struct ScreenCallSite: Sendable {
  package let fileID: String
  package let filePath: String
  package let line: Int
  package let column: Int

  init(_ fileID: String, _ filePath: String, _ line: Int, _ column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Hears each call made outside any window (no host above the view, a controller in no window
  /// of the app), with where it was made; `nil`, the default, hears nothing.
  @MainActor package static var outsideAnyWindow: (@MainActor (String, ScreenCallSite) -> Void)?
}
