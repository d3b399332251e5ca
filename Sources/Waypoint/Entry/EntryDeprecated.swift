// Names of the last release, kept for one release so apps move at their pace (see CHANGELOG).

extension WaypointApp {
  /// The old name of ``coordinator(for:)``.
  @available(*, deprecated, renamed: "coordinator(for:)")
  public func modules(for id: String = WaypointApp.mainWindow) -> ScreenCoordinator? {
    coordinator(for: id)
  }
}
