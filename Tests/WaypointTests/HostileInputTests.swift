import Foundation
import Testing
import Waypoint
import WaypointMatching

/// Inputs built to hurt, each answered with a clear error (or a correct answer) in little time.
///
/// Every case runs under a time bound far above its real cost, so a
/// regression to super-linear work fails here instead of hanging an app.
@Suite("Hostile inputs")
struct HostileInputTests {
  /// Runs `body` and fails the test when it takes longer than `limit`.
  static func bounded<T>(
    _ label: String, limit: Duration = .seconds(2), _ body: () throws -> T,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    let elapsed = clock.now - start
    #expect(elapsed < limit, "\(label) took \(elapsed)", sourceLocation: sourceLocation)
    return value
  }

  static var table: RouteTable<String> {
    var builder = RouteTableBuilder<String>()
    builder.add("/user/:id", payload: "user")
    builder.add("/files/*rest", payload: "files")
    builder.add("/phone/:x((a+)+$)", payload: "catastrophic")
    builder.add("/search", payload: "search")
    do {
      return try builder.build()
    } catch {
      fatalError("the hostile-input table does not build: \(error)")
    }
  }

  @Test("a 1 MB URL is refused by its length before any other work")
  func megabyteURL() {
    let url = "/files/" + String(repeating: "a", count: 1 << 20)
    let error = Self.bounded("1 MB URL") { #expect(throws: RoutingError.self) { _ = try Self.table.match(url) } }
    #expect(error?.code == .invalidURL)
    #expect(error?.message.contains("over the maxURLLength limit of 8192") == true)
    #expect((error?.message.utf8.count ?? .max) < 400, "the message quotes the URL cut short")
  }

  @Test("100,000 segments: refused by length by default, matched in linear time when the limit allows it")
  func hundredThousandSegments() throws {
    let url = "/files" + String(repeating: "/a", count: 100_000)
    #expect(#expect(throws: RoutingError.self) { _ = try Self.table.match(url) }?.code == .invalidURL)
    var options = MatchingOptions()
    options.maxURLLength = 1 << 21
    var builder = RouteTableBuilder<String>(options: options)
    builder.add("/files/*rest", payload: "files")
    builder.add("/files/:a/:b", payload: "two")
    let table = try builder.build()
    let match = try Self.bounded("100,000 segments") { try table.match(url) }
    #expect(match?.payload == "files")
    #expect(match?.rest?.count == 100_000)
  }

  @Test("10,000 query items are read in order without quadratic work")
  func tenThousandQueryItems() throws {
    let query = (0..<10_000).map { "k\($0 % 10)=v\($0)" }.joined(separator: "&")
    #expect(#expect(throws: RoutingError.self) { _ = try Self.table.match("/search?" + query) }?.code == .invalidURL)
    var options = MatchingOptions()
    options.maxURLLength = 1 << 20
    let url = try Self.bounded("parse") { try ParsedURL("/search?" + query, options: options) }
    let items = Self.bounded("query items") { url.queryItems }
    #expect(items.count == 10_000)
    #expect(items.last?.value == "v9999")
  }

  @Test(
    "broken escapes, invalid UTF-8 and control characters are invalidURL naming the rule",
    arguments: [
      ("/a%", "invalid percent-escape '%'"), ("/a%z", "invalid percent-escape '%z'"),
      ("/a%zz/b", "invalid percent-escape '%zz'"), ("/%FF", "does not decode to valid UTF-8"),
      ("/%C3%28", "does not decode to valid UTF-8"), ("/a\u{0}b", "control character 0x0"),
      ("/a\u{7F}", "control character 0x7F"), ("/search?q=%", "in the query"), ("/x#%G1", "in the fragment"),
      ("myapp://%zz/x", "path segment 1"),
    ])
  func brokenBytes(url: String, rule: String) {
    let error = #expect(throws: RoutingError.self) { _ = try Self.table.match(url) }
    #expect(error?.code == .invalidURL)
    #expect(error?.message.contains(rule) == true, "\(error?.message ?? "no error")")
  }

  @Test("a decoded NUL is an ordinary character of a value, never a terminator")
  func decodedNUL() throws {
    let match = try Self.table.match("/user/a%00b")
    #expect(match?.parameters["id"] == "a\u{0}b")
  }

  @Test(
    "pattern limits: nesting, group count, segment count and length are invalidPattern",
    arguments: [
      (String(repeating: "(/a", count: 200) + String(repeating: ")", count: 200), "optional groups cannot nest"),
      (String(repeating: "(/a)", count: 9), "at most 8 optional groups"),
      (String(repeating: "/a", count: 129), "128"),
      ("/" + String(repeating: "a", count: 8193), "over the limit of 8192"),
      ("/:x(" + String(repeating: "(", count: 5000) + ")", "never closed"),
      ("/:x((a{1000}){1000})", "too large"),
    ])
  func patternLimits(pattern: String, reason: String) {
    let error = Self.bounded("pattern") { #expect(throws: RoutingError.self) { _ = try RoutePattern(pattern) } }
    #expect(error?.code == .invalidPattern)
    #expect(error?.message.contains(reason) == true, "\(error?.message.suffix(300) ?? "no error")")
  }

  @Test("a catastrophic regex answers in linear time on the longest segments, and lint warns about it")
  func catastrophicRegex() throws {
    for length in [30, 1023] {
      let url = "/phone/" + String(repeating: "a", count: length) + "!"
      let match = try Self.bounded("(a+)+$ on \(length) bytes", limit: .milliseconds(500)) { try Self.table.match(url) }
      #expect(match == nil, "\(String(describing: match?.payload)) \(String(describing: match?.parameters))")
    }
    #expect(try Self.table.match("/phone/aaaa")?.payload == "catastrophic")
    var builder = RouteTableBuilder<String>()
    builder.add("/phone/:x((a+)+$)", payload: "catastrophic")
    #expect(builder.diagnose().contains { $0.routing?.code == .catastrophicRegex })
  }

  @Test(
    "malformed manifests are invalidManifest, never a crash",
    arguments: [
      "", "{", "[]", "null", "{\"version\":1,\"routes\":[{\"pattern\":", "{\"version\":1,\"routes\":{}}",
      "{\"version\":\"1\",\"routes\":[]}", "{\"version\":1,\"routes\":[{\"pattern\":42,\"target\":\"A\"}]}",
      "{\"version\":1,\"routes\":[{\"pattern\":\"/a\",\"target\":\"A\",\"surprise\":true}]}",
      "{\"version\":1,\"routes\":[1e400]}", "\u{FEFF}{}",
    ])
  func malformedManifests(json: String) {
    #expect(#expect(throws: BuildError.self) { _ = try RouteManifest(json: json) }?.manifest?.code == .invalidManifest)
  }

  @Test("manifests nested 100,000 deep or with invalid UTF-8 are invalidManifest")
  func deepAndInvalidManifests() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = Self.bounded("deep JSON") { #expect(throws: BuildError.self) { _ = try RouteManifest(json: deep) } }
    #expect(error?.manifest?.code == .invalidManifest)
    var bytes = Data("{\"version\":1,\"routes\":[{\"pattern\":\"/".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(contentsOf: Data("\",\"target\":\"A\"}]}".utf8))
    #expect(#expect(throws: BuildError.self) { _ = try RouteManifest(data: bytes) }?.manifest?.code == .invalidManifest)
  }

  @Test("a manifest over the size limit is refused before it is parsed")
  func hugeManifest() {
    let route = "{\"pattern\":\"/a\",\"target\":\"A\"},"
    var json = "{\"version\":1,\"routes\":["
    json += String(repeating: route, count: RouteManifest.maxSize / route.utf8.count + 1)
    json += "{\"pattern\":\"/b\",\"target\":\"B\"}]}"
    let error = Self.bounded("huge manifest") {
      #expect(throws: BuildError.self) { _ = try RouteManifest(json: json) }
    }
    #expect(error?.manifest?.code == .invalidManifest)
    #expect(error?.message.contains("over the limit") == true)
  }

  @Test("a large valid manifest (10,000 routes) loads and builds")
  func largeManifest() throws {
    let routes = (0..<10_000).map { "{\"pattern\":\"/m\($0 / 100)/s\($0 % 100)/:id\",\"target\":\"T\($0)\"}" }
    let json = "{\"version\":1,\"routes\":[" + routes.joined(separator: ",") + "]}"
    let table = try Self.bounded("10,000-route manifest", limit: .seconds(10)) {
      try RouteManifest(json: json).makeTable()
    }
    #expect(try table.match("/m42/s7/x")?.payload.target == "T4207")
  }
}
