import Testing
import WaypointMatching

/// The hosts http(s) links must come from to reach routes that name no host (Kickstarter's links
/// come from five kickstarter.com hosts; associated domains allow `*.example.com`).
@Suite("Host allow-lists")
struct HostAllowListTests {
  static func table(
    _ patterns: [String], hosts: HostAllowList, mode: MatchingOptions.HostMode = .auto
  ) throws -> RouteTable<String> {
    var options = MatchingOptions()
    options.host = mode
    var builder = RouteTableBuilder<String>(options: options)
    builder.hosts = hosts
    for pattern in patterns { builder.add(pattern, payload: pattern) }
    return try builder.build()
  }

  @Test("exact hosts and wildcards compare case-insensitively; a wildcard does not take its own domain")
  func allows() {
    let list: HostAllowList = ["www.kickstarter.com", "*.Example.org"]
    #expect(list.allows("www.kickstarter.com"))
    #expect(list.allows("WWW.Kickstarter.COM"))
    #expect(!list.allows("kickstarter.com"))
    #expect(list.allows("shop.example.org"))
    #expect(list.allows("a.b.example.org"))
    #expect(!list.allows("example.org"))
    #expect(!list.allows("badexample.org"), "a wildcard matches whole labels")
    #expect(!list.allows("example.org.evil.net"))
    #expect(HostAllowList([]).allows("anything"))
  }

  @Test(
    "entries that are not hosts are named",
    arguments: [
      ("", "is empty"), ("exa mple.com", "a character"), ("*.com", "top-level"), ("a..b", "empty label"),
      ("-a.com", "starts or ends"), ("https://a.com", "a character"), ("a.com:443", "a character"),
      ("*", "a character"), (String(repeating: "a", count: 64) + ".com", "63"),
    ])
  func problems(entry: String, reason: String) throws {
    let problems = HostAllowList([entry]).problems
    #expect(problems.count == 1)
    #expect(problems.first?.contains(reason) == true, "\(problems)")
    var builder = RouteTableBuilder<Int>()
    builder.hosts = [entry]
    builder.add("/a", payload: 1)
    let error = #expect(throws: BuildError.self) { try builder.build() }
    #expect(error?.errors.first?.code.rawValue == "invalidHost")
    #expect(HostAllowList(["a.com", "A.com"]).problems == ["the host 'A.com' is listed twice"])
    #expect(HostAllowList(["a.com", "*.a.com", "x-y.b.co"]).problems.isEmpty)
  }

  @Test("an http(s) link from another host is unknown to routes that name no host, and only to them")
  func refuses() throws {
    let table = try Self.table(
      ["/product/:id", "https://www.kickstarter.com/projects/:id", "https://evil.net/only/:id", "myapp://product/:id"],
      hosts: ["www.kickstarter.com", "*.kickstarter.com"])
    #expect(try table.match("https://www.kickstarter.com/product/1")?.payload == "/product/:id")
    #expect(try table.match("HTTP://Staging.Kickstarter.com:8080/product/1")?.payload == "/product/:id")
    #expect(try table.match("https://evil.net/product/1") == nil)
    #expect(try table.match("https://kickstarter.com/product/1") == nil)
    #expect(try table.candidates(for: "https://evil.net/product/1").map(\.payload) == [])
    #expect(try table.match("https://evil.net/only/1")?.payload == "https://evil.net/only/:id", "it names its host")
    #expect(try table.match("https://www.kickstarter.com/projects/9")?.parameters["id"] == "9")
    #expect(try table.match("myapp://product/1")?.payload == "myapp://product/:id", "not an http(s) link")
    #expect(try table.match("/product/1")?.payload == "/product/:id", "an in-app path has no host")
    #expect(table.hosts == ["www.kickstarter.com", "*.kickstarter.com"])
  }

  @Test("where the host is a segment, a link from another host reaches no route")
  func segmentMode() throws {
    let table = try Self.table(["/www.example.com/a", "/:host/a"], hosts: ["www.example.com"], mode: .segment)
    #expect(try table.match("https://www.example.com/a")?.payload == "/www.example.com/a")
    #expect(try table.match("https://evil.net/a") == nil)
    #expect(try table.match("myapp://evil.net/a")?.payload == "/:host/a")
  }

  @Test("lint warns about a route naming an http(s) host the list lacks")
  func unlisted() {
    var builder = RouteTableBuilder<Int>()
    builder.hosts = ["www.example.com"]
    builder.add("https://shop.example.com/cart", payload: 1)
    builder.add("https://www.example.com/cart", payload: 2)
    builder.add("myapp://cart", payload: 3)
    let warnings = builder.diagnose().filter { $0.code == RoutingError.Code.unlistedHost.rawValue }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("'shop.example.com'") == true)
  }
}
