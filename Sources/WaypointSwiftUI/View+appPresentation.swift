#if canImport(SwiftUI)
public import SwiftUI
import Waypoint
extension View {
  /// Tells the window's navigator that the app presents something of its own here while
  /// `isPresented` (an `.alert`, a `.confirmationDialog`, a `ShareLink`'s sheet, a sheet it
  /// attached itself): links and other changes then fail with `presentationBlocked` and leave
  /// the window as it is, rather than colliding with it or taking it down with the user's work
  /// (see `HeadlessNavigator.appPresentations`).
  ///
  /// ```swift
  /// NoteView(note: note)
  ///   .alert("Delete this note?", isPresented: $confirming) { … }
  ///   .waypointAppPresentation("delete-note", isPresented: confirming)
  /// ```
  ///
  /// Put it inside the `WaypointHost`, where the window's `ScreenCoordinator` is in the
  /// environment; it does nothing elsewhere.
  ///
  /// - Parameters:
  ///   - name: The app's name for what it presents (`delete-note`); the window stays blocked
  ///     while any name is up.
  ///   - isPresented: Whether it is up now; the view leaving the screen takes the name away too.
  /// - Returns: The view, keeping the window's navigator told.
  public func waypointAppPresentation(_ name: String, isPresented: Bool) -> some View {
    AppPresentation(content: self, name: name, isPresented: isPresented)
  }
}

/// Keeps the window's navigator told of one of the app's own presentations.
private struct AppPresentation<Content: View>: View {
  let content: Content
  let name: String
  let isPresented: Bool
  @Environment(ScreenCoordinator.self) private var coordinator: ScreenCoordinator?

  var body: some View {
    content
      .onChange(of: isPresented, initial: true) { tell(isPresented) }
      .onDisappear { tell(false) }
  }

  @MainActor private func tell(_ presented: Bool) {
    (coordinator?.navigator as? HeadlessNavigator)?.setAppPresentation(name, isPresented: presented)
  }
}
#endif
