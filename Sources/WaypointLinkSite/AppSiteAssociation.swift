package import Waypoint
package import WaypointMatching

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `apple-app-site-association` document for a manifest: the paths of its public http(s)
/// routes as `applinks` components, so the website's file says what the app opens and cannot
/// drift from the routes (`waypoint aasa` prints it).
///
/// ```swift
/// let association = AppSiteAssociation(manifest: manifest, appIDs: ["ABCDE12345.com.example.notes"])
/// print(association.json)             // serve at https://example.com/.well-known/apple-app-site-association
/// association.warnings                // routes the format cannot express exactly
/// ```
///
/// How a route becomes a component's `/` pattern:
/// - a literal segment is written percent-encoded, as the system compares it;
/// - a parameter (`:id`, `<int:id>`, `user-:id`) is `?*`, one or more characters between its
///   literal prefix and suffix; its type or constraint is left to the app, which still refuses
///   what does not match;
/// - a rest segment (`*path`) is `?*`;
/// - an optional group gives one component per spelling;
/// - a route ending in a literal, with trailing slashes ignored, also lists the spelling with a
///   trailing slash; with case-insensitive paths a component says `"caseSensitive": false`.
///
/// Query requirements are left out. Routes reachable only from inside the app (`internal`)
/// that a public pattern would also let through come first as `"exclude": true` components, so
/// the system leaves those links to the website. A route whose pattern the format cannot express
/// exactly (a literal holding `*` or `?`, which the format reads as wildcards) is listed, with a
/// warning naming it.
///
/// A manifest's host allow-list (`options.hosts`) says where routes that name no host take
/// links from: ``hosts`` lists it with the hosts routes name, and a file for one host leaves out
/// the routes that refuse it.
package struct AppSiteAssociation: Sendable {
  /// One `applinks` component.
  package struct Component: Sendable, Hashable {
    /// The path pattern (`/`).
    package var path: String
    /// The fragment pattern (`#`), when the component asks for one; the format's default, `*`,
    /// matches any fragment and none.
    package var fragment: String? = nil
    /// Whether a matching link is left to the website.
    package var exclude: Bool
    /// Whether the path compares case-sensitively (the format's default is `true`).
    package var caseSensitive: Bool
    /// The route's name, or its pattern; an empty one is left out (a link site's codes, one
    /// by one, where the bytes count).
    package var comment: String
  }

  /// The apps (`TEAMID.bundle.id`) that open the links.
  package let appIDs: [String]
  /// The components, in the order the system tries them: exclusions first.
  package internal(set) var components: [Component]
  /// What could not be expressed exactly, one sentence per route.
  package internal(set) var warnings: [String]
  /// The hosts the file is for, sorted.
  ///
  /// Those the routes name and the manifest's allow-list (with its `*.` wildcards), or only the
  /// host asked for. The app's associated domains list each as `applinks:<host>`, and each
  /// serves the file.
  package internal(set) var hosts: [String]

  /// The document for `manifest`'s public routes whose scheme is http, https or unrestricted.
  ///
  /// - Parameters:
  ///   - manifest: The routes.
  ///   - appIDs: The apps that open the links.
  ///   - host: Only routes for this host (and those naming none, when the manifest's host
  ///     allow-list lets this host reach them); without it, every host's routes are listed and a
  ///     warning says when there is more than one host.
  ///   - parameterTypes: The types the manifest's `<type:name>` parameters name.
  ///   - alsoClaimed: Patterns the file claims after the routes (a link site's codes): an
  ///     internal route they would let through is excluded too.
  package init(
    manifest: RouteManifest, appIDs: [String], host: String? = nil, parameterTypes: ParameterTypes = ParameterTypes(),
    alsoClaimed: [String] = []
  ) {
    var included: [Component] = []
    var warnings: [String] = []
    var hosts: Set<String> = []
    // Routes that name no host take this host's links only when the allow-list lets it.
    let hostlessServe = host.map { manifest.hosts.allows($0) } ?? true
    var internalRoutes: [(RouteDefinition, [String])] = []
    for route in manifest.routes {
      let label = route.name.map { "'\($0)' (\(route.pattern))" } ?? "'\(route.pattern)'"
      guard let pattern = try? RoutePattern(route.pattern, options: manifest.options, parameterTypes: parameterTypes)
      else {
        warnings.append("route \(label) is left out: its pattern does not compile")
        continue
      }
      if let scheme = pattern.scheme?.lowercased(), scheme != "http", scheme != "https" { continue }
      // A pattern's host is lowered when it is compiled; a pattern without a scheme names none.
      if pattern.scheme != nil, let routeHost = pattern.host {
        if let host, routeHost != host.lowercased() { continue }
        hosts.insert(routeHost)
      } else if !hostlessServe {
        continue
      }
      let (paths, inexact) = Self.paths(of: pattern, trailingSlash: manifest.options.trailingSlash)
      if route.exposure != .public {
        internalRoutes.append((route, paths))
        continue
      }
      if inexact {
        warnings.append(
          "route \(label) has '*' or '?' in a literal segment, which the format reads as a wildcard; its component "
            + "matches more than the route")
      }
      for path in paths {
        included.append(
          Component(
            path: path, exclude: false, caseSensitive: manifest.options.caseSensitive,
            comment: route.name ?? route.pattern))
      }
    }
    let excluded = Self.exclusions(
      of: internalRoutes, claimed: included.map(\.path) + alsoClaimed, caseSensitive: manifest.options.caseSensitive)
    if host == nil, hosts.count > 1 {
      warnings.append(
        "the routes name several hosts (\(hosts.sorted().joined(separator: ", "))); each host serves its own file, "
          + "so pass one host to list only its routes")
    }
    self.appIDs = appIDs
    self.hosts = host.map { [$0.lowercased()] } ?? hosts.union(manifest.hosts.entries.map { $0.lowercased() }).sorted()
    self.components = excluded + included
    self.warnings = warnings
  }

  /// The exclusions of the internal `routes` (each with its component paths) whose paths one of
  /// the `claimed` patterns would let through, so the system leaves those links to the website.
  static func exclusions(of routes: [(RouteDefinition, [String])], claimed: [String], caseSensitive: Bool)
    -> [Component]
  {
    routes.flatMap { route, paths in
      paths.filter { path in claimed.contains { glob($0, matches: path) } }.map { path in
        Component(
          path: path, exclude: true, caseSensitive: caseSensitive,
          comment: (route.name ?? route.pattern) + " (internal)")
      }
    }
  }

  /// The component paths of every spelling of `pattern`, once each (with the trailing-slash form
  /// when the table ignores trailing slashes), and whether any of them is inexact.
  package static func paths(of pattern: RoutePattern, trailingSlash: MatchingOptions.TrailingSlash) -> ([String], Bool)
  {
    var paths: [String] = []
    var inexact = false
    for spelling in pattern.spellings {
      let (path, exact) = path(of: spelling.segments)
      inexact = inexact || !exact
      paths.append(path)
      let endsInLiteral: Bool
      if case .literal? = spelling.segments.last?.kind { endsInLiteral = true } else { endsInLiteral = false }
      if trailingSlash == .ignore, endsInLiteral || spelling.segments.isEmpty, path != "/" {
        paths.append(path + "/")
      }
    }
    let unique = paths.reduce(into: [String]()) { unique, path in if !unique.contains(path) { unique.append(path) } }
    return (unique, inexact)
  }

  /// The `/` pattern of `segments`, and whether it is exact.
  package static func path(of segments: [PatternSegment]) -> (String, Bool) {
    var exact = true
    var parts: [String] = []
    for segment in segments {
      switch segment.kind {
      case .literal(let text):
        if text.contains("*") || text.contains("?") { exact = false }
        parts.append(PercentCoding.encode(text, as: .pathSegment))
      case .parameter(let parameter):
        parts.append(
          PercentCoding.encode(parameter.prefix, as: .pathSegment) + "?*"
            + PercentCoding.encode(parameter.suffix, as: .pathSegment))
      case .rest:
        parts.append("?*")
      }
    }
    return ("/" + parts.joined(separator: "/"), exact)
  }

  /// Whether the format's pattern `pattern` (`*` any run, `?` one character) matches `text`
  /// read literally.
  package static func glob(_ pattern: String, matches text: String) -> Bool {
    let pattern = Array(pattern.unicodeScalars)
    let text = Array(text.unicodeScalars)
    // reachable[j]: the pattern read so far matches text[0..<j].
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for symbol in pattern {
      var next = [Bool](repeating: false, count: text.count + 1)
      for index in 0...text.count where reachable[index] {
        switch symbol {
        case "*":
          for end in index...text.count { next[end] = true }
        case "?":
          if index < text.count { next[index + 1] = true }
        default:
          if index < text.count, text[index] == symbol { next[index + 1] = true }
        }
      }
      reachable = next
    }
    return reachable[text.count]
  }

  /// The document as JSON, keys sorted, two-space indented.
  package var json: String {
    var lines = ["{", "  \"applinks\": {", "    \"details\": [", "      {"]
    lines.append("        \"appIDs\": [" + appIDs.map(JSONString.quote).joined(separator: ", ") + "],")
    lines.append("        \"components\": [")
    for (index, component) in components.enumerated() {
      var fields = ["\"/\": \(JSONString.quote(component.path))"]
      if let fragment = component.fragment { fields.append("\"#\": \(JSONString.quote(fragment))") }
      if !component.caseSensitive { fields.append("\"caseSensitive\": false") }
      if !component.comment.isEmpty { fields.append("\"comment\": \(JSONString.quote(component.comment))") }
      if component.exclude { fields.append("\"exclude\": true") }
      lines.append("          { " + fields.joined(separator: ", ") + " }" + (index < components.count - 1 ? "," : ""))
    }
    lines += ["        ]", "      }", "    ]", "  }", "}"]
    return lines.joined(separator: "\n")
  }
}
