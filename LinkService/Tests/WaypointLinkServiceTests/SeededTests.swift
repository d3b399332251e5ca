import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Waypoint
import WaypointLinkService
import WaypointLinkSite

/// A seeded generator, so every run draws the same links and probes.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite("Seeded: 500 links answer as the router resolves them; 10,000 hostile requests redirect nowhere else")
struct SeededTests {
  /// A text value with the characters links get wrong: spaces, unicode, reserved and percent signs.
  static func text(_ random: inout SplitMix) -> String {
    let pieces = ["a", "Zoë", "b c", "50%", "x+y", "🙂", "q?r", "é", "under_score", "dot.", "#h", "&", "~t"]
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }.joined()
  }

  /// 500 links to the manifest's public routes, with drawn values.
  static func links() -> [String] {
    var random = SplitMix(state: 61)
    return (0..<500).map { index in
      let (route, values): (String, String) =
        switch index % 6 {
        case 0: ("note", #"{"id": "\#(Int.random(in: 0...9_999_999, using: &random))"}"#)
        case 1: ("folder", #"{"name": \#(quoted(text(&random)))}"#)
        case 2:
          ("folder", #"{"name": \#(quoted(text(&random))), "page": "\#(Int.random(in: 1...99, using: &random))"}"#)
        case 3: ("file", #"{"path": [\#(quoted(text(&random))), \#(quoted(text(&random)))]}"#)
        case 4: ("tag", #"{"tag": \#(quoted(text(&random)))}"#)
        default: ("user", #"{"handle": \#(quoted(text(&random)))}"#)
        }
      return #"{"code": "s\#(index)", "route": "\#(route)", "values": \#(values), "title": "Link \#(index)"}"#
    }
  }

  static func quoted(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
  }

  @Test("each of 500 seeded links is redeemed for the route and values the router resolves its URL to")
  func fiveHundred() async throws {
    let links = Self.links()
    let site = try siteFile(links: links.joined(separator: ", "))
    let router = try RouteManifest(data: Data(serviceManifest.utf8)).makeRouter()
    try await withHarness(links: links.joined(separator: ", ")) { _, client in
      for link in site.links {
        let url = try router.url(for: link.route!, parameters: (link.values ?? [:]).mapValues(\.value))
        let resolution = router.resolve(url, origin: .external())
        let request = try #require(resolution.request, "\(url)")
        var expected: [String: String] = [:]
        for value in request.values(from: [.path, .query, .default]) { expected[value.name] = value.text }
        let token = try #require(copied(from: try await client.get("/\(link.code)", agent: iPhone).text))
        let redeemed = try await client.redeem(token)
        #expect(redeemed.status == .ok)
        #expect(redeemed.json["url"] as? String == url)
        #expect(redeemed.json["route"] as? String == resolution.route?.name)
        #expect(redeemed.json["values"] as? [String: String] == expected, "\(link.code) \(url)")
      }
    }
  }

  /// A hostile request: a drawn path, agent and Host header.
  static func probe(_ random: inout SplitMix) -> (path: String, agent: String, host: String) {
    // The served code is drawn often, so many probes reach the redirect with their extras.
    let codes =
      Array(repeating: "welcome", count: 8) + [
        "WELCOME", "welcome/", "welcome/qr.svg", "%77elcome", "welcome%2F..", "", "..", "%00",
        "welcome?next=https://evil.example", "welcome#https://evil.example", "//evil.example", "/\\evil.example",
        "welcome%0d%0aLocation:%20https://evil.example", "https:%2F%2Fevil.example", "welcome;https://evil.example",
        String(repeating: "a", count: 70), "wélcome", "welcome\u{200B}", ".well-known/../welcome", "v1/links",
      ]
    let extras = [
      "", "?url=https://evil.example", "?redirect=//evil.example", "/..", "%2F%2Fevil.example", "@evil.example",
    ]
    let agents = [iPhone, android, desktop, messages, "curl/8", "", "Mozilla/5.0 (Android) evil.example"]
    let hosts = [
      "notes.example.com", "evil.example", "play.google.com.evil.example", "localhost", "", "a@evil.example",
    ]
    let path =
      "/" + codes[Int.random(in: 0..<codes.count, using: &random)]
      + extras[Int.random(in: 0..<extras.count, using: &random)]
    return (
      path, agents[Int.random(in: 0..<agents.count, using: &random)],
      hosts[Int.random(in: 0..<hosts.count, using: &random)]
    )
  }

  @Test(
    "10,000 drawn codes, paths, encodings, agents and Host headers: every redirect is to Google Play or the web origin")
  func fuzzedRedirects() async throws {
    var random = SplitMix(state: 10_000)
    let probes = (0..<10_000).map { _ in Self.probe(&random) }
    try await withHarness { _, client in
      var redirects = 0
      var offList: [String] = []
      for probe in probes {
        var headers = HTTPFields()
        headers[.userAgent] = probe.agent
        if !probe.host.isEmpty { headers[HTTPField.Name("Host")!] = probe.host }
        guard let uri = probe.path.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["%"])) else {
          continue
        }
        let response = try await client.execute(
          uri: uri, method: .get, headers: headers, body: nil)
        guard let location = response.headers[.location] else { continue }
        redirects += 1
        let host = URL(string: location)?.host
        if !location.hasPrefix("https://") || !["play.google.com", "www.notes.example.com"].contains(host) {
          offList.append("\(probe.path) → \(location)")
        }
      }
      #expect(offList.isEmpty, "\(offList.prefix(5))")
      #expect(redirects > 500, "the probes reached the redirects: \(redirects)")
    }
  }
}
