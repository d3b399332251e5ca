import Foundation
import Testing
import Waypoint
import WaypointExamples

@Suite("Writing a manifest")
struct ManifestWritingTests {
  /// `manifest` written and read back.
  private func roundTrip(_ manifest: RouteManifest) throws -> RouteManifest {
    try RouteManifest(data: try manifest.jsonData())
  }

  @Test("the bundled example manifest reads back to the same options, hosts and routes")
  func bundledExample() throws {
    let manifest = try RouteManifest(data: try ExampleManifest.data())
    let read = try roundTrip(manifest)
    #expect(read.routes == manifest.routes)
    #expect(read.options == manifest.options)
    #expect(read.hosts == manifest.hosts)
    #expect(read.version == manifest.version)
  }

  @Test("typed links' routes become a manifest the tool can draw, opening links as before")
  func typedLinks() throws {
    let manifest = RouteManifest(routes: ExampleLink.routeDefinitions)
    let read = try roundTrip(manifest)
    #expect(read.routes == ExampleLink.routeDefinitions)
    let (before, after) = (try manifest.makeRouter(), try read.makeRouter())
    for link in ["notes://note/42", "notes://folder/6F9619FF-8B86-D011-B42D-00C04FC964FF/page/2", "notes://n/7", "/x"] {
      #expect(after.resolve(link).route == before.resolve(link).route, "\(link)")
    }
  }

  @Test("every field a route can carry is written, and nothing the format defaults")
  func everyField() throws {
    var options = MatchingOptions()
    options.caseSensitive = false
    options.trailingSlash = .strict
    options.maxSegmentLength = 200
    var route = RouteDefinition(pattern: "app://post/<int:id>", name: "post")
    route.target = "Post"
    route.presentation = Presentation("present(formSheet)")
    route.exposure = .public
    route.priority = 3
    route.defaults = ["mode": "read"]
    route.under = ["Feed", UnderScreen("Blog", parameters: ["id"], defaults: ["tab": "posts"])]
    route.placement.tab = "home"
    route.placement.column = .secondary
    route.placement.presentsStack = true
    let plain = RouteDefinition(pattern: "app://old/:id", name: "old")
    var redirect = plain
    redirect.redirect = "app://post/:id"
    let manifest = RouteManifest(
      revision: 7, options: options, hosts: ["example.com", "*.example.org"], routes: [route, redirect])
    let read = try roundTrip(manifest)
    #expect(read.routes == manifest.routes)
    #expect(read.options == options)
    #expect(read.hosts == manifest.hosts)
    #expect(read.revision == 7)
    let text = String(decoding: try manifest.jsonData(), as: UTF8.self)
    #expect(!text.contains("\"priority\" : 0"))
    #expect(text.contains("\"presentsStack\" : true"))
  }
}
