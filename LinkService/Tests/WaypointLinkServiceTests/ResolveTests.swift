import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WaypointLinkService

/// `GET /v1/resolve/{code}`: what the app asks for a code its own table lacks.
@Suite("GET /v1/resolve/{code}")
struct ResolveTests {
  @Test("200 with the route and values, counted as an open in the app; 410 once removed; 404 for a code never made")
  func answers() async throws {
    try await withHarness { harness, client in
      let made = #"{"code": "Later", "route": "folder", "values": {"name": "work", "page": "2"}, "title": "L"}"#
      #expect(try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: made).status == .created)
      let found = try await client.get("/v1/resolve/later?platform=ios", agent: "Notes/1 CFNetwork/1.0 Darwin/24.0")
      #expect(found.status == .ok)
      #expect(found.headers[.cacheControl] == "no-store")
      #expect(found.json["url"] as? String == "https://notes.example.com/folder/work/page/2")
      #expect(found.json["route"] as? String == "folder" && found.json["code"] as? String == "Later")
      #expect(found.json["values"] as? [String: String] == ["name": "work", "page": "2"])
      _ = try await client.get("/v1/resolve/Later?platform=android", agent: nil)
      // A browser's click on the same link is counted apart.
      _ = try await client.get("/Later", agent: iPhone)
      let counts = try await client.admin("/v1/clicks?code=Later", key: harness.adminKey)
      let rows = try #require(counts.json["clicks"] as? [[String: Any]])
      let seen = Set(rows.map { "\($0["platform"] ?? "") \($0["kind"] ?? "") \($0["count"] ?? "")" })
      #expect(seen == ["ios person 1"], "\(seen)")
      // The app's opens through the service, apart from the web's clicks.
      let opens = try #require(counts.json["opens"] as? [[String: Any]])
      let opened = Set(opens.map { "\($0["platform"] ?? "") \($0["source"] ?? "") \($0["count"] ?? "")" })
      #expect(opened == ["ios resolve 1", "android resolve 1"], "\(opened)")

      #expect(
        try await client.admin("/v1/links/Later", method: .delete, key: harness.adminKey).status == .noContent)
      let gone = try await client.get("/v1/resolve/later", agent: nil)
      #expect(gone.status == .gone && (gone.json["error"] as? String)?.contains("removed") == true)
      for code in ["never", "a%2Fb", "..", "x" + String(repeating: "y", count: 80)] {
        let missing = try await client.get("/v1/resolve/\(code)", agent: nil)
        #expect(missing.status == .notFound, "\(code)")
        #expect(missing.headers[.location] == nil)
      }
      // No key needed, and none is read.
      #expect(try await client.get("/v1/resolve/welcome", agent: nil).status == .ok)
    }
  }
}
