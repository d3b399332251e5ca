#if canImport(SwiftUI)
public import SwiftUI
public import Waypoint

extension WaypointHost where Destination == AnyView {
  /// A window of `app`, each screen drawn as the SwiftUI view its target's factory made: register
  /// views as the screens (`registerScreen(NoteView.self, target: "Note") { _, link in
  /// NoteView(id: try link.int("id")) }`) and the host needs no `destination` closure, and no
  /// switch over what each screen is.
  ///
  /// ```swift
  /// WindowGroup { WaypointHost(app: app) }
  /// ```
  ///
  /// A screen whose module is not a view shows its target's name and what it is instead, so a
  /// registration of the wrong kind is seen on the first run; one not made yet (a restored
  /// screen, for a moment) shows nothing.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - window: The window's id; `nil` (the default) for one window per scene.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  public init(
    app: WaypointApp, window: String? = nil,
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in }
  ) {
    self.init(app: app, window: window, failed: failed, refused: refused) { screen, destination in
      WaypointHost.view(of: screen, destination)
    }
  }

  /// A window of `app` with tab titles by id, each screen drawn as its view.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: declare each tab's title with it.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - window: The window's id.
  ///   - tabTitles: The title of each tab by id.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  @available(*, deprecated, message: "declare each tab's title with it: NavigationTab(_:root:title:systemImage:)")
  @_disfavoredOverload
  public init(
    app: WaypointApp, window: String = WaypointApp.mainWindow, tabTitles: [String: String],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in }
  ) {
    self.init(app: app, window: window, tabTitles: tabTitles, failed: failed, refused: refused) {
      screen, destination in
      WaypointHost.view(of: screen, destination)
    }
  }

  /// The view a screen's destination is, type-erased.
  @MainActor static func view(of screen: Screen, _ destination: MadeModule?) -> AnyView {
    guard let destination else { return AnyView(EmptyView()) }
    guard let view = destination.value as? any View else {
      return AnyView(Text(verbatim: "'\(screen.target)' is a \(type(of: destination.value)), not a view"))
    }
    return AnyView(view)
  }
}
#endif
