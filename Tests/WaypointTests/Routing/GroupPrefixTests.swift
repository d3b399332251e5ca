import Testing
import Waypoint

/// A group per link source (`foobar://`, `https://example.com/`) is how JLRoutes users give each
/// source its own handlers and middleware; every form of prefix must join.
@Suite("Group prefixes")
struct GroupPrefixTests {
  /// A router with one group under `prefix` holding `patterns`, each answering its own pattern.
  func router(_ prefix: String, _ patterns: [String]) throws -> Router {
    var builder = RouterBuilder()
    builder.group(prefix) { group in
      for pattern in patterns { group.add(pattern) { _ in pattern } }
    }
    return try builder.build()
  }

  func opens(_ router: Router, _ url: String) async -> String? {
    try? await router.open(url).value(as: String.self)
  }

  @Test(
    "each form of prefix joins with '/', an empty pattern, a path with and without its slash, and a group",
    arguments: [
      ("foobar://", ["/", "/user/:id", "item/:id"], ["foobar://", "foobar:///user/:id", "foobar:///item/:id"]),
      ("foobar://", ["(/:page)"], ["foobar://(/:page)"]),
      (
        "https://example.com", ["/", "/a/:id", "b"],
        ["https://example.com", "https://example.com/a/:id", "https://example.com/b"]
      ),
      (
        "https://example.com/", ["", "/a/:id", "b"],
        ["https://example.com", "https://example.com/a/:id", "https://example.com/b"]
      ),
      ("/", ["/", "/a", "b/:id"], ["/", "/a", "/b/:id"]),
      ("/shop/", ["/", "cart", "/item/:id"], ["/shop", "/shop/cart", "/shop/item/:id"]),
      ("/shop/", ["(/:page)"], ["/shop(/:page)"]),
      ("shop", ["", "/cart"], ["shop", "shop/cart"]),
      ("", ["/a", "b"], ["/a", "b"]),
    ])
  func joins(prefix: String, patterns: [String], joined: [String]) throws {
    #expect(try router(prefix, patterns).routes.map(\.pattern) == joined)
  }

  @Test("a group for a scheme takes that scheme's links, any host for http(s), and its root")
  func schemeGroups() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.group("foobar://", middleware: [TracingMiddleware(name: "foobar", recorder: recorder)]) { foobar in
      foobar.add("/") { _ in "foobar root" }
      foobar.add("/user/:id") { request in "foobar user \(request["id"] ?? "")" }
    }
    builder.group("https://") { web in web.add("/user/:id") { request in "web user \(request["id"] ?? "")" } }
    builder.group("https://example.com/") { site in site.add("/") { _ in "site root" } }
    builder.add("/user/:id") { request in "any user \(request["id"] ?? "")" }
    let router = try builder.build()
    #expect(await opens(router, "foobar://") == "foobar root")
    #expect(await opens(router, "foobar://user/7") == "foobar user 7")
    #expect(await opens(router, "foobar:///user/7") == "foobar user 7")
    #expect(recorder.all == ["foobar in", "foobar out", "foobar in", "foobar out", "foobar in", "foobar out"])
    #expect(await opens(router, "https://a.example/user/8") == "web user 8")
    #expect(await opens(router, "https://example.com/") == "site root")
    #expect(await opens(router, "https://example.com") == "site root")
    #expect(await opens(router, "other://user/9") == "any user 9")
    #expect(recorder.all.count == 6, "the group's middleware runs for its own routes only")
  }

  @Test("a refusal names the prefix and the pattern as written")
  func refusals() throws {
    var builder = RouterBuilder()
    builder.group("foobar://") { group in group.add("/user/:") { _ in "" } }
    let error = #expect(throws: BuildError.self) { _ = try builder.build() }
    let message = error?.errors.first?.message ?? ""
    #expect(message.contains("route '/user/:' in the group 'foobar://' (joined as 'foobar:///user/:')"), "\(message)")
    #expect(!message.contains("foobar:/'"))

    var schemed = RouterBuilder()
    schemed.group("/a") { group in group.add("myapp://x") { _ in "" } }
    let other = #expect(throws: BuildError.self) { _ = try schemed.build() }
    #expect(
      other?.errors.first?.message == "the route 'myapp://x' names a scheme, so it cannot go under the prefix '/a'")
  }
}

/// The "Coming from JLRoutes" article's group-per-source example, compiled and checked.
@Suite("Coming from JLRoutes example")
struct ComingFromJLRoutesTests {
  func makeSourceRouter() throws -> Router {
    var routes = RouterBuilder()
    routes.group("foobar://") { foobar in
      foobar.add("/") { _ in "foobar home" }  // foobar:// itself
      foobar.add("/article/:slug") { request in
        guard request["slug"] == "welcome" else { throw RouteDecline("no such article") }
        return "article"
      }
    }
    routes.group("https://example.com/") { site in site.add("/article/:slug") { _ in "web article" } }
    routes.fallback = ClosureHandler { request in
      "web view for \(request.url.string), passed on by \(request.declinedRoutes.count) route(s)"
    }
    return try routes.build()
  }

  @Test("each source's routes answer, and a declined link reaches the fallback")
  func sources() async throws {
    let router = try makeSourceRouter()
    func open(_ url: String) async throws -> String { try await router.open(url).value(as: String.self) }
    #expect(try await open("foobar://") == "foobar home")
    #expect(try await open("foobar://article/welcome") == "article")
    #expect(try await open("https://example.com/article/x") == "web article")
    #expect(try await open("foobar://article/other") == "web view for foobar://article/other, passed on by 1 route(s)")
  }
}
