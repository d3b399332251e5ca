import Testing
import Waypoint

@Suite("Exposure")
struct ExposureTests {
  func router() throws -> Router {
    var builder = RouterBuilder()
    builder.add("notes://admin/:action") { _ in "admin" }
    builder.add("notes://note/:id", exposure: .public) { _ in "note" }
    builder.add("notes://note/:id/edit") { _ in "edit" }
    return try builder.build()
  }

  @Test("an internal route is unreachable from outside and answers exactly like an unknown URL")
  func indistinguishable() async throws {
    let router = try router()
    for origin in [Origin.external(), .universalLink, .notification, .external(sourceApplication: "com.evil")] {
      let hidden = await #expect(throws: RoutingError.self) {
        _ = try await router.open("notes://admin/wipe", origin: origin)
      }
      let unknown = await #expect(throws: RoutingError.self) {
        _ = try await router.open("notes://admni/wipe", origin: origin)
      }
      #expect(hidden?.code == .notFound)
      #expect(unknown?.code == .notFound)
      #expect(hidden?.message == "no route matches 'notes://admin/wipe'")
      #expect(unknown?.message == "no route matches 'notes://admni/wipe'")
      #expect(!router.canOpen("notes://admin/wipe", origin: origin))
    }
    #expect(try await router.open("notes://admin/wipe").value(as: String.self) == "admin")
  }

  @Test("from outside, the best public route answers even when an internal one ranks higher")
  func publicFallsThrough() async throws {
    let router = try router()
    #expect(try await router.open("notes://note/1").value(as: String.self) == "note")
    let edit = await #expect(throws: RoutingError.self) {
      _ = try await router.open("notes://note/1/edit", origin: .external())
    }
    #expect(edit?.code == .notFound)
  }

  @Test("a redirect keeps the origin, so an external link cannot reach an internal route through one")
  func redirectKeepsOrigin() async throws {
    var builder = RouterBuilder()
    builder.redirect("notes://go/:id", to: "notes://secret/:id", exposure: .public)
    builder.add("notes://secret/:id") { _ in "secret" }
    let router = try builder.build()
    #expect(try await router.open("notes://go/1").value(as: String.self) == "secret")
    #expect(
      await #expect(throws: RoutingError.self) { _ = try await router.open("notes://go/1", origin: .external()) }?.code
        == .notFound)
  }
}

@Suite("Callback URLs")
struct CallbackTests {
  func router(_ recorder: Recorder, customKeys: [String] = []) throws -> Router {
    var builder = RouterBuilder()
    builder.callbacks = CallbackPolicy(
      allowing: ["partner", "https://partner.example.com"], customSuccessKeys: customKeys)
    builder.callbackOpener = RecordingOpener(recorder: recorder)
    builder.add("/share/:id", exposure: .public) { request in
      recorder.record("handler \(request["id"] ?? "")")
      return ["shared": request["id"] ?? "", "by": "notes"]
    }
    builder.add("/fail", exposure: .public) { _ in throw RoutingError.rejected("no access") }
    builder.add("/cancel", exposure: .public) { _ in throw RoutingError.cancelled() }
    return try builder.build()
  }

  @Test("x-success is called with the result as query items")
  func success() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    _ = try await router.open(
      "/share/7?x-success=partner://done%3Fa%3D1%23f&x-error=partner://error", origin: .external())
    #expect(recorder.all == ["handler 7", "partner://done?a=1&by=notes&shared=7#f"])
  }

  @Test("x-error gets errorCode and errorMessage; x-cancel is called on cancellation")
  func errorAndCancel() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    await #expect(throws: RoutingError.self) {
      _ = try await router.open("/fail?x-error=partner://error&x-success=partner://ok")
    }
    await #expect(throws: RoutingError.self) {
      _ = try await router.open("/cancel?x-cancel=https://partner.example.com/cancelled&x-error=partner://error")
    }
    #expect(
      recorder.all == [
        "partner://error?errorCode=rejected&errorMessage=no%20access", "https://partner.example.com/cancelled",
      ])
  }

  @Test("an attacker's callback is refused with callbackNotAllowed before the handler runs")
  func attacker() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    for url in [
      "/share/7?x-success=https://evil.example", "/share/7?x-error=https://evil.example/steal",
      "/share/7?x-success=https://partner.example.com.evil.example/", "/share/7?x-cancel=javascript:alert(1)",
      "/share/7?x-success=//evil.example",
      // Not hidden behind a character that joins the '&' before it into one Character.
      "/share/7?x=1\u{600}&x-success=https://evil.example",
    ] {
      let error = await #expect(throws: RoutingError.self) { _ = try await router.open(url, origin: .external()) }
      #expect(error?.code == .callbackNotAllowed, "\(url)")
    }
    #expect(recorder.all.isEmpty, "no handler ran and nothing was opened")
    #expect(!router.canOpen("/share/7?x-success=https://evil.example"))
  }

  @Test("a configurable key serves as the success callback")
  func customKey() async throws {
    let recorder = Recorder()
    let router = try router(recorder, customKeys: ["callback"])
    _ = try await router.open("/share/1?callback=partner://back")
    #expect(recorder.all.last == "partner://back?by=notes&shared=1")
    #expect(
      await #expect(throws: RoutingError.self) { _ = try await router.open("/share/1?callback=https://evil.example") }?
        .code == .callbackNotAllowed)
  }

  @Test("several custom keys: each serves, the first the link has wins, x-success before all of them")
  func customKeys() async throws {
    let recorder = Recorder()
    let router = try router(recorder, customKeys: ["callback", "callbackUrl"])
    _ = try await router.open("/share/1?callbackUrl=partner://camel")
    #expect(recorder.all.last == "partner://camel?by=notes&shared=1")
    _ = try await router.open("/share/2?callbackUrl=partner://second&callback=partner://first")
    #expect(recorder.all.last == "partner://first?by=notes&shared=2")
    _ = try await router.open("/share/3?callback=partner://custom&x-success=partner://standard")
    #expect(recorder.all.last == "partner://standard?by=notes&shared=3")
    // A key the policy does not list is an ordinary query item.
    _ = try await router.open("/share/4?returnTo=partner://unlisted")
    #expect(recorder.all.last == "handler 4")
    #expect(
      await #expect(throws: RoutingError.self) {
        _ = try await router.open("/share/5?callbackUrl=https://evil.example")
      }?
      .code == .callbackNotAllowed)
  }

  @Test("the allow-list matches a scheme, or a scheme and host exactly")
  func allowList() {
    let policy = CallbackPolicy(allowing: ["partner", "https://partner.example.com"])
    #expect(policy.allows("partner://anything/at/all"))
    #expect(policy.allows("PARTNER://x"))
    #expect(policy.allows("https://partner.example.com/done"))
    #expect(policy.allows("https://PARTNER.example.com:443/done"))
    #expect(!policy.allows("https://evil.example/partner.example.com"))
    #expect(!policy.allows("https://user@evil.example"))
    #expect(!policy.allows("http://partner.example.com/"))
    #expect(!policy.allows("/relative"))
    #expect(!CallbackPolicy().allows("partner://x"), "nothing is allowed by default")
  }
}
