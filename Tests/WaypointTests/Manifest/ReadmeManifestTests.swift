import Foundation
import Testing
import Waypoint

/// The manifest example of the DocC article "A tour of Waypoint", compiled and checked.
@Suite("Tour: manifest example")
struct ReadmeManifestTests {
  @Test("loading a manifest file and resolving an external link")
  func manifestExample() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).json").path
    try Data(
      """
      {
        "version": 1,
        "options": { "host": "auto", "caseSensitive": true, "trailingSlash": "ignore" },
        "routes": [
          { "name": "user.profile", "pattern": "myapp://user/<int:id>", "target": "UserProfile",
            "presentation": "push", "exposure": "public", "priority": 0, "defaults": { "tab": "posts" } },
          { "name": "legacy.profile", "pattern": "myapp://profile/:id", "redirect": "myapp://user/:id" }
        ]
      }
      """.utf8
    ).write(to: URL(fileURLWithPath: path))

    let router = try RouteManifest(contentsOf: path).makeRouter()
    let resolution = router.resolve("myapp://user/42", origin: .external())
    #expect(resolution.route?.target == "UserProfile")
    let parameters = resolution.request?.values(from: [.path, .default]) ?? []
    #expect(parameters.map(\.name) == ["id", "tab"])
    #expect(parameters.map(\.text) == ["42", "posts"])
  }
}
