#if canImport(SwiftUI)
import SwiftUI
public import Waypoint

extension WaypointApp {
  /// An app whose screens are SwiftUI views, which `WaypointHost(app:)` draws with no
  /// `destination` closure: built as ``Waypoint/WaypointApp/init(routes:start:policy:screens:)``
  /// builds it, and a target whose screen is not a view is one more error of the build, so the
  /// host never meets a screen it cannot draw.
  ///
  /// ```swift
  /// let app = try WaypointApp.swiftUI(routes: routes, start: tabs) { views in
  ///   views.registerScreen(NoteView.self, target: "Note") { _, link in NoteView(id: try link.int("id")) }
  /// }
  /// ```
  ///
  /// A target registered by a protocol (`(any NoteScreen).self`) is checked by that type: register
  /// the view's own type for it.
  ///
  /// - Parameters:
  ///   - routes: The routes, middleware and observers; none by default.
  ///   - start: The state every window starts on; an empty stack by default.
  ///   - policy: How the inbox waits, drops and reads campaigns.
  ///   - views: Registers the screens, each a view, and any other module.
  /// - Returns: The app.
  /// - Throws: What the app's build throws, and `typeMismatch` naming each target whose screen is
  ///   not a view.
  public static func swiftUI(
    routes: RouterBuilder = RouterBuilder(), start: NavigationState = NavigationState(),
    policy: LinkInbox.Policy = .init(), views: (inout ModuleRegistryBuilder) -> Void
  ) throws(BuildError) -> WaypointApp {
    let app = try WaypointApp(routes: routes, start: start, policy: policy, screens: views)
    let notViews = targetsNotViews(in: app.registry)
    guard notViews.isEmpty else { throw BuildError(errors: notViews) }
    return app
  }

  /// A tab-bar app whose screens are SwiftUI views: every window starts on `tabs`; see
  /// ``swiftUI(routes:start:policy:views:)``.
  ///
  /// - Parameters:
  ///   - routes: The routes, middleware and observers.
  ///   - tabs: The tabs, each with its first screen and its title, image and badge.
  ///   - policy: How the inbox waits, drops and reads campaigns.
  ///   - views: Registers the screens, each a view.
  /// - Returns: The app.
  /// - Throws: What ``swiftUI(routes:start:policy:views:)`` throws.
  public static func swiftUI(
    routes: RouterBuilder = RouterBuilder(), tabs: [NavigationTab], policy: LinkInbox.Policy = .init(),
    views: (inout ModuleRegistryBuilder) -> Void
  ) throws(BuildError) -> WaypointApp {
    try swiftUI(routes: routes, start: NavigationState(tabs: tabs), policy: policy, views: views)
  }

  /// The targets whose registered screen type is not a SwiftUI view.
  static func targetsNotViews(in registry: ModuleRegistry) -> [ModuleError] {
    registry.targets.compactMap { target in
      guard let key = try? registry.key(for: target), !(key.type is any View.Type) else { return nil }
      return ModuleError(
        .typeMismatch,
        "the screen of the target '\(target)' is a \(key.name), not a SwiftUI view, which WaypointHost(app:) cannot "
          + "draw; register a view for it (registerScreen(SomeView.self, target: \"\(target)\") { … })",
        module: target)
    }
  }
}
#endif
