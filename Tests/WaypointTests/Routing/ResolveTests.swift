import Synchronization
import Testing
import Waypoint

@Suite("Resolving without running")
struct ResolveTests {
  /// Counts every handler and middleware run, so a test can show that resolving ran none.
  final class Runs: Sendable {
    let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var total: Int { count.withLock { $0 } }
  }

  func router(_ runs: Runs, fallback: Bool = false) throws -> Router {
    var builder = RouterBuilder()
    builder.use(
      ClosureMiddleware { request, next in
        runs.add()
        return try await next(request)
      })
    builder.add("/user/<int:id>", name: "user", exposure: .public, defaults: ["tab": "posts"]) { _ in
      runs.add()
      return "user"
    }
    builder.add("/busy/:id", handler: ClosureHandler(canHandle: { $0["id"] != "no" }, { _ in "busy" }))
    builder.redirect("/u/:id", to: "/user/:id", exposure: .public)
    builder.add("/secret") { _ in "secret" }
    if fallback { builder.fallback = ClosureHandler { _ in "fallback" } }
    return try builder.build()
  }

  @Test("a resolution holds the route and its request, and runs nothing")
  func resolves() throws {
    let runs = Runs()
    let resolution = try router(runs).resolve("/user/42?tab=likes&x=1", origin: .external())
    #expect(resolution.route?.name == "user")
    #expect(resolution.error == nil)
    #expect(!resolution.usesFallback)
    let request = try #require(resolution.request)
    #expect(request.values().map(\.description) == ["id=42 (path)", "tab=likes (query)", "x=1 (query)"])
    #expect(request.values(from: [.path, .default]).map(\.description) == ["id=42 (path)", "tab=posts (default)"])
    #expect(runs.total == 0)
  }

  @Test("errors: invalid URL, unknown, internal from outside, every handler declining")
  func errors() throws {
    let router = try router(Runs())
    #expect(router.resolve("/user/%zz").error?.code == .invalidURL)
    #expect(router.resolve("/nowhere").error?.code == .notFound)
    let hidden = router.resolve("/secret", origin: .external())
    #expect(hidden.error?.code == .notFound)
    #expect(hidden.error?.message == "no route matches '/secret'")
    #expect(router.resolve("/busy/no").error?.code == .declined)
    #expect(router.resolve("/busy/yes").route?.pattern == "/busy/:id")
  }

  @Test("when the best match is passed over, the next route takes the URL, and the request names the declined one")
  func bestPassedOver() throws {
    var builder = RouterBuilder()
    builder.add("/item/new", exposure: .internal) { _ in "new (internal)" }
    builder.add(
      "/item/:id", exposure: .public, handler: ClosureHandler(canHandle: { $0["id"] != "7" }, { _ in "item" }))
    builder.add("/item/*rest", exposure: .public) { _ in "rest" }
    let router = try builder.build()
    // The best match reached: no candidates after it.
    #expect(router.resolve("/item/new").route?.pattern == "/item/new")
    // Internal, so an external link passes it over without declining it.
    let external = router.resolve("/item/new", origin: .external())
    #expect(external.route?.pattern == "/item/:id")
    #expect(external.request?.declinedRoutes.isEmpty == true)
    // Its handler declines: the next route takes it and sees the decline.
    let declined = router.resolve("/item/7")
    #expect(declined.route?.pattern == "/item/*rest")
    #expect(declined.request?.declinedRoutes.map(\.pattern) == ["/item/:id"])
    #expect(declined.request?.rest == ["7"])
    #expect(router.resolve("/item/8").request?.declinedRoutes.isEmpty == true)
  }

  @Test("a redirect is filled from the request, keeping query and fragment")
  func redirect() throws {
    let resolution = try router(Runs()).resolve("/u/7?ref=mail#top")
    #expect(resolution.route?.redirect == "/user/:id")
    #expect(resolution.redirect == "/user/7?ref=mail#top")
  }

  @Test("the fallback takes what no route does; canOpen leaves it aside")
  func fallback() throws {
    let router = try router(Runs(), fallback: true)
    let resolution = router.resolve("/nowhere?x=1")
    #expect(resolution.usesFallback)
    #expect(resolution.route == nil)
    #expect(resolution.request?.query == [QueryItem(name: "x", value: "1")])
    #expect(!router.canOpen("/nowhere"))
    #expect(router.canOpen("/user/1"))
  }

  @Test("open agrees with resolve on every URL")
  func openAgrees() async throws {
    let runs = Runs()
    let router = try router(runs)
    for url in ["/user/1", "/u/2", "/busy/no", "/busy/x", "/nowhere", "/secret", "/user/%zz"] {
      let resolution = router.resolve(url)
      do {
        let result = try await router.open(url)
        #expect(resolution.error == nil, "\(url)")
        if resolution.redirect == nil { #expect(result.route == resolution.route, "\(url)") }
      } catch {
        #expect(error.code == resolution.error?.code, "\(url)")
      }
    }
  }

  @Test("a manifest router resolves without handlers; opening an unhandled target says so")
  func manifestRouter() async throws {
    let manifest = try RouteManifest(
      json: #"{"routes": [{"pattern": "/note/<int:id>", "target": "Note", "presentation": "sheet"}]}"#)
    let router = try manifest.makeRouter()
    #expect(router.resolve("/note/3").route?.presentation == .sheet)
    let error = await #expect(throws: RoutingError.self) { try await router.open("/note/3") }
    #expect(error?.code == .missingHandler)
    #expect(error?.message.contains("'Note'") == true)
    var builder = RouterBuilder()
    builder.add(manifest)
    let refused = #expect(throws: BuildError.self) { try builder.build() }
    #expect(refused?.routing?.code == .missingHandler)
  }
}
