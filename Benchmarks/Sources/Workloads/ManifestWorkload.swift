import Foundation
import RoutingKit
import Waypoint

/// The cold-start workload: a manifest of deep-link routes (`myapp://<word>/p<n>/<word>/:id`,
/// every other one with `<int:id>`, each with a name and a target), held in memory as bytes, and
/// the same routes as path components for routing-kit (its first segment is the host's place).
public struct ManifestWorkload {
  public let data: Data
  /// The manifest's compiled table (`RouteManifest.compileTable(from:)`).
  public let compiled: Data
  public let patterns: [String]
  public let components: [[PathComponent]]

  public var routeCount: Int { patterns.count }

  public init(routes count: Int, seed: UInt64 = 19) {
    let words = [
      "profile", "detail", "settings", "orders", "cart", "search", "promo", "feed", "inbox", "media", "story", "video",
      "shop", "offer", "item", "review", "friends", "groups", "events", "wallet", "trips", "hotel", "flight", "news",
    ]
    var generator = SeededGenerator(seed: seed)
    var patterns: [String] = []
    var components: [[PathComponent]] = []
    var json = #"{"version": 1, "routes": ["#
    for index in 0..<count {
      let first = words[Int.random(in: 0..<words.count, using: &generator)]
      let second = words[Int.random(in: 0..<words.count, using: &generator)]
      let parameter = index.isMultiple(of: 2) ? ":id" : "<int:id>"
      let pattern = "myapp://\(first)/p\(index)/\(second)/\(parameter)"
      patterns.append(pattern)
      components.append([.constant(first), .constant("p\(index)"), .constant(second), .parameter("id")])
      json +=
        (index == 0 ? "\n" : ",\n")
        + #"  {"name": "r\#(index)", "pattern": "\#(pattern)", "target": "Screen\#(index % 200)"}"#
    }
    json += "\n]}\n"
    self.data = Data(json.utf8)
    do {
      self.compiled = try RouteManifest.compileTable(from: data)
    } catch {
      fatalError("the workload's manifest, valid by construction, does not compile: \(error)")
    }
    self.patterns = patterns
    self.components = components
  }

  /// Bytes → manifest → built table, every check included; the number of routes.
  public func load() throws -> RouteTable<RouteDefinition> {
    try RouteManifest(data: data).makeTable()
  }

  /// The compiled table and the manifest bytes it is checked against → the same built table.
  public func loadCompiled() throws -> RouteTable<RouteDefinition> {
    try RouteManifest(data: data, compiledTable: compiled).makeTable()
  }

  /// Whether ``loadCompiled()`` reads the compiled table (and does not fall back to the JSON).
  public var compiledIsUsed: Bool {
    (try? RouteManifest(data: data, compiledTable: compiled))?.compiledTableProblem == nil
  }

  /// Bytes → manifest, every field checked, no table built; the number of routes.
  public func read() throws -> Int {
    try RouteManifest(data: data).routes.count
  }

  /// The same bytes decoded by `JSONDecoder` into plain `Codable` structs; the number of routes.
  ///
  /// It checks nothing and builds nothing, over the fields the manifest uses: the floor a
  /// manifest load is compared with.
  public func decodePlain() throws -> Int {
    try JSONDecoder().decode(PlainManifest.self, from: data).routes.count
  }

  /// ``decodePlain()``'s structs themselves, for a timing that frees them after its clock stops.
  public func decodeKept() throws -> some Any {
    try JSONDecoder().decode(PlainManifest.self, from: data)
  }

  /// Every diagnostic of the manifest, lint's warnings included.
  public func lint() -> [Diagnostic] {
    RouteManifest.diagnose(data: data)
  }

  /// The routes alone, with `Int` payloads, for comparing memory with routing-kit's.
  public func buildWaypoint() throws -> RouteTable<Int> {
    var builder = RouteTableBuilder<Int>()
    for (index, pattern) in patterns.enumerated() { builder.add(pattern, payload: index) }
    return try builder.build()
  }

  public func buildRoutingKit() -> TrieRouter<Int> {
    let router = TrieRouter(Int.self)
    for (index, path) in components.enumerated() { router.register(index, at: path) }
    return router
  }
}

/// A manifest as plain `Codable` structs: what `JSONDecoder` alone makes of the bytes.
struct PlainManifest: Decodable {
  struct Route: Decodable {
    var name: String?
    var pattern: String
    var target: String?
  }
  var version: Int
  var routes: [Route]
}
