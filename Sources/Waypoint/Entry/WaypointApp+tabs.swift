extension WaypointApp {
  /// Shows `badge` on the tab `tab` in every window (`"3"`, `"New"`; `nil` takes it away), in
  /// place of the badge its ``NavigationTab`` was declared with.
  ///
  /// ```swift
  /// app.setBadge(unread == 0 ? nil : "\(unread)", onTab: "inbox")
  /// ```
  ///
  /// - Parameters:
  ///   - badge: The badge; `nil` for none.
  ///   - tab: The tab's id: a string, or the app's own ``TabName``. A tab ``start`` lacks shows nothing.
  public func setBadge(_ badge: String?, onTab tab: some TabName) {
    tabBadges.setBadge(badge, onTab: tab.tabName)
  }

  /// The badge the tab `tab` shows now: the last ``setBadge(_:onTab:)``, else the one it was
  /// declared with.
  public func badge(onTab tab: some TabName) -> String? {
    tabBadges.badge(onTab: tab.tabName)
  }
}
