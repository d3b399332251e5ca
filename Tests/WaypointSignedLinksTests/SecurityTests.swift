@preconcurrency import Crypto
import Foundation
import Synchronization
import Testing
import Waypoint
import WaypointSignedLinks

/// What Waypoint promises about links from outside the app, checked end to end on one router:
/// exposure, callbacks, parameters, signatures and middleware around redirects.
@Suite("Security")
struct SecurityTests {
  static let key = Keys.current
  static let now = Keys.now

  /// Everything the router did: handlers run, callbacks opened, events seen.
  final class Log: Sendable, CallbackOpener, RouteObserver {
    private let lines = Mutex<[String]>([])
    func record(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    func open(_ url: String) async { record("callback \(url)") }
    func failed(_ event: RouteEvent) {
      record("failed \(event.route?.pattern ?? "-") \(event.error?.code.rawValue ?? "")")
    }
  }

  /// A session the auth middleware reads.
  final class Session: Sendable {
    let signedIn = Atomic<Bool>(false)
  }

  static func router(_ log: Log, session: Session = Session(), signed: Bool = false) throws -> Router {
    var builder = RouterBuilder()
    builder.callbacks = CallbackPolicy(allowing: ["partner", "https://partner.example.com"])
    builder.callbackOpener = log
    builder.observe(log)
    if signed { builder.use(SignedLinkMiddleware(verifier: Keys.verifier())) }
    builder.use(
      ClosureMiddleware { request, next in
        if request.route?.pattern.hasPrefix("notes://admin") == true, !session.signedIn.load(ordering: .relaxed) {
          log.record("auth refused \(request.url.string)")
          throw RoutingError.rejected("sign in first")
        }
        return try await next(request)
      })
    builder.add("notes://note/:id", exposure: .public, defaults: ["id": "default", "mode": "read"]) { request in
      log.record("handler note \(request["id"] ?? "-") \(request["mode"] ?? "-")")
      return request["id"] ?? ""
    }
    builder.add("notes://admin/:action", exposure: .public) { request in
      log.record("handler admin \(request["action"] ?? "-")")
      return "done"
    }
    builder.add("notes://settings/reset") { _ in
      log.record("handler reset")
      return "reset"
    }
    builder.redirect("notes://go/admin/:action", to: "notes://admin/:action", exposure: .public)
    builder.redirect("notes://go/reset", to: "notes://settings/reset", exposure: .public)
    return try builder.build()
  }

  @Test("an external origin cannot reach an internal route, and cannot tell it from an unknown one")
  func internalRoutesAreInvisible() async throws {
    for origin in [Origin.external(), .external(sourceApplication: "com.evil"), .universalLink, .notification] {
      let hiddenLog = Log()
      let unknownLog = Log()
      let hidden = await #expect(throws: RoutingError.self) {
        _ = try await Self.router(hiddenLog).open("notes://settings/reset?x-error=partner://e", origin: origin)
      }
      let unknown = await #expect(throws: RoutingError.self) {
        _ = try await Self.router(unknownLog).open("notes://settings/rezet?x-error=partner://e", origin: origin)
      }
      #expect(hidden?.code == .notFound && unknown?.code == .notFound)
      #expect(hidden?.message.replacingOccurrences(of: "reset", with: "rezet") == unknown?.message)
      #expect(hiddenLog.all == unknownLog.all, "the same events and callbacks, with nothing run")
      #expect(!hiddenLog.all.contains("handler reset"))
      #expect(!(try Self.router(Log())).canOpen("notes://settings/reset", origin: origin))
    }
    #expect(try await Self.router(Log()).open("notes://settings/reset").value(as: String.self) == "reset")
  }

  @Test(
    "callback URLs outside the allow-list are refused before anything runs",
    arguments: [
      "x-success=evil://steal", "x-error=https://evil.example", "x-cancel=javascript:alert(1)",
      "x-success=https://partner.example.com.evil.example/", "x-success=https://partner.example.com@evil.example/",
      "x-success=https://evil.example/https://partner.example.com", "x-success=partnerx://back",
      "x-success=%20partner://back", "x-success=//evil.example",
    ])
  func callbacksOutsideTheAllowList(query: String) async throws {
    let log = Log()
    let error = await #expect(throws: RoutingError.self) {
      _ = try await Self.router(log).open("notes://note/1?" + query, origin: .external())
    }
    #expect(error?.code == .callbackNotAllowed, "\(query)")
    #expect(!log.all.contains { $0.hasPrefix("handler") || $0.hasPrefix("callback") }, "\(log.all)")
  }

  @Test("allowed callbacks are opened, whatever the case of the scheme")
  func allowedCallbacks() async throws {
    let log = Log()
    let router = try Self.router(log)
    _ = try await router.open("notes://note/1?x-success=PARTNER://done", origin: .external())
    #expect(log.all.contains { $0.hasPrefix("callback PARTNER://done") }, "\(log.all)")
  }

  @Test("a query item or a default cannot override a path parameter")
  func queryCannotOverridePath() async throws {
    let log = Log()
    let router = try Self.router(log)
    let result = try await router.open("notes://note/42?id=1337&id=7&mode=edit", origin: .external())
    #expect(try result.value(as: String.self) == "42")
    #expect(log.all.contains("handler note 42 edit"), "the query fills what the path leaves open: \(log.all)")
    #expect(try await router.open("notes://note/%31%33%33%37?id=42").value(as: String.self) == "1337")
  }

  /// `link` changed the way an attacker would.
  static func tamper(_ link: String, _ how: String) -> String {
    switch how {
    case "tampered path": return link.replacingOccurrences(of: "note/42", with: "note/43")
    case "tampered query": return link.replacingOccurrences(of: "ref=mail", with: "ref=evil")
    case "added query item": return link.replacingOccurrences(of: "?ref=mail", with: "?ref=mail&mode=edit")
    case "extended expiry": return link.replacingOccurrences(of: "exp=1800003600", with: "exp=1900003600")
    case "signature removed": return String(link.prefix { $0 != "&" }) + "&kid=2026-11&exp=1800003600"
    case "flipped signature": return link.dropLast() + (link.hasSuffix("A") ? "B" : "A")
    default: return link
    }
  }

  @Test(
    "signed links reject tampering",
    arguments: [
      "tampered path", "tampered query", "added query item", "extended expiry", "signature removed",
      "flipped signature",
    ])
  func signedLinksRejectTampering(label: String) async throws {
    let log = Log()
    let router = try Self.router(log, signed: true)
    let link = try LinkSigner(key: Self.key).sign(
      "notes://note/42?ref=mail", expiresAt: Self.now.addingTimeInterval(3600))
    #expect(try await router.open(link, origin: .external()).value(as: String.self) == "42")
    let tampered = Self.tamper(link, label)
    #expect(tampered != link)
    let error = await #expect(throws: RoutingError.self) { _ = try await router.open(tampered, origin: .external()) }
    #expect(error?.code == .rejected, "\(label): \(tampered)")
    #expect(log.all.filter { $0.hasPrefix("handler") }.count == 1, "\(label): the handler ran only for the valid link")
  }

  @Test("signed links reject expired links, other keys and unsigned links from outside")
  func signedLinksRejectExpiryAndKeys() async throws {
    let router = try Self.router(Log(), signed: true)
    let expired = try LinkSigner(key: Self.key).sign("notes://note/1", expiresAt: Self.now.addingTimeInterval(-1))
    let otherKey = try LinkSigner(key: Keys.ed25519("2026-11", seed: 42))
      .sign("notes://note/1", expiresAt: Self.now.addingTimeInterval(3600))
    for url in [expired, otherKey, "notes://note/1"] {
      #expect(
        await #expect(throws: RoutingError.self) { _ = try await router.open(url, origin: .external()) }?.code
          == .rejected, "\(url)")
    }
    #expect(try await router.open("notes://note/1").value(as: String.self) == "1", "in-app links need no signature")
  }

  @Test("middleware cannot be skipped by a redirect")
  func redirectsRunMiddlewareAgain() async throws {
    let log = Log()
    let session = Session()
    let router = try Self.router(log, session: session)
    for origin in [Origin.internal, .external()] {
      let error = await #expect(throws: RoutingError.self) {
        _ = try await router.open("notes://go/admin/wipe", origin: origin)
      }
      #expect(error?.code == .rejected)
      #expect(log.all.contains("auth refused notes://admin/wipe"))
      #expect(!log.all.contains("handler admin wipe"))
    }
    #expect(
      await #expect(throws: RoutingError.self) { _ = try await router.open("notes://go/reset", origin: .external()) }?
        .code == .notFound,
      "a public redirect cannot reach an internal route from outside")
    session.signedIn.store(true, ordering: .relaxed)
    #expect(try await router.open("notes://go/admin/wipe").value(as: String.self) == "done")
  }

  @Test(
    "dot segments, literal or percent-encoded, are refused from outside and kept when the option says so",
    arguments: [
      "notes://files/../admin", "notes://files/%2e%2e/%2e%2e/admin", "notes://files/a/.%2E/b", "notes://files/./a",
      "notes://files/%2E/a", "notes://files/..%2Fadmin", "notes://files/a%2F..%2F..%2Fb", "notes://files/..%5Cx",
      "notes://files/a/..",
      // A combining mark after the slash: the path still climbs out of its folder.
      "notes://files/..%2F%CC%81x", "notes://files/..%5C\u{301}x",
    ])
  func dotSegments(url: String) async throws {
    func router(_ policy: DotSegmentPolicy?) throws -> Router {
      var builder = RouterBuilder()
      if let policy { builder.dotSegments = policy }
      builder.add("notes://files/*rest", exposure: .public) { request in (request.rest ?? []).joined(separator: "|") }
      return try builder.build()
    }
    for origin in [Origin.external(), .universalLink, .notification] {
      let error = await #expect(throws: RoutingError.self) { _ = try await router(nil).open(url, origin: origin) }
      #expect(error?.code == .invalidURL, "\(url)")
      #expect(error?.message.contains("may not have '.' or '..' segments, literal or percent-encoded") == true)
      #expect(!(try router(nil).canOpen(url, origin: origin)))
    }
    #expect(try router(nil).canOpen(url), "the app's own links keep them by default")
    #expect(try router(.keep).canOpen(url, origin: .external()), "kept when the option says so")
    #expect(!(try router(.refuse).canOpen(url)), "refused from every origin with .refuse")
  }

  @Test("dots inside a segment are not dot segments")
  func dotsInsideSegments() throws {
    var builder = RouterBuilder()
    builder.add("notes://files/*rest", exposure: .public) { _ in "" }
    let router = try builder.build()
    for url in [
      "notes://files/a.b", "notes://files/..c", "notes://files/.hidden", "notes://files/...", "notes://files/a%2E",
    ] {
      #expect(router.canOpen(url, origin: .external()), "\(url)")
    }
  }
}
