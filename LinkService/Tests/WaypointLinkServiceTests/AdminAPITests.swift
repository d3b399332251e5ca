import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WaypointLinkService

@Suite("The admin API: its key, its rate limit, links made and removed, counts, its OpenAPI document")
struct AdminAPITests {
  @Test("without the key, or with a wrong one, every admin route is refused")
  func key() async throws {
    // Wrong keys have a rate limit of their own: a burst that holds every guess here.
    try await withHarness(burst: 100) { harness, client in
      let routes: [(String, HTTPRequest.Method)] = [
        ("/v1/links", .get), ("/v1/links", .post), ("/v1/links/welcome", .get), ("/v1/links/welcome", .put),
        ("/v1/links/welcome", .delete), ("/v1/clicks", .get), ("/v1/feed/key", .get),
      ]
      for (uri, method) in routes {
        for key in [nil, "wrong", harness.adminKey + "x", String(harness.adminKey.dropLast())] {
          let response = try await client.admin(uri, method: method, key: key, body: welcome)
          #expect(response.status == .unauthorized, "\(method) \(uri) with \(key ?? "no key")")
        }
      }
      #expect(try await client.get("/welcome", agent: iPhone).status == .ok)
      // The routes open to all ask for no key.
      #expect(try await client.get("/v1/resolve/welcome", agent: nil).status == .ok)
      #expect(try await client.get("/v1/feed", agent: nil).status == .ok)
      #expect(try await client.get("/v1/openapi.json", agent: nil).status == .ok)
      #expect(try await client.admin("/v1/opens", method: .post, key: nil, body: #"{"opens": []}"#).status == .ok)
    }
  }

  @Test("every refusal is one JSON shape: bodies past each route's limit, malformed bodies, no route")
  func refusalShape() async throws {
    try await withHarness { harness, client in
      let limits: [(String, String?, Int, String)] = [
        ("/v1/deferred/redeem", nil, 5_000, "4 KiB"), ("/v1/links", harness.adminKey, 70_000, "64 KiB"),
        ("/v1/opens", nil, 300_000, "256 KiB"),
      ]
      for (uri, key, size, limit) in limits {
        let body = #"{"token": ""# + String(repeating: "a", count: size) + #""}"#
        let answer = try await client.admin(uri, method: .post, key: key, body: body)
        #expect(answer.status == .contentTooLarge, "\(uri)")
        #expect(answer.json["error"] as? String == "the body is \(limit) at most", "\(uri)")
        #expect(answer.headers[.contentType] == "application/json" && answer.headers[.cacheControl] == "no-store")
      }
      for (uri, key) in [("/v1/deferred/redeem", nil), ("/v1/links", harness.adminKey), ("/v1/opens", nil)] {
        let answer = try await client.admin(uri, method: .post, key: key, body: "{not json")
        #expect(answer.status == .badRequest && answer.json["error"] is String, "\(uri)")
      }
      // No route: the plain 404 of a missing code, not cached.
      for uri in ["/a/b", "/v1/nothing", "/welcome/qr.svg/more"] {
        let answer = try await client.get(uri, agent: desktop)
        #expect(
          answer.status == .notFound && answer.text == "Not found\n" && answer.headers[.cacheControl] == "no-store")
      }
    }
  }

  @Test("a link is made, served, listed, counted and removed")
  func lifecycle() async throws {
    try await withHarness { harness, client in
      let body = #"{"code": "Files", "route": "file", "values": {"path": ["a", "b c"]}, "title": "Files"}"#
      let made = try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: body)
      #expect(made.status == .created, "\(made.text)")
      #expect(made.json["url"] as? String == "https://notes.example.com/files/a/b%20c")
      let again = #"{"code": "FILES", "url": "https://notes.example.com/n/1", "title": "x"}"#
      #expect(
        try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: again).status == .conflict)
      #expect(
        try await client.get("/files", agent: desktop).headers[.location]
          == "https://www.notes.example.com/files/a/b%20c")
      let listed = try await client.admin("/v1/links", key: harness.adminKey)
      #expect((listed.json["links"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["Files", "welcome"])
      let counted = try await client.admin("/v1/clicks?code=Files", key: harness.adminKey)
      let clicks = counted.json["clicks"] as? [[String: Any]] ?? []
      #expect(
        clicks.count == 1 && clicks.first?["count"] as? Int == 1 && clicks.first?["platform"] as? String == "desktop")
      #expect(try await client.admin("/v1/links/files", method: .delete, key: harness.adminKey).status == .noContent)
      #expect(try await client.get("/files", agent: desktop).status == .notFound)
      #expect(try await client.admin("/v1/links/files", key: harness.adminKey).status == .notFound)
      #expect(try await client.admin("/v1/links/files", method: .delete, key: harness.adminKey).status == .notFound)
    }
  }

  @Test("a restart writes only what the links file changed: a removed link stays removed for good, an edit applies")
  func restart() async throws {
    let tags = #"{"code": "tags", "route": "tag", "values": {"tag": "work"}, "title": "Tags"}"#
    let first = try await Harness(links: welcome + ", " + tags)
    let database = first.store.path
    try await first.test { client in
      let removed = try await client.admin("/v1/links/welcome", method: .delete, key: first.adminKey)
      #expect(removed.status == .noContent)
    }
    try await first.close()
    let second = try await Harness(links: welcome + ", " + tags, database: database)
    try await second.test { client in
      let answer = try await client.get("/welcome", agent: desktop)
      #expect(answer.status == .notFound)
    }
    try await second.close()
    // The file edits both: the removed code stays removed (a printed code never comes back), the
    // other link's new title applies.
    let edited = #"{"code": "welcome", "route": "note", "values": {"id": "42"}, "title": "Welcome back"}"#
    let retitled = #"{"code": "tags", "route": "tag", "values": {"tag": "work"}, "title": "Work notes"}"#
    let third = try await Harness(links: edited + ", " + retitled, database: database)
    try await third.test { client in
      #expect(try await client.get("/welcome", agent: messages).status == .notFound)
      let page = try await client.get("/tags", agent: messages)
      #expect(page.status == .ok && page.text.contains("Work notes") && page.text.contains("/tag/work"))
    }
    try await third.close()
  }

  @Test("a link that opens no public route on the site's host, or is not a link, is refused with why")
  func refusals() async throws {
    try await withHarness { harness, client in
      let cases: [(String, HTTPResponse.Status, String)] = [
        (#"{"code": "a", "route": "admin", "values": {"id": "1"}, "title": "x"}"#, .unprocessableContent, "public"),
        (
          #"{"code": "b", "url": "https://evil.example/n/1", "title": "x"}"#, .unprocessableContent, "notes.example.com"
        ),
        (#"{"code": "c", "route": "note", "values": {"id": "x"}, "title": "x"}"#, .unprocessableContent, "id"),
        (#"{"code": "d", "url": "javascript:alert(1)", "title": "x"}"#, .unprocessableContent, "no public route"),
        (#"{"code": "../e", "route": "note", "values": {"id": "1"}, "title": "x"}"#, .badRequest, "code"),
        (#"{"code": "f", "route": "note", "url": "https://notes.example.com/n/1", "title": "x"}"#, .badRequest, "one"),
        (#"{"code": "g", "route": "note", "values": {"id": "1"}, "title": ""}"#, .badRequest, "title"),
        (
          #"{"code": "h", "route": "note", "values": {"id": "1"}, "title": "x", "image": "http://a/b.png"}"#,
          .badRequest, "image"
        ),
        (#"not json"#, .badRequest, "not a link"),
        (
          #"{"code": "i", "url": "https://notes.example.com/n/1", "title": "x", "expires": "2027-01-01"}"#,
          .badRequest, "a link has no field 'expires'"
        ),
        (
          #"{"code": "pricing", "url": "https://notes.example.com/n/1", "title": "x"}"#, .unprocessableContent,
          "opens itself"
        ),
      ]
      for (body, status, words) in cases {
        let response = try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: body)
        #expect(response.status == status, "\(body): \(response.text)")
        #expect((response.json["error"] as? String)?.contains(words) == true, "\(body): \(response.text)")
      }
      let huge =
        #"{"code": "big", "url": "https://notes.example.com/n/1", "title": ""# + String(repeating: "x", count: 70_000)
        + #""}"#
      #expect(
        try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: huge).status == .contentTooLarge
      )
    }
  }

  @Test("writes and wrong keys each have a rate limit: past its burst, 429 with Retry-After; guesses spend no write")
  func rateLimit() async throws {
    // The limits run on the service's clock, which only the test moves: no second passes unless
    // it says so, however slow the machine.
    try await withHarness { harness, client in
      // 20 wrong keys at once, then one a second: the 21st is turned away until a second passes.
      for _ in 0..<20 { #expect(try await client.admin("/v1/links", key: "guess").status == .unauthorized) }
      let wrong = try await client.admin("/v1/links", key: "guess")
      #expect(wrong.status == .tooManyRequests)
      #expect(wrong.headers[.retryAfter] == "1")
      harness.clock.advance(1)
      #expect(try await client.admin("/v1/links", key: "guess").status == .unauthorized)
      #expect(try await client.admin("/v1/links", key: "guess").status == .tooManyRequests)
      // The guesses spent none of the writes: 20 at once, then one a second.
      var statuses: [HTTPResponse.Status] = []
      for index in 0..<25 {
        let body = #"{"code": "n\#(index)", "route": "note", "values": {"id": "\#(index)"}, "title": "x"}"#
        statuses.append(try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: body).status)
      }
      #expect(statuses.prefix(20).allSatisfy { $0 == .created })
      #expect(statuses.suffix(5).allSatisfy { $0 == .tooManyRequests })
      harness.clock.advance(2)
      let later = #"{"code": "later", "route": "note", "values": {"id": "7"}, "title": "x"}"#
      #expect(try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: later).status == .created)
      // Reads with the key are not limited.
      #expect(try await client.admin("/v1/links", key: harness.adminKey).status == .ok)
    }
  }

  @Test("the OpenAPI document names exactly the routes the API answers")
  func document() async throws {
    try await withHarness { harness, client in
      let document = try await client.get("/v1/openapi.json", agent: nil)
      let paths = try #require(document.json["paths"] as? [String: [String: Any]])
      var documented: Set<String> = []
      for (path, item) in paths {
        for method in item.keys where method != "parameters" { documented.insert("\(method.uppercased()) \(path)") }
      }
      #expect(
        documented == [
          "GET /v1/links", "POST /v1/links", "GET /v1/links/{code}", "PUT /v1/links/{code}", "DELETE /v1/links/{code}",
          "GET /v1/clicks", "POST /v1/deferred/redeem", "GET /v1/resolve/{code}", "POST /v1/opens", "GET /v1/feed",
          "GET /v1/feed/key", "GET /v1/openapi.json",
        ])
      // Each documented route is answered by the API (a 404 of its own says why in JSON), in
      // the document's order with the removal last.
      for route in documented.sorted(by: { ($0.hasPrefix("DELETE") ? 1 : 0, $0) < ($1.hasPrefix("DELETE") ? 1 : 0, $1) }
      ) {
        let parts = route.split(separator: " ")
        let uri = parts[1].replacingOccurrences(of: "{code}", with: "welcome")
        let response = try await client.admin(
          uri, method: HTTPRequest.Method(rawValue: String(parts[0]))!, key: harness.adminKey, body: "{}")
        #expect(
          response.status != .methodNotAllowed && response.json["error"] != nil || response.status.code < 300,
          "\(route)")
      }
    }
  }
}
