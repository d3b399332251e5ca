import Foundation
import TestSupport
import Testing
import Waypoint

@testable import WaypointLinkSite

/// What a link site's association file claims, decided by a matcher of Apple's rules that reads
/// only the file's JSON.
@Suite("The site claims its short links")
struct CodeClaimTests {
  static let manifest = """
    {"routes": [
      {"name": "event", "pattern": "https://go.example/event/:id", "target": "Event", "exposure": "public"},
      {"name": "about", "pattern": "https://go.example/about", "target": "About", "exposure": "public"},
      {"name": "admin", "pattern": "https://go.example/admin", "target": "Admin"},
      {"name": "elsewhere", "pattern": "https://www.example.com/x/:id", "target": "X", "exposure": "public"}
    ]}
    """

  /// A links file of `count` links (codes `c0` … and a few spellings), claiming as `claim` says.
  static func file(count: Int = 30, claim: String? = nil, alternate: Bool = true) throws -> LinkSiteFile {
    var links: [String] = []
    for index in 0..<count {
      let code = index % 3 == 0 ? "Summit-\(index)" : "c\(index)_x"
      links.append(
        #"{"code": "\#(code)", "route": "event", "values": {"id": "e\#(index)"}, "title": "Event \#(index)"}"#)
    }
    let json = """
      {"site": "https://go.example", \(alternate ? #""alternate": "https://open.go.example","# : "")
       \(claim.map { #""claim": "\#($0)","# } ?? "")
       "apple": {"appIDs": ["ABCDE12345.com.example.events"]},
       "android": {"package": "com.example.events", "sha256": ["\(Array(repeating: "AB", count: 32).joined(separator: ":"))"]},
       "links": [\(links.joined(separator: ",\n"))]}
      """
    return try LinkSiteFile.read(Data(json.utf8), name: "links.json")
  }

  static func site(_ file: LinkSiteFile) throws -> LinkSite {
    let manifest = try RouteManifest(json: Self.manifest)
    return try LinkSite(file: file, router: try manifest.makeRouter(), manifest: manifest, sign: { $0 })
  }

  static func matchers(_ site: LinkSite) throws -> (apple: AppleLinkMatcher, android: AppleLinkMatcher) {
    let apple = try #require(site.files[".well-known/apple-app-site-association"])
    let android = try #require(site.files[".well-known/assetlinks.json"])
    return (try AppleLinkMatcher(json: Data(apple.utf8)), try AppleLinkMatcher(assetLinks: Data(android.utf8)))
  }

  /// What must hold of a file whichever way it claims: every live code on either host, in any
  /// case, with or without a final slash, a query or another fragment; none of the site's own
  /// paths, no `#web` form, no path that is no code and no route; every public route of the host.
  static func checkClaims(_ matcher: AppleLinkMatcher, codes: [String], ignoresCase: Bool = true) {
    for code in codes {
      for host in ["go.example", "open.go.example"] {
        var spellings = ["/\(code)", "/\(code)/", "/\(code)?utm_source=mail", "/\(code)#top"]
        if ignoresCase { spellings += ["/\(code.uppercased())", "/\(code.lowercased())/"] }
        for spelling in spellings {
          #expect(matcher.opensApp("https://\(host)\(spelling)"), "\(spelling) on \(host) is not claimed")
        }
        for path in ["/\(code)/qr.svg", "/\(code)#web", "/\(code)/#web", "/\(code)?a=1#web"] {
          #expect(!matcher.opensApp("https://\(host)\(path)"), "\(path) is claimed")
        }
      }
    }
    let never = [
      "/v1/links", "/v1/links/\(codes[0])", "/v1/clicks", "/.well-known/apple-app-site-association",
      "/.well-known/assetlinks.json", "/robots.txt", "/", "/a/b", "/\(codes[0])/extra", "/nothing/here", "/admin",
      "/favicon.ico", "/%E2%9C%93", "/-x", "/_x", "/a~b", "/" + String(repeating: "a", count: 70),
      "/about#web", "/event/7#web",
    ]
    for path in never {
      #expect(!matcher.opensApp("https://go.example\(path)"), "\(path) is claimed")
    }
    for path in ["/about", "/about/", "/event/7", "/event/7/", "/event/x?y=1"] {
      #expect(matcher.opensApp("https://go.example\(path)"), "the public route's \(path) is not claimed")
    }
  }

  @Test("the code namespace: every code, every public route, nothing of the site's own, no path that is no code")
  func namespace() throws {
    let file = try Self.file()
    let site = try Self.site(file)
    let (apple, android) = try Self.matchers(site)
    Self.checkClaims(apple, codes: file.links.map(\.code))
    Self.checkClaims(android, codes: file.links.map(\.code))
    // A code made after the build is claimed too: the app resolves it.
    #expect(apple.opensApp("https://go.example/made-later"))
    #expect(apple.opensApp("https://go.example/" + String(repeating: "z", count: 64) + "/"))
    let json = try #require(site.files[".well-known/apple-app-site-association"])
    #expect(json.contains("\"caseSensitive\": false"))
    // The internal route reachable through the namespace is excluded by name.
    #expect(json.contains("admin (internal)"))
  }

  @Test("the exact codes: each live code and no other, under 128 KiB; a file past 100 KiB is refused")
  func exactCodes() throws {
    let file = try Self.file(claim: "codes")
    let site = try Self.site(file)
    let (apple, android) = try Self.matchers(site)
    Self.checkClaims(apple, codes: file.links.map(\.code))
    // Android compares case-sensitively: the codes as the file spells them.
    Self.checkClaims(android, codes: file.links.map(\.code), ignoresCase: false)
    #expect(!apple.opensApp("https://go.example/made-later"))
    let manifest = try RouteManifest(json: Self.manifest)
    let big = try Self.file(count: 800, claim: "codes")
    let bigFile = try #require(
      try LinkSite.wellKnown(file: big, manifest: manifest, codes: big.links.map(\.code))
        .files[".well-known/apple-app-site-association"])
    #expect(bigFile.utf8.count <= AppSiteAssociation.exactLimit && bigFile.utf8.count < 128 * 1_024)
    let sample = big.links.enumerated().filter { $0.offset % 97 == 0 }.map(\.element.code)
    Self.checkClaims(try AppleLinkMatcher(json: Data(bigFile.utf8)), codes: sample)
    let tooMany = try Self.file(count: 2_000, claim: "codes")
    do {
      _ = try LinkSite.wellKnown(file: tooMany, manifest: manifest, codes: tooMany.links.map(\.code))
      Issue.record("an exact file over the limit was written")
    } catch {
      #expect(error.message.contains("over 100 KiB"), "\(error.message)")
    }
  }

  @Test("Android's dynamic rules say what the association file says, and keep both fingerprints")
  func androidRules() throws {
    let site = try Self.site(try Self.file())
    let (apple, android) = try Self.matchers(site)
    #expect(apple.components.map(\.path) == android.components.map(\.path))
    #expect(apple.components.map(\.fragment) == android.components.map(\.fragment))
    #expect(apple.components.map(\.exclude) == android.components.map(\.exclude))
    let text = try #require(site.files[".well-known/assetlinks.json"])
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    let target = try #require(statements.first?["target"] as? [String: Any])
    #expect((target["sha256_cert_fingerprints"] as? [String])?.count == 1)
    let two = AssetLinks.json(package: "com.example.events", fingerprints: ["AA", "BB"], components: [])
    #expect(!two.contains("relation_extensions") && two.contains("\"AA\",\n        \"BB\""))
  }

  @Test("the preview page's Open in the app points at the alternate host; without one, at the app link")
  func alternateHost() throws {
    let site = try Self.site(try Self.file())
    let page = try #require(site.files["Summit-0/index.html"])
    #expect(page.contains(#"<a class="open" href="https://open.go.example/Summit-0">Open in the app</a>"#))
    let plain = try Self.site(try Self.file(alternate: false))
    let plainPage = try #require(plain.files["Summit-0/index.html"])
    #expect(plainPage.contains(#"href="https://go.example/event/e0">Open in the app"#))
    #expect(throws: LinkSiteError.self) {
      _ = try LinkSiteFile.read(
        Data(
          #"{"site": "https://go.example", "alternate": "https://GO.example", "links": [{"code": "a", "url": "https://go.example/about", "title": "A"}]}"#
            .utf8), name: "l")
    }
  }

  @Test("a public route under a path the site keeps for itself is warned of")
  func reservedRouteWarned() throws {
    let manifest = try RouteManifest(
      json: """
        {"routes": [{"name": "api", "pattern": "https://go.example/v1/:x", "target": "A", "exposure": "public"},
                    {"name": "event", "pattern": "https://go.example/event/:id", "target": "E", "exposure": "public"}]}
        """)
    let file = try LinkSiteFile.read(
      Data(
        #"{"site": "https://go.example", "apple": {"appIDs": ["ABCDE12345.com.example.a"]}, "links": [{"code": "a", "route": "event", "values": {"id": "1"}, "title": "A"}]}"#
          .utf8), name: "links.json")
    let site = try LinkSite(file: file, router: try manifest.makeRouter(), manifest: manifest, sign: { $0 })
    #expect(site.warnings.contains { $0.contains("route 'api' (/v1/?*) is under /v1/*") }, "\(site.warnings)")
  }
}
