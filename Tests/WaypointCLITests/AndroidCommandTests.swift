import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("waypoint android")
struct AndroidCommandTests {
  @Test("intent filters for the example app: one verified filter per https host, one per custom scheme")
  func intentFilters() throws {
    let output = try CLIRunner.run(["android", "intent-filters"])
    #expect(output.status == 0)
    #expect(output.stdout.contains(#"<intent-filter android:autoVerify="true">"#))
    #expect(output.stdout.contains(#"<data android:scheme="https" android:host="notes.example.com" />"#))
    #expect(
      output.stdout.contains(#"<data android:pathPattern="/n/..*" />"#), "web.note, its id one or more characters")
    #expect(output.stdout.contains(#"<data android:scheme="notes" />"#))
    #expect(output.lines.filter { $0 == "<intent-filter>" }.count == 1, "one filter for the custom scheme")
    // Well-formed XML once the android namespace is declared.
    let document =
      #"<filters xmlns:android="http://schemas.android.com/apk/res/android">"# + output.stdout + "</filters>"
    #expect(XMLParser(data: Data(document.utf8)).parse())
  }

  @Test("path patterns: literal dots escaped, parameters and rests as '.*', internal routes left out")
  func pathPatterns() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"routes": [
        {"name": "file", "pattern": "https://files.example.com/get/:name.pdf", "target": "F", "exposure": "public"},
        {"name": "docs", "pattern": "https://files.example.com/docs/*path", "target": "D", "exposure": "public"},
        {"name": "admin", "pattern": "https://files.example.com/admin", "target": "A"},
        {"name": "app", "pattern": "files://open/:id", "target": "O", "exposure": "public"}
      ]}
      """#)
    let output = try CLIRunner.run(["android", "intent-filters", "--manifest", manifest])
    #expect(output.status == 0)
    #expect(output.stdout.contains(#"android:pathPattern="/get/..*\\.pdf""#))
    #expect(output.stdout.contains(#"android:pathPattern="/docs/..*""#))
    #expect(!output.stdout.contains("/admin"), "an internal route is no link from outside")
    #expect(output.stdout.contains(#"<data android:scheme="files" />"#))
  }

  @Test("assetlinks.json: the app's package and fingerprints; a bad package or fingerprint exits 2")
  func assetLinks() throws {
    let fingerprint = Array(repeating: "ab", count: 32).joined(separator: ":")
    let output = try CLIRunner.run(["android", "assetlinks", "--package", "com.example.notes", "--sha256", fingerprint])
    #expect(output.status == 0)
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    let target = try #require(statements.first?["target"] as? [String: Any])
    #expect(statements.first?["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
    #expect(target["namespace"] as? String == "android_app")
    #expect(target["package_name"] as? String == "com.example.notes")
    #expect(target["sha256_cert_fingerprints"] as? [String] == [fingerprint.uppercased()])
    #expect(try CLIRunner.run(["android", "assetlinks", "--package", "notes", "--sha256", fingerprint]).status == 2)
    #expect(
      try CLIRunner.run(["android", "assetlinks", "--package", "com.example.notes", "--sha256", "AB:CD"]).status == 2)
  }

  @Test("with a links file: the short-link site's hosts get a filter for every path, assetlinks its dynamic rules")
  func shortLinkSite() throws {
    let links = try LinksCommandTests.linksFile(
      #"{"code": "n7", "url": "https://notes.example.com/n/7", "title": "N"}"#)
    let filters = try CLIRunner.run(["android", "intent-filters", "--links", links])
    #expect(filters.status == 0, "\(filters.stderr)")
    #expect(filters.stdout.contains(#"<data android:scheme="https" android:host="notes.example.com" />"#))
    #expect(filters.stdout.contains(#"<data android:pathPattern="/.*" />"#))
    let fingerprint = Array(repeating: "ab", count: 32).joined(separator: ":")
    let output = try CLIRunner.run([
      "android", "assetlinks", "--package", "com.example.notes", "--sha256", fingerprint, "--links", links,
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    let extensions = try #require(statements.first?["relation_extensions"] as? [String: Any])
    let rules = try #require(
      (extensions["delegate_permission/common.handle_all_urls"] as? [String: Any])?["dynamic_app_link_components"]
        as? [[String: Any]])
    #expect(rules.first?["#"] as? String == "web" && rules.first?["exclude"] as? Bool == true)
    #expect(rules.last?["/"] as? String == "/?*" && rules.last?["exclude"] == nil)
  }
}
