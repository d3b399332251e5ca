import Foundation
import Testing
import Waypoint

/// Redirects made from the link itself, as WordPress's links need them.
///
/// Its app-banner links re-route to the path in their fragment, and its `mbar` marketing links to
/// the URL in their `redirect_to` query item, nested once more inside a `wp-login.php` link. Each
/// expected URL is the one WordPress's own route code
/// builds from the same link (`AppBannerRoute`, `MbarRoute`).
@Suite("Redirects from the link's query and fragment")
struct RedirectFromLinkTests {
  static let manifest = """
    {"routes": [
      {"name": "banner", "pattern": "https://apps.wordpress.com/get", "redirect": "https://wordpress.com/{fragment}",
       "exposure": "public"},
      {"name": "mbar", "pattern": "https://wordpress.com/mbar", "redirect": "{query:redirect_to}", "exposure": "public"},
      {"name": "login", "pattern": "https://wordpress.com/wp-login.php", "redirect": "{query:redirect_to}",
       "exposure": "public"},
      {"name": "post", "pattern": "https://wordpress.com/post(/:site)", "target": "Post", "exposure": "public"},
      {"name": "settings", "pattern": "https://wordpress.com/me/account", "target": "Account"}
    ]}
    """

  private func router() throws -> Router {
    var builder = RouterBuilder()
    builder.register(target: "Post") { request in request["site"] ?? "-" }
    builder.register(target: "Account") { _ in "account" }
    builder.add(try RouteManifest(json: Self.manifest))
    return try builder.build()
  }

  @Test(
    "an app-banner link opens the path in its fragment, keeping its campaign",
    arguments: [
      (
        "https://apps.wordpress.com/get?campaign=qr-code-media#post/discover.wordpress.com",
        "https://wordpress.com/post/discover.wordpress.com?campaign=qr-code-media", "discover.wordpress.com"
      ),
      ("https://apps.wordpress.com/get#post", "https://wordpress.com/post", "-"),
      // The fragment splits on the byte '/', even before a combining mark.
      ("https://apps.wordpress.com/get#post/%CC%81b", "https://wordpress.com/post/%CC%81b", "\u{301}b"),
    ])
  func banner(link: String, redirected: String, site: String) async throws {
    let router = try router()
    #expect(router.resolve(link, origin: .external()).redirect == redirected)
    let result = try await router.open(link, origin: .external())
    #expect(result.url == redirected, "the URL WordPress's AppBannerRoute builds")
    #expect(try result.value(as: String.self) == site)
  }

  @Test("an mbar link opens the URL in its redirect_to, decoded once, also through wp-login.php")
  func mbar() async throws {
    let router = try router()
    let direct = "https://wordpress.com/mbar/?redirect_to=https%3A%2F%2Fwordpress.com%2Fpost%2Fsomesite.wordpress.com"
    let opened = try await router.open(direct, origin: .external())
    #expect(opened.url == "https://wordpress.com/post/somesite.wordpress.com")
    #expect(try opened.value(as: String.self) == "somesite.wordpress.com")
    let throughLogin =
      "https://wordpress.com/mbar/?redirect_to=https%3A%2F%2Fwordpress.com%2Fwp-login.php%3Fredirect_to%3D"
      + "https%253A%252F%252Fwordpress.com%252Fpost%252Fsomesite.wordpress.com%26login_reason%3Dsite_launch"
    #expect(
      router.resolve(throughLogin).redirect
        == "https://wordpress.com/wp-login.php?redirect_to=https%3A%2F%2Fwordpress.com%2Fpost%2Fsomesite.wordpress.com"
        + "&login_reason=site_launch",
      "one hop decodes once")
    let nested = try await router.open(throughLogin, origin: .external())
    #expect(
      nested.url == "https://wordpress.com/post/somesite.wordpress.com", "the URL WordPress's MbarRoute follows to")
  }

  @Test("a redirected link keeps its origin: an external link reaches public routes only")
  func keepsOrigin() async throws {
    let router = try router()
    let link = "https://wordpress.com/mbar/?redirect_to=https%3A%2F%2Fwordpress.com%2Fme%2Faccount"
    let refused = await #expect(throws: RoutingError.self) { try await router.open(link, origin: .external()) }
    #expect(refused?.code == .notFound, "the internal route is out of an external link's reach, as if opened directly")
    #expect(try await router.open(link).value(as: String.self) == "account", "the app's own link reaches it")
    let elsewhere = "https://wordpress.com/mbar/?redirect_to=https%3A%2F%2Fevil.example%2Fpost%2Fx"
    let unknown = await #expect(throws: RoutingError.self) { try await router.open(elsewhere, origin: .external()) }
    #expect(unknown?.code == .notFound, "a URL to another host reaches only what the table has")
  }

  @Test("links nested deeper than the router's redirect limit fail with redirectLoop")
  func nestedTooDeep() async throws {
    let router = try router()
    var link = "https://wordpress.com/post/deep"
    for _ in 0...RouterBuilder().maxRedirects {
      link = "https://wordpress.com/mbar?redirect_to=" + link.addingPercentEncodingForQuery()
    }
    let error = await #expect(throws: RoutingError.self) { try await router.open(link) }
    #expect(error?.code == .redirectLoop)
  }

  @Test("a query item fills one segment, encoded; a missing one cannot be filled")
  func queryItemSegment() async throws {
    let template = try RouteManifest(
      json: #"{"routes": [{"pattern": "wordpress://r", "redirect": "wordpress://feed/{query:feed}"}]}"#)
    var builder = RouterBuilder()
    builder.register(target: "Feed") { request in request["id"] ?? "-" }
    builder.add(template)
    builder.add(try RouteManifest(json: #"{"routes": [{"pattern": "wordpress://feed/:id", "target": "Feed"}]}"#))
    let feeds = try builder.build()
    #expect(feeds.resolve("wordpress://r?feed=a%2Fb").redirect == "wordpress://feed/a%2Fb?feed=a%2Fb")
    #expect(try await feeds.open("wordpress://r?feed=7").value(as: String.self) == "7")
    let missing = await #expect(throws: RoutingError.self) { try await feeds.open("wordpress://r") }
    #expect(missing?.code == .invalidRedirect)
  }
}

extension String {
  /// The string as one query value: every byte but unreserved ones percent-encoded.
  fileprivate func addingPercentEncodingForQuery() -> String {
    var encoded = ""
    for byte in utf8 {
      let unreserved =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
      encoded += unreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }
    return encoded
  }
}
