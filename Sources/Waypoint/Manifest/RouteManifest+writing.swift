#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension RouteManifest {
  /// The manifest as JSON that ``init(data:)`` reads back to the same options, hosts and routes.
  ///
  /// Routes defined in code — typed links' `routeDefinitions`, a built ``Router``'s `routes` —
  /// become a file the `waypoint` tool reads, so an app without a manifest still gets its map,
  /// its drift check and its link set-up checked:
  ///
  /// ```swift
  /// let manifest = RouteManifest(routes: AppLink.routeDefinitions)
  /// try manifest.jsonData().write(to: URL(fileURLWithPath: "routes.json"))
  /// // $ waypoint graph --manifest routes.json --format html > map.html
  /// ```
  ///
  /// Keys are sorted and every option is written; a route's fields are written when they differ
  /// from the manifest format's defaults (no priority 0, no empty defaults or `under`).
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(WrittenManifest(self))
  }
}

/// A manifest in the shape ``ManifestReader`` reads.
private struct WrittenManifest: Encodable {
  struct Route: Encodable {
    var name: String?
    var pattern: String
    var target: String?
    var redirect: String?
    var presentation: String?
    var exposure: String
    var priority: Int?
    var defaults: [String: String]?
    var under: [UnderScreen]?
    var tab: String?
    var column: String?
    var presented: String?
    var presentsStack: Bool?
  }

  var version: Int
  var revision: Int?
  var options: WrittenOptions
  var routes: [Route]

  init(_ manifest: RouteManifest) {
    version = manifest.version
    revision = manifest.revision
    options = WrittenOptions(manifest.options, hosts: manifest.hosts)
    routes = manifest.routes.map { route in
      Route(
        name: route.name, pattern: route.pattern, target: route.target, redirect: route.redirect,
        presentation: route.presentation?.description, exposure: route.exposure.rawValue,
        priority: route.priority == 0 ? nil : route.priority, defaults: route.defaults.isEmpty ? nil : route.defaults,
        under: route.under.isEmpty ? nil : route.under, tab: route.placement.tab,
        column: route.placement.column?.rawValue, presented: route.placement.presented?.rawValue,
        presentsStack: route.placement.presentsStack ? true : nil)
    }
  }
}

/// A manifest's `options` object as written: every matching option, and the host allow-list when
/// there is one.
package struct WrittenOptions: Encodable, Sendable {
  var host: String
  var caseSensitive: Bool
  var trailingSlash: String
  var emptySegments: String
  var decodePath: Bool
  var plusAsSpace: Bool
  var fragmentAsQuery: Bool
  var maxURLLength: Int
  var maxSegmentLength: Int
  var hosts: [String]?

  package init(_ options: MatchingOptions, hosts: HostAllowList) {
    host = options.host.rawValue
    caseSensitive = options.caseSensitive
    trailingSlash = options.trailingSlash.rawValue
    emptySegments = options.emptySegments.rawValue
    decodePath = options.decodePath
    plusAsSpace = options.plusAsSpace
    fragmentAsQuery = options.fragmentAsQuery
    maxURLLength = options.maxURLLength
    maxSegmentLength = options.maxSegmentLength
    self.hosts = hosts.isEmpty ? nil : hosts.entries
  }
}
