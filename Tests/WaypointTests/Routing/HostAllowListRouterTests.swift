import Foundation
import Testing
import Waypoint

/// A router and a manifest with a host allow-list: links from other hosts are unknown to the
/// routes that name no host, through `open`, `resolve` and `canOpen` alike.
@Suite("Host allow-lists in routers and manifests")
struct HostAllowListRouterTests {
  @Test("the builder's hosts refuse other hosts' links like unknown URLs")
  func builder() async throws {
    var builder = RouterBuilder()
    builder.hosts = ["www.kickstarter.com", "*.kickstarter.com"]
    builder.add("/projects/:id", exposure: .public) { request in request["id"] ?? "" }
    builder.fallback = ClosureHandler { _ in "fallback" }
    let router = try builder.build()
    let url = "https://staging.kickstarter.com/projects/7"
    #expect(try await router.open(url, origin: .external()).value(as: String.self) == "7")
    #expect(router.canOpen(url, origin: .external()))
    #expect(!router.canOpen("https://evil.net/projects/7", origin: .external()))
    #expect(router.resolve("https://evil.net/projects/7").usesFallback, "as for any unknown URL")
    builder.fallback = nil
    let error = await #expect(throws: RoutingError.self) {
      _ = try await builder.build().open("https://evil.net/projects/7")
    }
    #expect(error?.code == .notFound)
  }

  @Test("a bad entry is a build error naming it")
  func invalid() {
    var builder = RouterBuilder()
    builder.hosts = ["www.example.com", "https://example.com"]
    builder.add("/a") { _ in 1 }
    let error = #expect(throws: BuildError.self) { try builder.build() }
    #expect(error?.errors.map { $0.code.rawValue } == ["invalidHost"])
    #expect(error?.errors.first?.message.contains("'https://example.com'") == true)
  }

  @Test("a manifest's options.hosts allows its hosts while it is added; replacing it drops them")
  func manifest() throws {
    let manifest = try RouteManifest(
      json: #"""
        {"options": {"hosts": ["www.example.com", "*.example.com"]},
         "routes": [{"pattern": "/p/:id", "target": "P", "exposure": "public"}]}
        """#)
    #expect(manifest.hosts == ["www.example.com", "*.example.com"])
    var builder = RouterBuilder()
    builder.add(manifest)
    builder.register(target: "P") { _ in "p" }
    let router = try builder.build()
    #expect(router.canOpen("https://a.example.com/p/1"))
    #expect(!router.canOpen("https://example.net/p/1"))
    let open = try builder.replacingManifests(with: [RouteManifest(routes: manifest.routes)]).build()
    #expect(open.canOpen("https://example.net/p/1"), "the new manifest allows every host")
    #expect(try manifest.makeTable().match("https://example.net/p/1") == nil)
  }

  @Test("a manifest's bad hosts are errors naming options.hosts; lint warns about an unlisted route host")
  func manifestErrors() throws {
    for (hosts, expected) in [
      (#"["ok.com", "bad host"]"#, "'options.hosts': the host 'bad host'"),
      (#""www.example.com""#, "must be an array of hosts"), (#"[1]"#, "must be an array of hosts"),
    ] {
      let error = #expect(throws: BuildError.self) {
        try RouteManifest(json: #"{"options": {"hosts": \#(hosts)}, "routes": []}"#)
      }
      #expect(error?.errors.first?.message.contains(expected) == true, "\(error?.errors.first?.message ?? "")")
    }
    let unknown = #expect(throws: BuildError.self) {
      try RouteManifest(json: #"{"options": {"host5": []}, "routes": []}"#)
    }
    #expect(unknown?.errors.first?.message.contains("hosts") == true)
    let warned = RouteManifest.diagnose(
      data: Data(
        #"""
        {"options": {"hosts": ["www.example.com"]},
         "routes": [{"pattern": "https://shop.example.com/x", "target": "X"}]}
        """#.utf8))
    #expect(warned.map(\.code) == ["unlistedHost"])
  }
}
