import Testing
import Waypoint

@Suite("Lifecycle and events")
struct EventTests {
  @Test("observers see prepare → will → did, with a duration")
  func success() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.observe(RecordingObserver(recorder: recorder))
    builder.add("/a") { _ in
      recorder.record("handler")
      return 1
    }
    _ = try await builder.build().open("/a")
    #expect(recorder.all == ["prepare /a", "will /a", "handler", "did /a true"])
  }

  @Test("a veto stops the open before the handler; failures are reported once")
  func veto() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.observe(RecordingObserver(recorder: recorder, veto: .rejected("maintenance")))
    builder.add("/a") { _ in
      recorder.record("handler")
      return 1
    }
    let router = try builder.build()
    let error = await #expect(throws: RoutingError.self) { _ = try await router.open("/a") }
    #expect(error?.message == "maintenance")
    await #expect(throws: RoutingError.self) { _ = try await router.open("/nowhere") }
    #expect(recorder.all == ["prepare /a", "will /a", "failed rejected", "prepare /nowhere", "failed notFound"])
  }

  @Test("the event stream delivers every event of every open, in order, with one outcome each")
  func stream() async throws {
    var builder = RouterBuilder()
    builder.add("/ok") { _ in 1 }
    let router = try builder.build()
    let events = router.events()
    _ = try await router.open("/ok")
    await #expect(throws: RoutingError.self) { _ = try await router.open("/missing") }
    var seen: [RouteEvent] = []
    for await event in events {
      seen.append(event)
      if seen.count == 5 { break }
    }
    #expect(seen.map(\.phase) == [.prepare, .will, .did, .prepare, .unmatched])
    #expect(Set(seen.prefix(3).map(\.openID)).count == 1)
    #expect(seen[3].openID == seen[0].openID + 1)
    #expect(seen[2].route?.pattern == "/ok")
    #expect(seen[2].duration != nil && seen[4].duration != nil)
    #expect(seen[4].error?.code == .notFound)
  }
}

@Suite("Redirects")
struct RedirectTests {
  @Test("a redirect route fills its template, keeps the query and goes through the pipeline")
  func follows() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.use(TracingMiddleware(name: "m", recorder: recorder))
    builder.redirect("/profile/:id", to: "/user/:id")
    builder.add("/user/<int:id>") { request in "user \(request["id"] ?? "") \(request["tab"] ?? "")" }
    let router = try builder.build()
    let result = try await router.open("/profile/5?tab=posts")
    #expect(try result.value(as: String.self) == "user 5 posts")
    #expect(result.url == "/user/5?tab=posts")
    #expect(recorder.all == ["m in", "m out", "m in", "m out"])
  }

  @Test("a redirect loop, or too many redirects, is redirectLoop")
  func loops() async throws {
    var builder = RouterBuilder()
    builder.redirect("/a/:x", to: "/b/:x")
    builder.redirect("/b/:x", to: "/a/:x")
    builder.maxRedirects = 3
    for index in 0..<5 { builder.redirect("/c\(index)", to: "/c\(index + 1)") }
    builder.add("/c5") { _ in "end" }
    let router = try builder.build()
    let loop = await #expect(throws: RoutingError.self) { _ = try await router.open("/a/1") }
    #expect(loop?.code == .redirectLoop)
    #expect(loop?.message == "the redirects of '/a/1' loop: /a/1 → /b/1 → /a/1")
    let long = await #expect(throws: RoutingError.self) { _ = try await router.open("/c0") }
    #expect(long?.message == "'/c0' redirects more than 3 times")
  }
}
