#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit
public import Waypoint

// SceneLinks' initializer deprecated in 0.2.0, kept until 0.3.0 (docs/Style.md, "Versions").

extension SceneLinks {
  /// The links, window and navigator of one scene of `app`, in a window the scene delegate made.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: ``init(app:scene:options:savedState:failed:)`` makes
  /// the window, and each tab's title comes from its ``Waypoint/TabItem``.
  ///
  /// - Parameters:
  ///   - app: The app, which keeps the window's screen coordinator.
  ///   - window: The scene's window; the navigator makes it key and visible.
  ///   - session: The scene's session, whose persistent identifier names the window.
  ///   - options: What the scene was launched with.
  ///   - savedState: What an earlier run saved for this scene.
  ///   - tabTitles: The title of each tab by id, over its item's.
  ///   - failed: Hears each link that could not be opened or was dropped.
  @available(
    *, deprecated,
    message: "use SceneLinks(app:scene:options:), and give each NavigationTab its title (NavigationTab(_:root:title:))"
  )
  public convenience init(
    app: WaypointApp, window: UIWindow, session: UISceneSession, options: UIScene.ConnectionOptions?,
    savedState: Data? = nil, tabTitles: [String: String] = [:],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
  ) {
    self.init(inbox: app.inbox, failed: failed)
    start(
      app: app, window: window, scene: window.windowScene, id: session.persistentIdentifier, options: options,
      savedState: savedState, tabTitles: tabTitles)
  }
}
#endif
