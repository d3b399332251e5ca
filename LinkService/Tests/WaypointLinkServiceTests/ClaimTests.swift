import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing
import Waypoint
import WaypointLinkService
import WaypointLinkSite

/// What the running service's association file claims, decided by a matcher of Apple's rules
/// that reads only the served JSON.
@Suite("The service claims its short links")
struct ClaimTests {
  /// Ten links and the served files' matchers.
  static let links = (0..<10).map {
    #"{"code": "Code-\#($0)", "route": "note", "values": {"id": "\#($0)"}, "title": "N"}"#
  }
  .joined(separator: ",")

  static func matchers(_ client: any TestClientProtocol) async throws -> (AppleLinkMatcher, AppleLinkMatcher) {
    let apple = try await client.get("/.well-known/apple-app-site-association", agent: nil)
    let android = try await client.get("/.well-known/assetlinks.json", agent: nil)
    return (
      try AppleLinkMatcher(json: Data(apple.body.readableBytesView)),
      try AppleLinkMatcher(assetLinks: Data(android.body.readableBytesView))
    )
  }

  /// Every live code on both hosts, in any case and with a final slash; none of the service's own
  /// paths; every public route.
  static func check(_ matcher: AppleLinkMatcher, live: [String], removed: [String], ignoresCase: Bool) {
    for code in live {
      for host in ["notes.example.com", "open.notes.example.com"] {
        var spellings = ["/\(code)", "/\(code)/"]
        if ignoresCase { spellings += ["/\(code.uppercased())", "/\(code.lowercased())"] }
        for spelling in spellings {
          #expect(matcher.opensApp("https://\(host)\(spelling)"), "\(spelling) on \(host)")
        }
      }
      for path in ["/\(code)/qr.svg", "/\(code)#web", "/v1/links/\(code)"] {
        #expect(!matcher.opensApp("https://notes.example.com\(path)"), "\(path)")
      }
    }
    for path in [
      "/v1/links", "/v1/clicks", "/.well-known/apple-app-site-association", "/robots.txt", "/a/b", "/admin/3",
    ] {
      #expect(!matcher.opensApp("https://notes.example.com\(path)"), "\(path)")
    }
    for path in ["/n/42", "/pricing", "/files/a/b", "/tag/x", "/u/me"] {
      #expect(matcher.opensApp("https://notes.example.com\(path)"), "the route's \(path)")
    }
    for code in removed { #expect(!matcher.opensApp("https://notes.example.com/\(code)"), "removed \(code)") }
  }

  @Test("the code namespace: every code, and one made after the start, every public route, none of the service's paths")
  func namespace() async throws {
    try await withHarness(links: Self.links, top: #" "alternate": "https://open.notes.example.com","#) {
      harness, client in
      let (apple, android) = try await Self.matchers(client)
      let codes = (0..<10).map { "Code-\($0)" }
      Self.check(apple, live: codes, removed: [], ignoresCase: true)
      Self.check(android, live: codes, removed: [], ignoresCase: true)
      #expect(apple.opensApp("https://notes.example.com/made-later"))
      let page = try await client.get("/Code-1", agent: iPhone)
      #expect(page.text.contains(#"href="https://open.notes.example.com/Code-1">Open in the app"#))
    }
  }

  @Test("the exact codes: each live code, one made since, none removed; Android's rules say the same")
  func exactCodes() async throws {
    try await withHarness(
      links: Self.links, top: #" "alternate": "https://open.notes.example.com", "claim": "codes","#
    ) { harness, client in
      let made = #"{"code": "Later", "route": "note", "values": {"id": "77"}, "title": "Later"}"#
      #expect(try await client.admin("/v1/links", method: .post, key: harness.adminKey, body: made).status == .created)
      #expect(
        try await client.admin("/v1/links/Code-3", method: .delete, key: harness.adminKey).status == .noContent)
      let (apple, android) = try await Self.matchers(client)
      let live = (0..<10).filter { $0 != 3 }.map { "Code-\($0)" } + ["Later"]
      Self.check(apple, live: live, removed: ["Code-3", "made-later"], ignoresCase: true)
      Self.check(android, live: live, removed: ["Code-3", "made-later"], ignoresCase: false)
      let file = try await client.get("/.well-known/apple-app-site-association", agent: nil)
      #expect(file.body.readableBytes < 128 * 1_024)
    }
  }
}
