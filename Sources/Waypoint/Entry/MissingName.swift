/// A route that names a tab or a screen the app lacks: one check for what building a
/// ``WaypointApp`` refuses and what `waypoint lint --tabs --targets` reports.
package struct MissingName: Sendable {
  /// The route's place among the routes, 0-based.
  package let position: Int
  /// The route.
  package let route: RouteDefinition
  /// The route's field that names it: `tab` or `under`.
  package let field: String
  /// `unknownTab` (a ``NavigationError``) or `notRegistered` (a ``ModuleError``), naming the route.
  package let error: any WaypointError
}

extension WaypointApp {
  /// The tabs and the screens under theirs that `routes` name and the app lacks: a tab outside
  /// `tabs` (when the app has a tab bar), a screen `isScreen` does not know.
  nonisolated package static func missingNames(
    in routes: [RouteDefinition], tabs: [String]?, isScreen: (String) -> Bool
  ) -> [MissingName] {
    var missing: [MissingName] = []
    for (position, route) in routes.enumerated() {
      if let tabs, let tab = route.placement.tab, !tabs.contains(tab) {
        let error = NavigationError(
          .unknownTab,
          "the route \(route.description) names the tab '\(tab)', which the app's tabs lack ("
            + "\(tabs.joined(separator: ", ")))")
        missing.append(MissingName(position: position, route: route, field: "tab", error: error))
      }
      for screen in route.underTargets where !isScreen(screen) {
        let error = ModuleError(
          .notRegistered,
          "the route \(route.description) puts '\(screen)' under its screen, which no screen of the app registers; "
            + "register it (registerScreen(_:target:)) or take it out of the route's under",
          module: screen)
        missing.append(MissingName(position: position, route: route, field: "under", error: error))
      }
    }
    return missing
  }
}
