import Foundation
import RoutingKit
import Waypoint

/// Workloads 1–3 and 6: the deep-link table (`modules` × `entries` routes mixing
/// `/module{m}/screen{s}/:id`, `/module{m}/screen{s}/:id/detail{s}` and `/module{m}/static{s}`)
/// and random lookups with 10% misses, the same for every router.
public struct DeepLinkWorkload {
  /// One route: its segments, and the number it returns.
  public struct RouteSpec {
    public let segments: [String]
    public let payload: Int
    public var pattern: String { "/" + segments.joined(separator: "/") }
  }

  public let routes: [RouteSpec]
  /// Each router's own input, made before any timing: pattern strings for Waypoint, path
  /// components for routing-kit.
  public let patterns: [String]
  public let components: [[PathComponent]]
  /// The lookup URLs, as full strings (Waypoint's input).
  public let urls: [String]
  /// The same lookups split into segments (routing-kit's input).
  public let splitPaths: [[String]]
  /// The payload each lookup must find, or `nil` for a miss.
  public let expected: [Int?]
  /// The `id` each hit must capture, or `nil`.
  public let expectedIDs: [String?]

  public init(modules: Int, entries: Int = 100, lookups: Int = 10_000, seed: UInt64 = 42) {
    var routes: [RouteSpec] = []
    routes.reserveCapacity(modules * entries)
    for module in 0..<modules {
      for entry in 0..<entries {
        let segments: [String]
        switch entry % 3 {
        case 0: segments = ["module\(module)", "screen\(entry)", ":id"]
        case 1: segments = ["module\(module)", "screen\(entry)", ":id", "detail\(entry)"]
        default: segments = ["module\(module)", "static\(entry)"]
        }
        routes.append(RouteSpec(segments: segments, payload: routes.count))
      }
    }
    var generator = SeededGenerator(seed: seed)
    var urls: [String] = []
    var split: [[String]] = []
    var expected: [Int?] = []
    var ids: [String?] = []
    for index in 0..<lookups {
      let route = routes[Int.random(in: 0..<routes.count, using: &generator)]
      let id = String(Int.random(in: 1...999_999, using: &generator))
      var segments = route.segments.map { $0 == ":id" ? id : $0 }
      let miss = index % 10 == 9
      if miss { segments[1] = "missing\(index)" }
      urls.append("/" + segments.joined(separator: "/"))
      split.append(segments)
      expected.append(miss ? nil : route.payload)
      ids.append(miss || !route.segments.contains(":id") ? nil : id)
    }
    self.routes = routes
    self.patterns = routes.map(\.pattern)
    self.components = routes.map { route in
      route.segments.map { $0.hasPrefix(":") ? .parameter(String($0.dropFirst())) : .constant($0) }
    }
    self.urls = urls
    self.splitPaths = split
    self.expected = expected
    self.expectedIDs = ids
  }

  /// The lookups that hit.
  public var hitIndices: [Int] { expected.indices.filter { expected[$0] != nil } }

  // MARK: Waypoint

  public func buildWaypoint() throws -> RouteTable<Int> {
    var builder = RouteTableBuilder<Int>()
    for (route, pattern) in zip(routes, patterns) { builder.add(pattern, payload: route.payload) }
    return try builder.build()
  }

  /// Matches every URL from its full string and reads the `id` parameter; returns a checksum.
  public static func lookUp(_ table: RouteTable<Int>, _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      guard let match = try? table.match(url) else { continue }
      checksum &+= match.payload &+ (match.parameters["id"]?.utf8.count ?? 0)
    }
    return checksum
  }

  // MARK: Waypoint's router

  /// A router over the same routes: one pass-through middleware, each handler returning its
  /// route's number plus the length of its `id`, as ``lookUp(_:_:)`` computes it.
  public func buildRouter() throws -> Waypoint.Router {
    var builder = RouterBuilder()
    builder.use(ClosureMiddleware { request, next in try await next(request) })
    for (route, pattern) in zip(routes, patterns) {
      let payload = route.payload
      builder.add(pattern) { request in payload &+ (request.parameters["id"]?.utf8.count ?? 0) }
    }
    return try builder.build()
  }

  /// Opens every URL (string in, middleware, handler, result out); returns a checksum of the
  /// handlers' values, which equals ``lookUp(_:_:)``'s over the same URLs when all of them hit.
  public static func open(_ router: Waypoint.Router, _ urls: [String]) async -> Int {
    var checksum = 0
    for url in urls {
      guard let result = try? await router.open(url), let value = try? result.value(as: Int.self) else { continue }
      checksum &+= value
    }
    return checksum
  }

  /// Resolves every URL as `open` would, running nothing, and reads `id` from the request;
  /// returns the number of URLs a route took plus the lengths of their `id`s.
  public static func resolve(_ router: Waypoint.Router, _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      guard let request = router.resolve(url).request, request.route != nil else { continue }
      checksum &+= 1 &+ (request.parameters["id"]?.utf8.count ?? 0)
    }
    return checksum
  }

  /// A route's number held in an object, one per route, as a router's table holds one object
  /// (its route, handler and middleware) per route.
  public final class ObjectPayload: Sendable {
    public let number: Int
    init(_ number: Int) { self.number = number }
  }

  /// The deep-link table with object payloads: what matching costs when the payload found is
  /// an object to retain, as the router's is.
  public func buildObjectTable() throws -> RouteTable<ObjectPayload> {
    var builder = RouteTableBuilder<ObjectPayload>()
    for (route, pattern) in zip(routes, patterns) { builder.add(pattern, payload: ObjectPayload(route.payload)) }
    return try builder.build()
  }

  /// ``count(_:_:)`` over the table with object payloads.
  public static func count(_ table: RouteTable<ObjectPayload>, _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      guard let match = try? table.match(url) else { continue }
      checksum &+= 1 &+ (match.parameters["id"]?.utf8.count ?? 0)
    }
    return checksum
  }

  /// What ``resolve(_:_:)`` computes, from the table's matches: the reference it is timed against.
  public static func count(_ table: RouteTable<Int>, _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      guard let match = try? table.match(url) else { continue }
      checksum &+= 1 &+ (match.parameters["id"]?.utf8.count ?? 0)
    }
    return checksum
  }

  // MARK: routing-kit

  public func buildRoutingKit() -> TrieRouter<Int> {
    let router = TrieRouter(Int.self)
    for (route, path) in zip(routes, components) { router.register(route.payload, at: path) }
    return router
  }

  /// Routes every pre-split path with one reused `Parameters` and reads `id`; returns a checksum.
  public static func lookUp(_ router: TrieRouter<Int>, _ paths: [[String]]) -> Int {
    var checksum = 0
    var parameters = Parameters()
    for path in paths {
      guard let payload = router.route(path: path, parameters: &parameters) else { continue }
      checksum &+= payload &+ (parameters.get("id")?.utf8.count ?? 0)
    }
    return checksum
  }

  // MARK: WLRRoute-style linear scan

  /// One compiled regex per route, tried in turn: what WLRRoute and URLNavigator do.
  public func buildRegexScan() throws -> [(NSRegularExpression, Int)] {
    try routes.map { route in
      let body = route.segments.map { $0 == ":id" ? "([^/]+)" : NSRegularExpression.escapedPattern(for: $0) }
      return (try NSRegularExpression(pattern: "^/" + body.joined(separator: "/") + "$"), route.payload)
    }
  }

  public static func lookUp(_ scan: [(NSRegularExpression, Int)], _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      let range = NSRange(url.startIndex..., in: url)
      for (regex, payload) in scan where regex.firstMatch(in: url, range: range) != nil {
        checksum &+= payload
        break
      }
    }
    return checksum
  }

  /// Checks that Waypoint and routing-kit give the expected answer on every lookup.
  public func verify(_ table: RouteTable<Int>, _ router: TrieRouter<Int>) -> [String] {
    var problems: [String] = []
    var parameters = Parameters()
    for index in urls.indices {
      let match = try? table.match(urls[index])
      let kit = router.route(path: splitPaths[index], parameters: &parameters)
      if match?.payload != expected[index] {
        problems.append("Waypoint: \(urls[index]) → \(String(describing: match?.payload))")
      }
      if kit != expected[index] { problems.append("routing-kit: \(urls[index]) → \(String(describing: kit))") }
      if let id = expectedIDs[index] {
        if match?.parameters["id"] != id { problems.append("Waypoint id for \(urls[index])") }
        if parameters.get("id") != id { problems.append("routing-kit id for \(urls[index])") }
      }
      if problems.count > 10 { break }
    }
    return problems
  }
}
