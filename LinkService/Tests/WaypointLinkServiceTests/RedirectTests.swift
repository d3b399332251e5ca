import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Waypoint
import WaypointLinkService
import WaypointLinkSite

@Suite("GET /{code}: by platform, previewers, the site's files, click counts")
struct RedirectTests {
  @Test("an iPhone gets the page with a token; Android goes to Google Play with it; a desktop to the web page")
  func byPlatform() async throws {
    try await withHarness { harness, client in
      let phone = try await client.get("/welcome", agent: iPhone)
      #expect(phone.status == .ok)
      #expect(phone.headers[.cacheControl] == "no-store")
      #expect(phone.text.contains("app-argument=https://notes.example.com/n/42"))
      let token = try #require(copied(from: phone.text))
      #expect(token.hasPrefix("https://notes.example.com/welcome?use=deferred&kid="))
      #expect(token.contains("&nonce=") && token.contains("&sig="))

      let droid = try await client.get("/WELCOME", agent: android)
      #expect(droid.status == .found)
      let location = try #require(droid.headers[.location])
      #expect(
        location.hasPrefix(
          "https://play.google.com/store/apps/details?id=com.example.notes&referrer=waypoint_token%3Dhttps%3A%2F%2Fnotes.example.com%2Fwelcome%3Fuse%3Ddeferred%26kid%3D"
        ))

      let mac = try await client.get("/welcome", agent: desktop)
      #expect(mac.status == .found)
      #expect(mac.headers[.location] == "https://www.notes.example.com/n/42")
      #expect(mac.headers[.cacheControl] == "no-store")
      // The desktop's redirect is made once per link; every code's spelling gets it.
      let shouted = try await client.get("/WELCOME", agent: desktop)
      #expect(shouted.headers[.location] == "https://www.notes.example.com/n/42")
      // Each answer says it depends on the agent, so no shared cache gives one to another.
      for answer in [phone, droid, mac, shouted] { #expect(answer.headers[.vary] == "User-Agent") }
    }
  }

  @Test("without a web origin a desktop gets the page; previewers and robots get it without a token")
  func pages() async throws {
    try await withHarness(web: false) { harness, client in
      let mac = try await client.get("/welcome", agent: desktop)
      #expect(mac.status == .ok)
      for agent in [messages, "curl/8.5.0", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", nil] {
        let fetched = try await client.get("/welcome", agent: agent)
        #expect(fetched.status == .ok)
        #expect(copied(from: fetched.text) == "https://notes.example.com/n/42")
        #expect(fetched.text.contains("og:title"))
        #expect(fetched.headers[.cacheControl] == "public, max-age=300")
      }
    }
  }

  @Test("an unknown code, another path or a hostile code is 404; no request makes a redirect elsewhere")
  func unknown() async throws {
    try await withHarness { harness, client in
      for path in ["/nope", "/welcome/more", "/%2e%2e/welcome", "/welcome%00", "/", "/n/42"] {
        let response = try await client.get(path, agent: android)
        #expect(response.status == .notFound, "\(path)")
        #expect(response.headers[.location] == nil)
      }
    }
  }

  @Test("the association file, assetlinks, robots and the QR code are served")
  func siteFiles() async throws {
    try await withHarness { harness, client in
      let association = try await client.get("/.well-known/apple-app-site-association", agent: nil)
      #expect(association.status == .ok)
      #expect(association.headers[.contentType] == "application/json")
      #expect(association.text.contains("ABCDE12345.com.example.notes"))
      #expect(association.text.contains("\"/n/?*\""))
      // The internal route is named only to be excluded: the code namespace would take it.
      #expect(
        !association.text.contains("evil.example")
          && association.text.contains("\"admin (internal)\", \"exclude\": true"))
      let assetLinks = try await client.get("/.well-known/assetlinks.json", agent: nil)
      #expect(assetLinks.text.contains("\"package_name\" : \"com.example.notes\""))
      #expect(try await client.get("/.well-known/other", agent: nil).status == .notFound)
      #expect(try await client.get("/robots.txt", agent: nil).text.contains("User-agent: *"))
      let code = try await client.get("/welcome/qr.svg", agent: nil)
      #expect(code.headers[.contentType] == "image/svg+xml")
      #expect(code.text == (try QRCode("https://notes.example.com/welcome").svg))
    }
  }

  @Test("clicks are counted by day, link, route, platform and kind, and nothing else is stored")
  func clicks() async throws {
    let tags = #"{"code": "tags", "route": "tag", "values": {"tag": "swift"}, "title": "Swift"}"#
    try await withHarness(links: welcome + ", " + tags) { harness, client in
      for agent in [iPhone, iPhone, android, desktop, messages, "curl/8"] {
        _ = try await client.get("/welcome", agent: agent)
      }
      _ = try await client.get("/tags", agent: iPhone)
      _ = try await client.get("/missing", agent: iPhone)
      await harness.service.writeClicks()
      let counts = try await harness.store.clicks(code: nil)
      let day = "2027-01-15"
      #expect(
        Set(counts) == [
          ClickCount(day: day, code: "tags", route: "tag", platform: "ios", kind: "person", count: 1),
          ClickCount(day: day, code: "welcome", route: "note", platform: "ios", kind: "person", count: 2),
          ClickCount(day: day, code: "welcome", route: "note", platform: "android", kind: "person", count: 1),
          ClickCount(day: day, code: "welcome", route: "note", platform: "desktop", kind: "person", count: 1),
          ClickCount(day: day, code: "welcome", route: "note", platform: "desktop", kind: "previewer", count: 1),
          ClickCount(day: day, code: "welcome", route: "note", platform: "desktop", kind: "bot", count: 1),
        ])
      // The file holds the counts' six columns: no address, agent or time of a click.
      let columns = try await columns(of: "clicks", in: harness.store.path)
      #expect(columns == ["day", "code", "route", "platform", "kind", "count"])
    }
  }

  @Test("a User-Agent names the platform and who asks")
  func visitors() {
    #expect(Visitor(userAgent: iPhone) == Visitor(platform: .ios, kind: .person))
    #expect(Visitor(userAgent: android) == Visitor(platform: .android, kind: .person))
    #expect(Visitor(userAgent: desktop) == Visitor(platform: .desktop, kind: .person))
    #expect(Visitor(userAgent: messages) == Visitor(platform: .desktop, kind: .previewer))
    #expect(Visitor(userAgent: "WhatsApp/2.23.20.0 A") == Visitor(platform: .desktop, kind: .previewer))
    #expect(
      Visitor(userAgent: "Mozilla/5.0 (Linux; Android 6.0.1) Googlebot/2.1") == Visitor(platform: .android, kind: .bot))
    #expect(Visitor(userAgent: "python-requests/2.31") == Visitor(platform: .desktop, kind: .bot))
    #expect(Visitor(userAgent: nil) == Visitor(platform: .desktop, kind: .bot))
  }
}
