import Foundation
import Testing
import Waypoint
import WaypointExamples

/// `Generated/ExampleLink.swift` is `waypoint generate`'s output for the example manifest (a CLI
/// test keeps it so); here it compiles, and its values round-trip.
@Suite("Generated typed links")
struct GeneratedLinkTests {
  static let folder = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

  static let samples: [ExampleLink] = [
    .home, .noteShow(id: 42), .noteEdit(id: -1), .noteExport(id: "a b"), .noteSlug(slug: "hello-world"),
    .legacyNote(id: 7), .userLogin(phone: "0123"), .folder(folder: folder, page: nil),
    .folder(folder: folder, page: 3), .tag(tag: "x"), .search(query: nil), .search(query: "a/b"),
    .files(path: ["a", "b c"]), .attachment(file: ["x.pdf"]), .legal, .settings(section: nil),
    .settings(section: "privacy"), .settingsFlag(flag: "dark", enabled: true), .chart(scale: 2.5),
    .authProvider(provider: "google-oauth"), .webNote(id: 9), .promo(campaign: "spring"),
  ]

  @Test("every sample prints a URL that reads back as the sample, through the manifest's table")
  func roundTrip() throws {
    for link in Self.samples {
      let url = try link.url
      #expect(try ExampleLink(parsing: url) == link, "\(link) → \(url)")
    }
    #expect(try ExampleLink.noteShow(id: 42).url == "notes://note/42")
    #expect(
      try ExampleLink.folder(folder: Self.folder, page: 3).url == "notes://folder/\(Self.folder.uuidString)/page/3")
  }

  @Test("the example manifest's router opens what the generated type prints")
  func manifestRouter() throws {
    let router = try RouteManifest(data: ExampleManifest.data()).makeRouter()
    for link in Self.samples {
      let resolution = router.resolve(try link.url)
      #expect(resolution.route?.name == link.routeValues.name, "\(link)")
    }
  }

  @Test("a user login that the pattern's constraint refuses is not a link, and does not print")
  func constraint() {
    #expect(ExampleLink(url: "notes://user/login/abc") != ExampleLink.userLogin(phone: "abc"))
    #expect(throws: RoutingError.self) { try ExampleLink.userLogin(phone: "abc").url }
  }
}
