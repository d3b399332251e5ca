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
  /// `tabs` (when the app has a tab bar), a screen outside `screens` (when given).
  nonisolated package static func missingNames(
    in routes: [RouteDefinition], tabs: [String]?, screens: Set<String>?
  ) -> [MissingName] {
    var missing: [MissingName] = []
    for (position, route) in routes.enumerated() {
      if let tabs, let tab = route.placement.tab, !tabs.contains(tab) {
        let error = NavigationError(
          .unknownTab,
          "the route \(route.description) names the tab '\(tab)', which the app's tabs lack (\(NameList.quoted(tabs)))")
        missing.append(MissingName(position: position, route: route, field: "tab", error: error))
      }
      guard let screens else { continue }
      for screen in route.underTargets where !screens.contains(screen) {
        let error = ModuleError(
          .notRegistered,
          "the route \(route.description) puts '\(screen)' under its screen, which no screen of the app registers "
            + "(screens: \(NameList.quoted(screens))); register it (registerScreen(_:target:)) or take it out of "
            + "the route's under",
          module: screen)
        missing.append(MissingName(position: position, route: route, field: "under", error: error))
      }
    }
    return missing
  }

  /// What of the app's first state names a screen no screen registers, or a tab it lacks: each
  /// screen of `start` (a tab's root, a column's), the selected tab, and tab ids given twice or
  /// empty.
  nonisolated static func startProblems(_ start: NavigationState, screens: Set<String>) -> [any WaypointError] {
    var problems: [any WaypointError] = []
    if let container = start.tabs {
      let ids = container.ids
      for (index, id) in ids.enumerated() where id.isEmpty || ids[..<index].contains(id) {
        let problem = id.isEmpty ? "has an empty id" : "has the id '\(id)' of an earlier tab"
        problems.append(NavigationError(.unknownTab, "the start state's tab \(index + 1) \(problem)"))
      }
      if !ids.contains(container.selected) {
        problems.append(
          NavigationError(
            .unknownTab,
            "the start state selects the tab '\(container.selected)', which its tabs lack (\(NameList.quoted(ids)))"))
      }
    }
    for (location, screen) in start.startScreens where !screens.contains(screen.target) {
      problems.append(
        ModuleError(
          .notRegistered,
          "the start state's \(location) starts on '\(screen.target)', which no screen of the app registers "
            + "(screens: \(NameList.quoted(screens)))",
          module: screen.target))
    }
    return problems
  }

  /// What the app's sign-in gates name that it lacks: a protected target no screen registers, a
  /// sign-in URL that opens no route of `router` (not checked without one).
  nonisolated static func gateProblems(
    _ gates: [SignInGate], router: Router?, screens: Set<String>
  ) -> [any WaypointError] {
    var problems: [any WaypointError] = []
    for gate in gates {
      let location = "the SignInGate '\(gate.gate)' (showing '\(gate.signInURL)')"
      for target in gate.targets ?? [] where !screens.contains(target) {
        problems.append(
          ModuleError(
            .notRegistered,
            "\(location) protects '\(target)', which no screen of the app registers (screens: "
              + "\(NameList.quoted(screens))): a link to it would open for a signed-out user",
            module: target))
      }
      if let router, let error = router.resolve(gate.signInURL).error {
        let routes = router.routes.map { $0.name ?? $0.pattern }
        problems.append(
          RoutingError(
            error.code == .notFound ? .notFound : error.code,
            "\(location) shows a sign-in URL no route of the app opens (\(error.message)); routes: "
              + "\(NameList.quoted(routes)): every protected link would fail",
            url: gate.signInURL))
      }
    }
    return problems
  }
}

extension NavigationState {
  /// Each screen the state starts on with where it is: `tab 'notes'`, `tab 'notes' column
  /// secondary`, `stack`, `detail`, and those of presented levels.
  fileprivate var startScreens: [(location: String, screen: Screen)] {
    var found: [(String, Screen)] = []
    for location in locations {
      let name = location.tab.map { "tab '\($0)'" } ?? "stack"
      let column = location.column == .primary ? "" : " column \(location.column)"
      for screen in self[stack: location] ?? [] { found.append(("\(name)\(column)", screen)) }
    }
    if let detail { found.append(("detail", detail)) }
    if let presented { found += presented.state.startScreens.map { ("presented \($0.location)", $0.screen) } }
    return found
  }
}

extension RouterBuilder {
  /// The sign-in gates among the global middleware and every route's group middleware.
  var signInGates: [SignInGate] {
    let all = middleware + allEntries().flatMap(\.middleware)
    var seen = Set<String>()
    return all.compactMap { $0 as? SignInGate }.filter {
      seen.insert("\($0.gate) \($0.signInURL) \($0.targets ?? [])").inserted
    }
  }
}
