import Foundation
import Testing
import Waypoint

/// The app's session as most apps hold it: a main-actor model the gate reads with `await`.
@MainActor
final class MainActorSession {
  var isSignedIn = false
}

/// A notes app whose sign-in screen is internal: no link from outside may open it directly, but
/// the gate may show it in front of any link.
enum GateFixture {
  static func router(
    session: MainActorSession, opened: Recorder, loginFails: Bool = false,
    extra: (inout RouterBuilder) -> Void = { _ in }
  ) throws -> RouterHolder {
    var builder = RouterBuilder()
    builder.use(SignInGate(showing: "notes://login", protecting: ["Editor"]) { await session.isSignedIn })
    let manifest = #"""
      { "version": 1, "routes": [
        { "name": "note", "pattern": "notes://note/<int:id>", "target": "Editor", "exposure": "public" } ] }
      """#
    builder.add(try RouteManifest(data: Data(manifest.utf8)))
    builder.register(target: "Editor") { request in
      opened.record("note \(try request.int("id")) \(request.origin.kind)")
      return "note"
    }
    builder.add("notes://login", name: "login") { request in
      if loginFails { throw RoutingError(.handlerFailed, "no window to show sign-in in") }
      opened.record("login next=\(request["next"] ?? "-") app=\(request.isAppRedirect) \(request.origin.kind)")
      return "login"
    }
    extra(&builder)
    return try RouterHolder(builder: builder)
  }
}

@Suite("Sign-in gate")
struct SignInGateTests {
  @Test("an internal sign-in route is shown for a parked link from outside, which opens after sign-in")
  func internalSignIn() async throws {
    let opened = Recorder()
    let session = MainActorSession()
    let holder = try GateFixture.router(session: session, opened: opened)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)

    let result = try await inbox.open("notes://note/42?from=mail&x=a%26b", origin: .universalLink)
    #expect(try result.value(as: String.self) == "login")
    #expect(result.url == "notes://login?next=notes%3A%2F%2Fnote%2F42%3Ffrom%3Dmail%26x%3Da%2526b")
    #expect(opened.all == ["login next=notes://note/42?from=mail&x=a%26b app=true universalLink"])
    #expect(inbox.parked(until: SignInGate.signIn).map(\.url) == ["notes://note/42?from=mail&x=a%26b"])

    // Directly, from outside, the internal sign-in route looks unknown.
    await #expect(throws: RoutingError.self) { try await holder.router.open("notes://login", origin: .external()) }

    await MainActor.run { session.isSignedIn = true }
    let events = holder.events()
    _ = await outcomes(events, count: 1) { inbox.resume(SignInGate.signIn) }
    #expect(opened.all.last == "note 42 universalLink")
    #expect(inbox.parked(until: SignInGate.signIn).isEmpty)
  }

  @Test("a signed-in user and unprotected routes pass the gate untouched")
  func passes() async throws {
    let opened = Recorder()
    let session = MainActorSession()
    await MainActor.run { session.isSignedIn = true }
    let holder = try GateFixture.router(session: session, opened: opened)
    let result = try await holder.router.open("notes://note/7", origin: .external())
    #expect(result.parked == nil)
    #expect(opened.all == ["note 7 external"])

    let byName = SignInGate(
      showing: "notes://login", protecting: { $0.route?.name == "settings" }, isSignedIn: { false })
    var builder = RouterBuilder()
    builder.use(byName)
    builder.add("notes://settings", name: "settings") { _ in "settings" }
    builder.add("notes://about", name: "about") { _ in "about" }
    builder.add("notes://login", name: "login") { _ in "login" }
    let router = try builder.build()
    #expect(try await router.open("notes://about").value(as: String.self) == "about")
    let gated = try await router.open("notes://settings")
    #expect(gated.parked?.gate == "signIn")
    #expect(gated.url == "notes://login?next=notes%3A%2F%2Fsettings")
  }

  @Test("when the sign-in screen cannot be shown, the link stays parked and opens on resume")
  func showingFails() async throws {
    let opened = Recorder()
    let session = MainActorSession()
    let holder = try GateFixture.router(session: session, opened: opened, loginFails: true)
    let inbox = LinkInbox(router: holder)
    inbox.setReady(true)
    await #expect(throws: RoutingError.self) { try await inbox.open("notes://note/9", origin: .notification) }
    #expect(inbox.parked(until: SignInGate.signIn).map(\.url) == ["notes://note/9"])

    await MainActor.run { session.isSignedIn = true }
    let events = holder.events()
    _ = await outcomes(events, count: 1) { inbox.resume(SignInGate.signIn) }
    #expect(opened.all == ["note 9 notification"])

    // Or the user gives up: the link is dropped with its reason, never silently.
    await MainActor.run { session.isSignedIn = false }
    await #expect(throws: RoutingError.self) { try await inbox.open("notes://note/10", origin: .notification) }
    let dropped = await outcomes(holder.events(), count: 1) { inbox.discard(SignInGate.signIn, reason: "closed") }
    #expect(dropped.map(\.phase) == [.dropped])
    #expect(dropped.first?.reason == "closed (parked until 'signIn')")
  }

  @Test("a middleware's redirect reaches an internal route from outside; a declared redirect does not")
  func redirectExposure() async throws {
    let opened = Recorder()
    let holder = try GateFixture.router(session: MainActorSession(), opened: opened) { builder in
      builder.group(
        "notes://promo",
        middleware: [ClosureMiddleware { request, _ in .redirect(to: "notes://welcome", from: request) }]
      ) { promo in
        promo.add("", exposure: .public) { _ in "promo" }
      }
      builder.add("notes://welcome") { request in "welcome \(request.origin.kind) \(request.isAppRedirect)" }
      builder.redirect("notes://old", to: "notes://welcome", exposure: .public)
    }
    let promo = try await holder.router.open("notes://promo", origin: .external())
    #expect(try promo.value(as: String.self) == "welcome external true")

    do {
      _ = try await holder.router.open("notes://old", origin: .external())
      Issue.record("a declared redirect reached an internal route from outside")
    } catch {
      #expect(error.code == .notFound)
    }
    let inside = try await holder.router.open("notes://old")
    #expect(try inside.value(as: String.self) == "welcome internal false")
  }
}
