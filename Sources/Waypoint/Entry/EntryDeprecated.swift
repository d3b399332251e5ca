#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Entry names deprecated in 0.2.0, kept until 0.3.0 (docs/Style.md, "Versions"): adding a
// window's coordinator was also called opening a window, and an interval was also a window.

extension WaypointApp {
  /// Adds the window `id` shown by `navigator`: ``addWindow(_:navigator:)`` (it adds the
  /// window's coordinator; it opens no window).
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  ///
  /// - Parameters:
  ///   - id: The window's name; ``mainWindow`` by default.
  ///   - navigator: What shows the window's screens.
  /// - Returns: The window's screen coordinator.
  @available(*, deprecated, renamed: "addWindow(_:navigator:)")
  @discardableResult
  public func openWindow(_ id: String = WaypointApp.mainWindow, navigator: any Navigator) -> ScreenCoordinator {
    addWindow(id, navigator: navigator)
  }

  /// Adds the window `id` on what it saved: ``addWindow(_:restoring:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  ///
  /// - Parameters:
  ///   - id: The window's id.
  ///   - saved: What an earlier run saved for the window; `nil` for ``start``.
  /// - Returns: The window's screen coordinator.
  @available(*, deprecated, renamed: "addWindow(_:restoring:)")
  @discardableResult
  public func openWindow(_ id: String = WaypointApp.mainWindow, restoring saved: Data?) -> ScreenCoordinator {
    addWindow(id, restoring: saved)
  }
}

extension LinkInbox.Policy {
  /// How long after a link the same link from the same door counts as the same tap:
  /// ``duplicateInterval``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "duplicateInterval")
  public var duplicateWindow: Duration {
    get { duplicateInterval }
    set { duplicateInterval = newValue }
  }

  /// How long an arrival with an identifier counts as the same one reported twice:
  /// ``identifiedDuplicateInterval``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "identifiedDuplicateInterval")
  public var identifiedDuplicateWindow: Duration {
    get { identifiedDuplicateInterval }
    set { identifiedDuplicateInterval = newValue }
  }
}
