import Testing
import WaypointMatching

/// A host compares case-insensitively even where it serves as the first segment, so a pattern
/// without a scheme whose first literal has capitals matches the host however it is written,
/// while a path segment keeps comparing case-sensitively.
@Suite("Hosts as first segments, and case")
struct HostCaseTests {
  static func table(_ patterns: [String], host: MatchingOptions.HostMode) throws -> RouteTable<String> {
    var options = MatchingOptions()
    options.host = host
    var builder = RouteTableBuilder<String>(options: options)
    for pattern in patterns { builder.add(pattern, name: pattern, payload: pattern) }
    return try builder.build()
  }

  @Test(
    "DeepLinkKit's weather link: TenDay/:x matches the host in any case",
    arguments: [
      MatchingOptions.HostMode.segment, .auto,
    ])
  func deepLinkKit(host: MatchingOptions.HostMode) throws {
    let table = try Self.table(["TenDay/:x"], host: host)
    for url in ["twcweather://TenDay/33", "twcweather://tenday/33", "twcweather://TENDAY/33"] {
      let match = try #require(try table.match(url), "\(url)")
      #expect(match.parameters["x"] == "33")
    }
    #expect(try table.match("/TenDay/33") != nil, "a path segment compares as written")
    #expect(try table.match("/tenday/33") == nil, "a path segment compares case-sensitively")
  }

  @Test("with a scheme the host was already lowered; lowercase patterns keep matching both")
  func unchanged() throws {
    let table = try Self.table(["myapp://Profile/:z", "tenday/:x"], host: .segment)
    #expect(try table.match("myapp://PROFILE/1")?.payload == "myapp://Profile/:z")
    #expect(try table.match("other://TenDay/1")?.payload == "tenday/:x")
    #expect(try table.match("/tenday/1")?.payload == "tenday/:x")
  }

  @Test("a pattern with a scheme and an empty authority meets the host the same way; http(s) keeps hosts apart")
  func emptyAuthority() throws {
    let table = try Self.table(["twcweather:////TenDay/33", "http:////Foo/:x", "http:////foo/:x"], host: .auto)
    #expect(try table.match("twCweather://tenday/33")?.payload == "twcweather:////TenDay/33")
    #expect(try table.match("twcweather://TENDAY/33")?.payload == "twcweather:////TenDay/33")
    #expect(try table.match("twcweather:///tenday/33") == nil, "a path segment compares as written")
    // In auto mode an http URL's first segment is never its host: the two stay distinct routes
    // (no conflict), each for any host.
    #expect(try table.match("http://example/Foo/1")?.payload == "http:////Foo/:x")
    #expect(try table.match("http://Foo/foo/1")?.payload == "http:////foo/:x")
    #expect(try table.match("http:///Foo/1")?.payload == "http:////Foo/:x")
    #expect(try table.match("http:///foo/1")?.payload == "http:////foo/:x")
  }

  @Test("in host mode, and for http(s) in auto mode, the first path segment is a path segment")
  func pathSegments() throws {
    let hosts = try Self.table(["TenDay/:x"], host: .host)
    #expect(try hosts.match("twcweather://example/tenday/33") == nil)
    #expect(try hosts.match("twcweather://example/TenDay/33") != nil)
    let auto = try Self.table(["TenDay/:x"], host: .auto)
    #expect(try auto.match("https://example.com/TenDay/33") != nil)
    #expect(try auto.match("https://example.com/tenday/33") == nil)
  }

  @Test("candidates agree with match, and both spellings of one route come once")
  func candidates() throws {
    let table = try Self.table(["TenDay/:x", ":city/:x"], host: .segment)
    let found = try table.candidates(for: "twcweather://tenday/33").map(\.payload)
    #expect(found == ["TenDay/:x", ":city/:x"])
    #expect(try table.candidates(for: "/tenday/33").map(\.payload) == [":city/:x"])
  }

  @Test("two routes that differ only in the case of the host position conflict")
  func conflict() {
    var options = MatchingOptions()
    options.host = .segment
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add("TenDay/:x", payload: 1)
    builder.add("tenday/:y", payload: 2)
    #expect(throws: BuildError.self) { try builder.build() }
  }

  @Test("a printed URL opens the route, and lint finds nothing wrong with a route that now matches")
  func printingAndLint() throws {
    let table = try Self.table(["TenDay/:x"], host: .segment)
    let url = try table.url(for: "TenDay/:x", parameters: ["x": "33"])
    #expect(try table.match(url)?.payload == "TenDay/:x")
    var options = MatchingOptions()
    options.host = .segment
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add("TenDay/:x", payload: 1)
    builder.add("Weather/now", payload: 2)
    #expect(builder.diagnose().isEmpty)
  }
}
