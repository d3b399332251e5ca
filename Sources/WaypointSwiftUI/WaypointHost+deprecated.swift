#if canImport(SwiftUI)
public import SwiftUI
public import Waypoint

// A window's screen coordinator was also called its modules; the host now says coordinator.
extension WaypointHost {
  /// A host over `modules`, rendering each screen with `destination`.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: the label is `coordinator`, what it is.
  ///
  /// - Parameters:
  ///   - modules: The window's screen coordinator, over a ``Waypoint/HeadlessNavigator``.
  ///   - router: Where links from outside go; `nil` to leave them to the app.
  ///   - inbox: The inbox links go to; without one, an inbox of the host's own over `router`.
  ///   - window: The window links arriving here name.
  ///   - tabTitles: The title of each tab by id, over its item's.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  ///   - destination: The view of each screen.
  @available(*, deprecated, renamed: "init(coordinator:router:inbox:window:tabTitles:failed:refused:destination:)")
  public init(
    modules: ScreenCoordinator, router: RouterHolder? = nil, inbox: LinkInbox? = nil, window: String? = nil,
    tabTitles: [String: String] = [:],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in },
    @ViewBuilder destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    self.init(
      coordinator: modules, router: router, inbox: inbox, window: window, tabTitles: tabTitles, failed: failed,
      refused: refused, destination: destination)
  }
}
#endif
