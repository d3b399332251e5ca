import Foundation
import Waypoint

/// `waypoint graph --format html`: the navigation map as one self-contained page.
///
/// The page holds its data, its style and its scripts; its content security policy forbids
/// every request, so it opens the same from a pull request's artifacts, a laptop or a file share.
/// It draws the map (pan with the mouse, zoom with the wheel or the buttons), finds routes by
/// name, pattern or screen, and answers for a pasted link which route opens it, with what values,
/// the path of screens it builds, and why every other route does not (see ``MapPageResolver``).
struct MapPage {
  /// What the page knows of one route: the map's facts (``NavigationGraph/Route``, whose keys it
  /// shares), its place in the router, the screens under it with the values they take, its
  /// pattern's spellings for the explanations, and its redirect's plan for the resolver.
  struct Route: Encodable {
    var facts: NavigationGraph.Route
    var position: Int
    var underScreens: [Under]
    /// Whether a link presents the screens under its own as a new level: `presentsStack` with a
    /// modal presentation, as `LinkPlacement` reads it.
    var presentsItsStack: Bool
    var redirectPlan: RedirectTemplate.Plan?
    var scheme: String?
    var host: String?
    var hasTrailingSlash: Bool
    var spellings: [Spelling]

    private enum Keys: String, CodingKey {
      case position, underScreens, presentsItsStack, redirectPlan, scheme, host, hasTrailingSlash, spellings
    }

    /// The facts' keys and the page's own in one object.
    func encode(to encoder: any Encoder) throws {
      try facts.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(position, forKey: .position)
      try container.encode(underScreens, forKey: .underScreens)
      try container.encode(presentsItsStack, forKey: .presentsItsStack)
      try container.encodeIfPresent(redirectPlan, forKey: .redirectPlan)
      try container.encodeIfPresent(scheme, forKey: .scheme)
      try container.encodeIfPresent(host, forKey: .host)
      try container.encode(hasTrailingSlash, forKey: .hasTrailingSlash)
      try container.encode(spellings, forKey: .spellings)
    }
  }

  /// A screen a route's link puts under its own, with the link's parameters it takes.
  struct Under: Encodable {
    var target: String
    var parameters: [String]
    var defaults: [String: String]
  }

  /// One spelling of a pattern: its segments with one set of optional groups present.
  struct Spelling: Encodable {
    var segments: [CompiledTable.Segment]
  }

  /// Everything the page's scripts read.
  struct Contents: Encodable {
    var title: String
    /// The matching options the resolver reads links with, and the host allow-list.
    var options: WrittenOptions
    var hosts: [String]
    var table: CompiledTable
    var routes: [Route]
    var screens: [Tab]
    var examples: [String]
    /// Every route regex (patterns and redirects) as the matcher runs it.
    var regexes: [CompiledTable.Regex]
    /// The non-ASCII scalars of each shorthand (`\d`, `\w`, `\s`) the regexes use.
    var shorthandRanges: [String: [[UInt32]]]
  }

  /// The screens one tab shows (`""`: in no tab).
  struct Tab: Encodable {
    var tab: String
    var screens: [String]
  }

  let contents: Contents

  /// The page for `manifest`, whose router is `router` and map `graph`; `examples` are links the
  /// page offers to try, before one per named route.
  init(manifest: RouteManifest, router: Router, graph: NavigationGraph, title: String, examples: [String]) {
    let options = manifest.options
    let routes = zip(router.routes, graph.routesByPosition).enumerated().map { position, pair in
      let (route, facts) = pair
      let pattern = try? RoutePattern(route.pattern, options: options)
      return Route(
        facts: facts, position: position,
        underScreens: route.under.map { Under(target: $0.target, parameters: $0.parameters, defaults: $0.defaults) },
        presentsItsStack: route.placement.presentsStack && (route.presentation?.isModal ?? false),
        redirectPlan: router.redirectPlan(ofRouteAt: position), scheme: pattern?.scheme, host: pattern?.host,
        hasTrailingSlash: pattern?.hasTrailingSlash ?? false,
        spellings: pattern?.spellings.map { Spelling(segments: $0.segments.map(CompiledTable.Segment.init)) } ?? [])
    }
    let segments = routes.flatMap { $0.spellings.flatMap(\.segments) + ($0.redirectPlan?.segments ?? []) }
    let compiled = CompiledTable.regexes(segments.filter { $0.constraintKind == "regex" }.compactMap(\.constraint))
    var seen = Set<String>()
    let samples = router.routes.compactMap { Self.sample(of: $0, router: router, options: options) }
    contents = Contents(
      title: title,
      options: WrittenOptions(options, hosts: manifest.hosts),
      hosts: manifest.hosts.entries, table: router.compiledTable, routes: routes,
      screens: graph.screensByTab.map { Tab(tab: $0.tab, screens: $0.screens) },
      examples: (examples + samples).filter { seen.insert($0).inserted }, regexes: compiled.regexes,
      shorthandRanges: compiled.shorthandRanges)
  }

  /// A link the named `route` prints with made-up values, or `nil` when it prints none.
  static func sample(of route: RouteDefinition, router: Router, options: MatchingOptions) -> String? {
    guard let name = route.name, let pattern = try? RoutePattern(route.pattern, options: options) else { return nil }
    var values: [String: ParameterValue] = [:]
    for segment in pattern.segments {
      switch segment.kind {
      case .literal: continue
      case .rest(let rest?): values[rest] = .segments(["docs", "a"])
      case .rest(nil): continue
      case .parameter(let parameter):
        let candidates = ["42", "2.5", "true", "6F9619FF-8B86-D011-B42D-00C04FC964FF", "sample", "a", "A1"]
        let value = candidates.first { parameter.matches(parameter.prefix + $0 + parameter.suffix) }
        guard let value else { return nil }
        values[parameter.name] = .value(value)
      }
    }
    return try? router.url(for: name, parameters: values)
  }

  /// The page's HTML.
  func html() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // The data sits in a script element: no `<` may close it, and `&` and `>` are escaped alike.
    let json = String(decoding: try encoder.encode(contents), as: UTF8.self)
      .replacing("<", with: "\\u003c").replacing(">", with: "\\u003e").replacing("&", with: "\\u0026")
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(contents.title)) — Waypoint map</title>
      <style>
      \(MapPageViewer.style)
      </style>
      </head>
      <body>
      \(MapPageViewer.body)
      <script type="application/json" id="waypoint-data">\(json)</script>
      <script id="waypoint-resolver">
      \(MapPageResolver.script)
      </script>
      <script id="waypoint-viewer">
      \(MapPageViewer.script)
      </script>
      </body>
      </html>

      """
  }

  /// `text` safe in HTML.
  static func escaped(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
  }
}
