import Foundation
import Waypoint

/// The navigation map of a manifest: each route with what it reaches and how, the facts
/// `waypoint graph` draws and `--check` compares with a baseline.
///
/// Routes are keyed by name (by pattern when unnamed) and kept sorted, so the order of the
/// manifest's routes, its keys and its whitespace change nothing.
struct NavigationGraph: Equatable {
  /// One route's facts; every field is a string, a list or a flag, so a baseline reads as plain
  /// JSON and a difference prints as one line.
  struct Route: Codable, Equatable {
    var key: String
    var name: String?
    var pattern: String
    var target: String?
    var exposure: String
    var presentation: String?
    var tab: String?
    var column: String?
    var presented: String?
    var presentsStack: Bool
    var under: [String]
    var redirect: String?
    var redirectsTo: String?
    var parameters: [String]
    var defaults: [String: String]
    var priority: Int
    var reachable: Bool
  }

  /// The routes, sorted by key.
  var routes: [Route]
  /// The routes in the manifest's order, which is the router's.
  var routesByPosition: [Route]
  /// The manifest's host allow-list.
  var hosts: [String]

  /// The map of `manifest`; `router` resolves redirects to the route they reach.
  init(manifest: RouteManifest, router: Router) {
    let shadowed = Set(
      manifest.diagnose().compactMap { diagnostic -> Int? in
        guard let error = diagnostic.error(as: RoutingError.self), error.code == .shadowed else { return nil }
        return error.routePosition
      })
    routesByPosition = manifest.routes.enumerated().map { index, route in
      Route(
        key: route.name ?? route.pattern, name: route.name, pattern: route.pattern, target: route.target,
        exposure: route.exposure.rawValue, presentation: route.presentation?.description, tab: route.placement.tab,
        column: route.placement.column?.rawValue, presented: route.placement.presented?.rawValue,
        presentsStack: route.placement.presentsStack, under: route.under.map(Self.describe),
        redirect: route.redirect,
        redirectsTo: route.redirect.flatMap { Self.destination(of: $0, router: router) },
        parameters: (try? RoutePattern(route.pattern, options: manifest.options))?.parameterNames ?? [],
        defaults: route.defaults, priority: route.priority, reachable: !shadowed.contains(index))
    }
    routes = routesByPosition.sorted { $0.key < $1.key }
    hosts = manifest.hosts.entries.sorted()
  }

  /// `Blog(domain)` for an `under` entry taking values, else its target.
  private static func describe(_ entry: UnderScreen) -> String {
    let values = entry.parameters.sorted() + entry.defaults.keys.sorted().map { "\($0)=\(entry.defaults[$0] ?? "")" }
    return values.isEmpty ? entry.target : "\(entry.target)(\(values.joined(separator: ", ")))"
  }

  /// The key of the route a redirect template reaches, its placeholders filled with `1`; `nil`
  /// when none does (a template that forwards a query item's URL reaches no route here).
  private static func destination(of template: String, router: Router) -> String? {
    let sample = template.replacing(/\{[^}]*\}/, with: "1").replacing(/:[A-Za-z_][A-Za-z0-9_]*/, with: "1")
    guard let route = router.resolve(sample).route else { return nil }
    return route.name ?? route.pattern
  }

  /// The screens (targets) each tab shows, and those in no tab under `""`, each sorted.
  var screensByTab: [(tab: String, screens: [String])] {
    var byTab: [String: Set<String>] = [:]
    for route in routes {
      let tab = route.tab ?? ""
      if let target = route.target { byTab[tab, default: []].insert(target) }
      for entry in route.under { byTab[tab, default: []].insert(Self.target(of: entry)) }
    }
    // A screen in a tab is drawn there only.
    let inTabs = byTab.filter { !$0.key.isEmpty }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    byTab[""] = byTab[""]?.subtracting(inTabs)
    return byTab.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted()) }
  }

  /// The target of an `under` entry as ``describe(_:)`` writes it.
  static func target(of entry: String) -> String {
    String(entry.prefix { $0 != "(" })
  }
}
