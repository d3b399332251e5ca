import Logging
import Synchronization
import Testing
import Waypoint
import WaypointLogging

@Suite("Middleware")
struct MiddlewareTests {
  @Test("global middleware runs first, in order, then group middleware, then the handler")
  func order() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.use(TracingMiddleware(name: "global1", recorder: recorder))
    builder.use(TracingMiddleware(name: "global2", recorder: recorder))
    builder.group("/shop", middleware: [TracingMiddleware(name: "shop", recorder: recorder)]) { shop in
      shop.group("/admin", middleware: [TracingMiddleware(name: "admin", recorder: recorder)]) { admin in
        admin.add("/users") { _ in
          recorder.record("handler")
          return 0
        }
      }
    }
    _ = try await builder.build().open("/shop/admin/users")
    #expect(
      recorder.all == [
        "global1 in", "global2 in", "shop in", "admin in", "handler", "admin out", "shop out", "global2 out",
        "global1 out",
      ])
  }

  @Test("middleware sees a redirect as its own outcome; open returns only values")
  func redirectOutcome() async throws {
    let seen = Mutex<[String]>([])
    var builder = RouterBuilder()
    builder.use(
      ClosureMiddleware { request, next in
        let result = try await next(request)
        switch result.outcome {
        case .redirect(let target): seen.withLock { $0.append("redirect \(target)") }
        case .value: seen.withLock { $0.append("value \(result.url)") }
        }
        return result
      })
    builder.redirect("/old/:id", to: "/new/:id")
    builder.add("/new/:id") { request in try request.int("id") }
    let result = try await builder.build().open("/old/4")
    #expect(seen.withLock { $0 } == ["redirect /new/4", "value /new/4"])
    #expect(try result.value(as: Int.self) == 4)
    #expect(result.redirect == nil)
    let request = RouteRequest(url: try ParsedURL("/old/4"))
    let redirect = RouteResult.redirect(to: "/new/4", from: request)
    #expect(redirect.redirect == "/new/4")
    let error = #expect(throws: RoutingError.self) { try redirect.value(as: Int.self) }
    #expect(error?.code == .typeMismatch)
    #expect(error?.message == "the result of '/old/4' is a redirect to '/new/4', not a Int")
  }

  @Test("a middleware can short-circuit, rewrite the request, or reject with a reason")
  func shortCircuitRewriteReject() async throws {
    var builder = RouterBuilder()
    builder.use(
      ClosureMiddleware { request, next in
        if request.url.string.hasSuffix("cached") { return RouteResult("from cache", for: request) }
        if request.url.string.hasSuffix("blocked") { throw RoutingError.rejected("blocked by policy") }
        var rewritten = request
        rewritten.extras["user"] = "ann"
        return try await next(rewritten)
      })
    builder.add("/:what") { request in "\(request["what"] ?? "") for \(request["user"] ?? "nobody")" }
    let router = try builder.build()
    #expect(try await router.open("/cached").value(as: String.self) == "from cache")
    #expect(try await router.open("/page").value(as: String.self) == "page for ann")
    let rejected = await #expect(throws: RoutingError.self) { _ = try await router.open("/blocked") }
    #expect(rejected?.code == .rejected)
    #expect(rejected?.message == "blocked by policy")
  }

  @Test("a middleware can redirect; the target passes through every middleware again")
  func redirect() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.use(TracingMiddleware(name: "log", recorder: recorder))
    builder.group(
      "/private",
      middleware: [
        ClosureMiddleware { request, next in
          guard request.extras["signedIn"] as? Bool == true else {
            return .redirect(to: "/login?next=\(request.url.string)", from: request)
          }
          return try await next(request)
        }
      ]
    ) { group in group.add("/notes") { _ in "notes" } }
    builder.add("/login") { request in "login, then \(request["next"] ?? "")" }
    let router = try builder.build()
    let result = try await router.open("/private/notes")
    #expect(try result.value(as: String.self) == "login, then /private/notes")
    #expect(result.url == "/login?next=/private/notes")
    #expect(recorder.all == ["log in", "log out", "log in", "log out"])
    #expect(try await router.open("/private/notes", extras: ["signedIn": true]).value(as: String.self) == "notes")
  }

  @Test("an error from a middleware that is not a RoutingError is middlewareFailed")
  func middlewareFailed() async throws {
    struct Broken: Error {}
    var builder = RouterBuilder()
    builder.use(ClosureMiddleware { _, _ in throw Broken() })
    builder.add("/a") { _ in 1 }
    #expect(
      await #expect(throws: RoutingError.self) { _ = try await builder.build().open("/a") }?.code == .middlewareFailed)
  }

  @Test("the scheme allow-list refuses other schemes from outside with forbidden")
  func schemeAllowList() async throws {
    var builder = RouterBuilder()
    builder.use(SchemeAllowList(["notes"]))
    builder.add("/a", exposure: .public) { _ in "ok" }
    let router = try builder.build()
    #expect(try await router.open("notes://a", origin: .external()).value(as: String.self) == "ok")
    #expect(try await router.open("/a", origin: .external()).value(as: String.self) == "ok")
    #expect(try await router.open("evil://a").value(as: String.self) == "ok", "internal links pass by default")
    let refused = await #expect(throws: RoutingError.self) {
      _ = try await router.open("evil://a", origin: .external())
    }
    #expect(refused?.code == .forbidden)
    #expect(refused?.message.contains("the scheme 'evil'") == true)
    var strict = RouterBuilder()
    strict.use(SchemeAllowList(["notes"], allowsNoScheme: false, appliesToInternal: true))
    strict.add("/a") { _ in "ok" }
    #expect(await #expect(throws: RoutingError.self) { _ = try await strict.build().open("/a") }?.code == .forbidden)
  }

  @Test("the logging middleware logs each open and each failure on swift-log")
  func logging() async throws {
    let recorder = Recorder()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(recorder: recorder) }
    var builder = RouterBuilder()
    builder.use(LoggingMiddleware(logger: logger))
    builder.add("/a", name: "a") { _ in 1 }
    builder.add("/fail") { _ in throw RoutingError.rejected("no") }
    let router = try builder.build()
    _ = try await router.open("/a")
    await #expect(throws: RoutingError.self) { _ = try await router.open("/fail") }
    let lines = recorder.all
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("info opened link"))
    #expect(lines[0].contains("url=/a") && lines[0].contains("route=a (/a)") && lines[0].contains("duration="))
    #expect(lines[1].hasPrefix("error link failed"))
    #expect(lines[1].contains("rejected: no"))
  }
}

extension MiddlewareTests {
  @Test("the logging observer logs every event of a link, its secrets redacted, drops and failures louder")
  func loggingObserver() async throws {
    let recorder = Recorder()
    let logger = Logger(label: "test") { _ in CapturingLogHandler(recorder: recorder) }
    var builder = RouterBuilder()
    builder.observe(LoggingObserver(logger: logger))
    builder.use(LoggingMiddleware(logger: logger, level: .debug))
    builder.add("myapp://note/:id", name: "note", exposure: .public) { _ in 1 }
    let inbox = LinkInbox(router: RouterHolder(try builder.build()))
    inbox.receive("myapp://note/1?token=abc", origin: .external())
    inbox.receive("myapp://note/3", origin: .external())
    inbox.setReady(true)
    _ = try await inbox.open("myapp://note/2?token=abc&utm_source=mail", origin: .quickAction(type: "recent"))
    await #expect(throws: RoutingError.self) { _ = try await inbox.open("myapp://nowhere", origin: .external()) }
    let lines = recorder.all
    #expect(!lines.contains { $0.contains("abc") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("info link received") && $0.contains("origin=quickAction [type=recent]") })
    #expect(lines.contains { $0.hasPrefix("info link waited") && $0.contains("reason=the app is not ready") })
    #expect(lines.contains { $0.hasPrefix("warning link dropped") && $0.contains("reason=superseded by #") })
    #expect(lines.contains { $0.hasPrefix("info link did") && $0.contains("route=note") })
    #expect(lines.contains { $0.hasPrefix("debug opened link") && $0.contains("token=REDACTED") })
    #expect(lines.contains { $0.hasPrefix("error link unmatched") && $0.contains("error=notFound") })
    #expect(lines.contains { $0.contains(#"campaign=["utm_source": "mail"]"#) }, "\(lines)")
  }
}

/// A log handler that records `level message key=value…` lines.
struct CapturingLogHandler: LogHandler {
  let recorder: Recorder
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let pairs = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    recorder.record("\(event.level) \(event.message) " + pairs.joined(separator: " "))
  }
}
