import Foundation
import Testing

/// `waypoint graph --format html`, the page read as text.
///
/// Its behaviour in a browser — pasted links answered as `waypoint resolve` answers them, pan,
/// zoom and find — is checked by `Scripts/check-map-page.sh` in headless Chromium, which
/// `.ci/run` calls.
@Suite("The map page")
struct MapPageTests {
  /// The page's data block, parsed.
  private static func data(of page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: "<script type=\"application/json\" id=\"waypoint-data\">"))
    let end = try #require(page[start.upperBound...].range(of: "</script>"))
    let object = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
    return try #require(object as? [String: Any])
  }

  @Test("the example app's page holds every route, the compiled table and its own scripts, and asks for nothing")
  func selfContained() throws {
    let output = try CLIRunner.run(["graph", "--format", "html"])
    #expect(output.status == 0)
    let page = output.stdout
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(page.contains("default-src 'none'"))
    for reference in ["src=", "<link", "href=", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
      #expect(!page.contains(reference), "the page refers to \(reference)")
    }
    let data = try Self.data(of: page)
    let routes = try #require(data["routes"] as? [[String: Any]])
    let table = try #require(data["table"] as? [String: Any])
    let terminals = try #require(table["terminals"] as? [[String: Any]])
    #expect(routes.count == 21)
    // Every route ends somewhere in the trie, and each terminal names a route.
    let ended = Set(terminals.compactMap { $0["route"] as? Int })
    #expect(ended == Set(0..<21))
    let nodes = try #require(table["nodes"] as? [[String: Any]])
    let literals = nodes.reduce(0) { $0 + (($1["literals"] as? [Any])?.count ?? 0) }
    #expect(literals >= 15, "the literal edges were found again: \(literals)")
    #expect((data["examples"] as? [String])?.contains("notes://note/42") == true)
  }

  @Test("a hostile manifest's names, patterns and title stay text: nothing closes the data block")
  func hostileText() throws {
    let hostile = "</script><script>alert(1)</script><!--"
    let manifest = """
      {"version": 1, "routes": [
        {"name": "\(hostile.replacing("\"", with: "\\\""))", "pattern": "x://a/:id", "target": "<b>T</b>", "presentation": "push"},
        {"name": "b&c", "pattern": "x://b/<int:id>", "target": "S", "presentation": "sheet", "defaults": {"k": "</script>"}}
      ]}
      """
    let path = try CLIRunner.temporaryFile(manifest)
    let output = try CLIRunner.run(["graph", "--manifest", path, "--format", "html"])
    #expect(output.status == 0)
    // The three scripts are the page's own; the data holds the names escaped.
    #expect(output.stdout.components(separatedBy: "</script>").count == 4)
    #expect(!output.stdout.contains("<script>alert"))
    let data = try Self.data(of: output.stdout)
    let routes = try #require(data["routes"] as? [[String: Any]])
    #expect(routes.first?["name"] as? String == hostile)
    #expect(routes.last?["defaults"] as? [String: String] == ["k": "</script>"])
  }

  @Test("a manifest that does not build gives no page and exit 2")
  func brokenManifest() throws {
    let path = try CLIRunner.temporaryFile(#"{"version": 1, "routes": [{"pattern": "x://a/(unclosed"}]}"#)
    let output = try CLIRunner.run(["graph", "--manifest", path, "--format", "html"])
    #expect(output.status == 2)
    #expect(output.stdout.isEmpty)
  }
}
