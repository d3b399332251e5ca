#if canImport(SwiftUI)
public import SwiftUI
public import Waypoint

extension EnvironmentValues {
  /// Opens a link in the window of the view that reads it, in one line: `openLink("/note/7")`.
  ///
  /// ```swift
  /// struct NotesView: View {
  ///   @Environment(\.openLink) private var openLink
  ///   var body: some View {
  ///     Button("Note 7") { openLink("/note/7") }
  ///   }
  /// }
  /// ```
  ///
  /// `WaypointHost` sets it for its window: the link lands there, never in another window.
  /// Outside any host every link ends as `noWindow`.
  public var openLink: OpenLinkAction {
    get { self[OpenLinkKey.self] }
    set { self[OpenLinkKey.self] = newValue }
  }

  /// Closes the screen whose view reads it, in one line: `closeScreen()`.
  ///
  /// ```swift
  /// struct LoginView: View {
  ///   @Environment(\.closeScreen) private var closeScreen
  ///   var body: some View {
  ///     Button("Cancel") { closeScreen() }
  ///   }
  /// }
  /// ```
  ///
  /// `WaypointHost` sets it for each screen it draws: a pushed screen pops, the root of a sheet
  /// dismisses it, a tab's first screen stays (see `ScreenClosing`). Outside any host it closes
  /// nothing.
  public var closeScreen: CloseScreenAction {
    get { self[CloseScreenKey.self] }
    set { self[CloseScreenKey.self] = newValue }
  }
}

/// The key of `EnvironmentValues.openLink`.
private struct OpenLinkKey: EnvironmentKey {
  static let defaultValue = OpenLinkAction.outside
}

/// The key of `EnvironmentValues.closeScreen`.
private struct CloseScreenKey: EnvironmentKey {
  static let defaultValue = CloseScreenAction.outside
}
#endif
