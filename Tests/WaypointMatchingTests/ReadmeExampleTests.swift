import Testing
import WaypointMatching

/// The "Matching a URL" example of the DocC article "A tour of Waypoint", compiled and checked.
@Suite("Tour: matching example")
struct ReadmeExampleTests {
  @Test("matching a URL, backtracking and printing a URL")
  func matchingExample() throws {
    var builder = RouteTableBuilder<String>()
    builder.add("myapp://user/<int:id>(/edit)", name: "user", payload: "UserProfile")
    builder.add("/files/*path", name: "files", payload: "FileBrowser")
    builder.add("/:provider", payload: "OAuth")
    builder.add("/google/callback", payload: "OAuthCallback")
    let table = try builder.build()

    let match = try table.match("myapp://user/42/edit?tab=posts")
    #expect(match?.payload == "UserProfile")
    #expect(match?.parameters["id"] == "42")
    #expect(match?.url.queryItems == [QueryItem(name: "tab", value: "posts")])

    #expect(try table.match("/google")?.payload == "OAuth")
    #expect(try table.url(for: "files", parameters: ["path": ["docs", "a b.txt"]]) == "/files/docs/a%20b.txt")
  }
}
