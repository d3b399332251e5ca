import Testing
import Waypoint

/// Routes that pass a URL on: through `canHandle`, or from their handling with `RouteDecline`;
/// and what the fallback does when every one of them does.
@Suite("Declining")
struct DeclineTests {
  /// Records declined events, and the routes of every will and did.
  struct DeclineObserver: RouteObserver {
    let recorder: Recorder
    func willOpen(_ request: RouteRequest) throws { recorder.record("will \(request.route?.pattern ?? "fallback")") }
    func declined(_ event: RouteEvent) {
      recorder.record("declined \(event.route?.pattern ?? "-"): \(event.error?.message ?? "")")
    }
    func didOpen(_ event: RouteEvent) { recorder.record("did \(event.route?.pattern ?? "fallback")") }
  }

  /// `myapp://:slug` looks the slug up and declines unknown ones; `myapp://:username` takes the rest.
  func router(
    _ recorder: Recorder, policy: DeclinePolicy = .useFallback, fallback: Bool = true, profileDeclines: Bool = false
  ) throws -> Router {
    var builder = RouterBuilder()
    builder.whenEveryRouteDeclines = policy
    builder.observe(DeclineObserver(recorder: recorder))
    builder.add("myapp://:slug", priority: 1) { request in
      try await Task.sleep(for: .milliseconds(1))
      guard request["slug"] == "welcome" else { throw RouteDecline("no article '\(request["slug"] ?? "")'") }
      return "article welcome"
    }
    builder.add("myapp://:username") { request in
      if profileDeclines { throw RouteDecline() }
      return "profile \(request["username"] ?? "")"
    }
    builder.add("myapp://help", handler: ClosureHandler(canHandle: { _ in false }, { _ in "help" }))
    if fallback {
      builder.fallback = ClosureHandler { request in
        "web view for \(request.url.string), after " + request.declinedRoutes.map(\.pattern).joined(separator: ", ")
      }
    }
    return try builder.build()
  }

  @Test("a handler that declines from its handling passes the URL to the next route, with a declined event")
  func declineFromHandling() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    #expect(try await router.open("myapp://welcome").value(as: String.self) == "article welcome")
    #expect(try await router.open("myapp://ada").value(as: String.self) == "profile ada")
    #expect(
      recorder.all == [
        "will myapp://:slug", "did myapp://:slug",
        "will myapp://:slug",
        "declined myapp://:slug: the route myapp://:slug declined 'myapp://ada': no article 'ada'",
        "will myapp://:username", "did myapp://:username",
      ])
  }

  @Test("when every route declines, the fallback serves the URL and sees which routes declined")
  func fallbackAfterDeclines() async throws {
    let recorder = Recorder()
    let router = try router(recorder, profileDeclines: true)
    let value = try await router.open("myapp://help").value(as: String.self)
    // In precedence order: `:slug` (priority 1) declined from its handling, `help` through
    // canHandle, `:username` from its handling.
    #expect(value == "web view for myapp://help, after myapp://:slug, myapp://help, myapp://:username")
    #expect(recorder.all.filter { $0.hasPrefix("declined") }.count == 3)
    #expect(recorder.all.last == "did fallback")
    // Resolving sees only canHandle: the handlers' own declines happen when they run.
    #expect(router.resolve("myapp://help").route?.pattern == "myapp://:slug")
    #expect(!router.canOpen("myapp://nowhere/at/all"))
  }

  @Test("a URL that only canHandle declined goes to the fallback too, through resolve and canOpen alike")
  func canHandleDeclines() throws {
    var builder = RouterBuilder()
    builder.add("/only", handler: ClosureHandler(canHandle: { _ in false }, { _ in "never" }))
    builder.fallback = ClosureHandler { _ in "fallback" }
    let router = try builder.build()
    let resolution = router.resolve("/only")
    #expect(resolution.usesFallback)
    #expect(resolution.request?.declinedRoutes.map(\.pattern) == ["/only"])
    #expect(!router.canOpen("/only"))
  }

  @Test("with .fail, or without a fallback, a URL every route declined fails with declined naming them")
  func failPolicy() async throws {
    for (policy, fallback) in [(DeclinePolicy.fail, true), (.useFallback, false)] {
      let router = try router(Recorder(), policy: policy, fallback: fallback, profileDeclines: true)
      let error = await #expect(throws: RoutingError.self) { _ = try await router.open("myapp://ada") }
      #expect(error?.code == .declined)
      #expect(error?.message.contains("myapp://:slug") == true, "\(error?.message ?? "")")
      #expect(error?.message.contains("myapp://:username") == true)
      // A URL that no route matches still goes to the fallback when there is one.
      if fallback {
        #expect(try await router.open("myapp://a/b/c").value(as: String.self).hasPrefix("web view"))
      }
    }
  }

  @Test("nothing a declining route or its middleware did reaches the next route's request")
  func noLeak() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.group(
      "/first",
      middleware: [
        ClosureMiddleware { request, next in
          var edited = request
          edited.extras["token"] = "from the first route's middleware"
          try edited.setQuery([QueryItem(name: "tab", value: "edited")])
          return try await next(edited)
        }
      ]
    ) { group in
      group.add(":id", priority: 1) { request in
        recorder.record("first saw \(request["token"] ?? "-") \(request["tab"] ?? "-")")
        throw RouteDecline("not mine")
      }
    }
    builder.add("/first/:id") { request in
      "second saw token=\(request["token"] ?? "none") tab=\(request["tab"] ?? "none") id=\(request["id"] ?? "")"
        + " declined=\(request.declinedRoutes.map(\.pattern))"
    }
    let router = try builder.build()
    let value = try await router.open("/first/7?tab=posts", extras: ["mine": 1]).value(as: String.self)
    #expect(recorder.all == ["first saw from the first route's middleware edited"])
    #expect(value == "second saw token=none tab=posts id=7 declined=[\"/first/:id\"]")
  }

  @Test("a fallback that declines fails the open with declined")
  func fallbackDeclines() async throws {
    var builder = RouterBuilder()
    builder.fallback = ClosureHandler { _ in throw RouteDecline("not even here") }
    let router = try builder.build()
    let error = await #expect(throws: RoutingError.self) { _ = try await router.open("/x") }
    #expect(error?.code == .declined)
    #expect(error?.message == "the fallback handler declined '/x': not even here")
  }
}
