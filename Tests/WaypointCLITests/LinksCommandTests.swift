import Foundation
import Testing

@Suite("waypoint links build")
struct LinksCommandTests {
  /// A links file for the example app's manifest, with `links` as its links.
  static func linksFile(_ links: String, site: String = "https://notes.example.com") throws -> String {
    try CLIRunner.temporaryFile(
      """
      {"site": "\(site)",
       "apple": {"appIDs": ["ABCDE12345.com.example.notes"], "appStoreID": "1234567890"},
       "android": {"package": "com.example.notes",
                   "sha256": ["\(Array(repeating: "AB", count: 32).joined(separator: ":"))"]},
       "links": [\(links)]}
      """)
  }

  /// A new folder path that does not exist yet.
  static func newFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-site-\(UUID().uuidString)").path
  }

  static func read(_ folder: String, _ path: String) throws -> String {
    try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
  }

  @Test("links compile: the app's table of short links, each checked as the site checks it, with the file's digest")
  func compile() throws {
    let links = try Self.linksFile(
      #"""
      {"code": "welcome", "route": "web.note", "values": {"id": "42"}, "title": "Welcome"},
      {"code": "N7", "url": "https://notes.example.com/n/7", "title": "Note 7"}
      """#)
    let table = try CLIRunner.run(["links", "compile", "--links", links])
    #expect(table.status == 0, "\(table.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(table.stdout.utf8)) as? [String: Any])
    #expect(json["format"] as? Int == 1 && json["hosts"] as? [String] == ["notes.example.com"])
    #expect((json["digest"] as? String)?.hasPrefix("sha256:") == true)
    let entries = try #require(json["links"] as? [[String: Any]])
    #expect(entries.map { $0["code"] as? String } == ["N7", "welcome"])
    #expect(
      entries[1]["url"] as? String == "https://notes.example.com/n/42" && entries[1]["route"] as? String == "web.note")
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString).json").path
    let written = try CLIRunner.run(["links", "compile", "--links", links, "--output", output])
    #expect(written.status == 0 && written.stdout.contains("wrote 2 short links"), "\(written.stderr)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == table.stdout)
    let broken = try CLIRunner.run([
      "links", "compile", "--links", try Self.linksFile(#"{"code": "x", "route": "nope", "title": "X"}"#),
    ])
    #expect(broken.status != 0 && broken.stderr.contains("x: "), "\(broken.stderr)")
  }

  @Test("the example app's site: a preview page and a QR code per link, the association files, robots.txt")
  func builds() throws {
    let links = try Self.linksFile(
      #"""
      {"code": "welcome", "route": "web.note", "values": {"id": "42"}, "title": "Welcome",
       "description": "The first note.", "image": "https://notes.example.com/welcome.png"},
      {"code": "n7", "url": "https://notes.example.com/n/7", "title": "Note 7"}
      """#)
    let folder = Self.newFolder()
    let output = try CLIRunner.run(["links", "build", "--links", links, "--output", folder])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("wrote 2 links"))
    let page = try Self.read(folder, "welcome/index.html")
    #expect(page.contains("<meta property=\"og:title\" content=\"Welcome\">"))
    #expect(page.contains("app-argument=https://notes.example.com/n/42"))
    #expect(page.contains("<meta property=\"og:url\" content=\"https://notes.example.com/welcome\">"))
    #expect(try Self.read(folder, "n7/index.html").contains("href=\"https://notes.example.com/n/7\""))
    #expect(try Self.read(folder, "welcome/qr.svg").hasPrefix("<svg"))
    let association = try Self.read(folder, ".well-known/apple-app-site-association")
    #expect(association.contains("ABCDE12345.com.example.notes") && association.contains("/n/?*"))
    #expect(try Self.read(folder, ".well-known/assetlinks.json").contains("\"package_name\" : \"com.example.notes\""))
    #expect(try Self.read(folder, "robots.txt").contains("User-agent: *"))
  }

  @Test("links to internal routes, other hosts or no route are refused, each named, and nothing is written")
  func refusesBadLinks() throws {
    let links = try Self.linksFile(
      #"""
      {"code": "ok", "route": "web.note", "values": {"id": "1"}, "title": "Fine"},
      {"code": "scheme", "route": "note.show", "values": {"id": "1"}, "title": "Custom scheme"},
      {"code": "other", "url": "https://evil.example/n/1", "title": "Another host"},
      {"code": "userinfo", "url": "https://notes.example.com@evil.example/n/1", "title": "Another host after a user"},
      {"code": "none", "url": "https://notes.example.com/nowhere", "title": "No route"},
      {"code": "internal", "url": "notes://note/1/edit", "title": "Internal"},
      {"code": "unknown", "route": "no.such.route", "title": "Unknown route"}
      """#)
    let folder = Self.newFolder()
    let output = try CLIRunner.run(["links", "build", "--links", links, "--output", folder])
    #expect(output.status == 2)
    for code in ["scheme", "other", "userinfo", "none", "internal", "unknown"] {
      #expect(output.stderr.contains("  \(code): "), "\(code)")
    }
    #expect(!output.stderr.contains("  ok: "))
    #expect(!FileManager.default.fileExists(atPath: folder), "nothing written")
  }

  @Test("hostile files: bad codes, twice the same code, a bad site or image, a full folder are usage errors")
  func hostileFiles() throws {
    let cases: [(links: String, site: String, message: String)] = [
      (
        #"{"code": "../etc", "url": "https://notes.example.com/n/1", "title": "x"}"#, "https://notes.example.com",
        "is not 1 to 64"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}, "#
          + #"{"code": "A", "url": "https://notes.example.com/n/2", "title": "y"}"#,
        "https://notes.example.com", "there twice"
      ),
      (#"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}"#, "javascript:alert(1)", "https origin"),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}"#, "https://me@notes.example.com",
        "https origin"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}"#, "https://notes.example.com/path",
        "https origin"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x", "image": "javascript:x"}"#,
        "https://notes.example.com", "not an https URL"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "route": "web.note", "title": "x"}"#,
        "https://notes.example.com", "one of them"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "title": ""}"#, "https://notes.example.com",
        "needs a title"
      ),
      (
        #"{"code": "a", "url": "https://notes.example.com/n/1", "values": {"id": "1"}, "title": "x"}"#,
        "https://notes.example.com", "values beside its url"
      ),
    ]
    for (links, site, message) in cases {
      let output = try CLIRunner.run([
        "links", "build", "--links", try Self.linksFile(links, site: site), "--output", Self.newFolder(),
      ])
      #expect(output.status == 2, "\(links)")
      #expect(output.stderr.contains(message), "\(output.stderr)")
    }
    let full = Self.newFolder()
    try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: full + "/keep.txt"))
    let links = try Self.linksFile(#"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}"#)
    let output = try CLIRunner.run(["links", "build", "--links", links, "--output", full])
    #expect(output.status == 2 && output.stderr.contains("not an empty folder"))
    #expect(try Self.read(full, "keep.txt") == "keep")
  }

  @Test("with a key, the Continue button copies the link signed, which waypoint verify accepts")
  func signedCopy() throws {
    let keys = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-keys-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
    let made = try CLIRunner.run([
      "keygen", "--key-id", "site-1", "--private", keys + "/links.key", "--public", keys + "/links.pub",
    ])
    #expect(made.status == 0)
    let links = try Self.linksFile(#"{"code": "a", "url": "https://notes.example.com/n/1", "title": "x"}"#)
    let folder = Self.newFolder()
    let output = try CLIRunner.run([
      "links", "build", "--links", links, "--output", folder, "--private", keys + "/links.key", "--key-id", "site-1",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let page = try Self.read(folder, "a/index.html")
    let copied = try #require(page.firstMatch(of: /data-copy="([^"]*)"/)).output.1
    let link = String(copied).replacingOccurrences(of: "&amp;", with: "&")
    #expect(link.hasPrefix("https://notes.example.com/n/1?") && link.contains("kid=site-1"))
    let verified = try CLIRunner.run(["verify", "--public", keys + "/links.pub", link])
    #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
  }

  @Test("links check: exit 0 when a change breaks no live link, 1 with a line per broken link, 2 for a bad file")
  func check() throws {
    let links = try Self.linksFile(
      #"""
      {"code": "welcome", "route": "web.note", "values": {"id": "42"}, "title": "Welcome"}
      """#)
    let published = CLIRunner.repository.appendingPathComponent("Examples/routes.json").path
    let same = try CLIRunner.run(["links", "check", "--links", links, "--manifest", published, "--baseline", published])
    #expect(same.status == 0)
    #expect(same.lines.last == "links check: 1 links, none broken against \(published)")
    let text = try String(contentsOfFile: published, encoding: .utf8)
    let changed = text.replacingOccurrences(
      of:
        #""https://notes.example.com/n/<int:id>", "target": "NoteEditor", "presentation": "push", "exposure": "public""#,
      with: #""https://notes.example.com/n/<int:id>", "target": "NoteEditor", "presentation": "push""#)
    #expect(changed != text, "web.note made internal")
    let madeInternal = try CLIRunner.temporaryFile(changed)
    let broken = try CLIRunner.run([
      "links", "check", "--links", links, "--manifest", madeInternal, "--baseline", published,
    ])
    #expect(broken.status == 1)
    #expect(broken.lines.first?.hasPrefix("welcome: 'https://notes.example.com/n/42' opens no public route") == true)
    #expect(broken.lines.last == "links check: 1 of 1 links broken against \(published)")
    let bad = try CLIRunner.run([
      "links", "check", "--links", try CLIRunner.temporaryFile("[]"), "--manifest", published,
    ])
    #expect(bad.status == 2)
  }

  @Test(
    "import-fdl: a links file that links build takes; rows that open no public https route on the site listed, exit 1")
  func importFirebase() throws {
    let export = try CLIRunner.temporaryFile(
      """
      Short Link,Long Link
      https://notes.page.link/autumn,https://notes.page.link/?link=https%3A%2F%2Fnotes.example.com%2Fn%2F42&st=Autumn&isi=1234567890&utm_source=mail
      https://notes.page.link/admin,https://notes.page.link/?link=https://notes.example.com/n/admin
      https://notes.page.link/edit,https://notes.page.link/?link=notes://note/1/edit

      """)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString).json").path
    let imported = try CLIRunner.run([
      "links", "import-fdl", "--site", "https://notes.example.com", export, "--output", output,
    ])
    #expect(imported.status == 1)
    #expect(imported.stderr.contains("row 2 (autumn): not carried: isi: the links file's apple.appStoreID; utm_source"))
    #expect(imported.stderr.contains("row 3: 'https://notes.example.com/n/admin' opens no public route"))
    // The example's public catch-all (notes://*) takes it, but it is no https link on the site.
    #expect(imported.stderr.contains("row 4: 'notes://note/1/edit' is not an https link on https://notes.example.com"))
    #expect(imported.stderr.contains("imported 1 of 3 rows; 2 listed above"))
    let site = Self.newFolder()
    let built = try CLIRunner.run(["links", "build", "--links", output, "--output", site])
    #expect(built.status == 0, "\(built.stderr)")
    let page = try Self.read(site, "autumn/index.html")
    #expect(page.contains("<title>Autumn</title>") && page.contains("app-id=1234567890"))
    let again = try CLIRunner.run([
      "links", "import-fdl", "--site", "https://notes.example.com", export, "--output", output,
    ])
    #expect(again.status == 2 && again.stderr.contains("exists"), "never overwrites")
  }

  @Test(
    "import-fdl: the guide's column labels; an archived row, a claimed code and a collision listed; the file builds")
  func importFirebaseColumns() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"routes": [
        {"name": "note", "pattern": "https://notes.example.com/n/<int:id>", "target": "Note", "exposure": "public"},
        {"name": "about", "pattern": "https://notes.example.com/about", "target": "About", "exposure": "public"}
      ]}
      """#)
    let export = try CLIRunner.temporaryFile(
      """
      Short Dynamic Link,Deep link (link),Social title (st),App Store ID (isi),Other platform fallback link (ofl),Status,Clicks
      https://notes.page.link/autumn,https://notes.example.com/n/42,Autumn,1234567890,https://example.com,Active,12
      https://notes.page.link/gone,https://notes.example.com/n/1,Gone,,,Archived,3
      https://notes.page.link/about,https://notes.example.com/n/2,About us,,,,0
      https://notes.page.link/Autumn,https://notes.example.com/n/3,Again,,,,1

      """)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString).json").path
    let imported = try CLIRunner.run([
      "links", "import-fdl", "--manifest", manifest, "--site", "https://notes.example.com", export, "--output", output,
    ])
    #expect(imported.status == 1)
    #expect(imported.stderr.contains("column 'Clicks' names no Dynamic Link parameter: not carried"))
    #expect(imported.stderr.contains("row 2 (autumn): not carried: isi: the links file's apple.appStoreID; ofl:"))
    #expect(imported.stderr.contains("row 3: the link is archived in Firebase ('Archived'): not imported"))
    #expect(imported.stderr.contains("row 4: the app opens 'https://notes.example.com/about' itself (route 'about')"))
    #expect(imported.stderr.contains("row 5: the code 'Autumn' is there twice"))
    #expect(imported.stderr.contains("imported 1 of 4 rows; 3 listed above"))
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(!written.contains("about") && !written.contains("Gone") && !written.contains("Again"))
    let built = try CLIRunner.run([
      "links", "build", "--manifest", manifest, "--links", output, "--output", Self.newFolder(),
    ])
    #expect(built.status == 0, "the written file is one the site and the service take: \(built.stderr)")
  }

  @Test("a code whose path the app claims, or a link that redirects to an internal route, is refused")
  func claimedPaths() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"routes": [
        {"name": "profile", "pattern": "https://notes.example.com/:slug", "target": "Profile", "exposure": "public"},
        {"name": "note", "pattern": "https://notes.example.com/n/<int:id>", "target": "Note", "exposure": "public"},
        {"name": "old", "pattern": "https://notes.example.com/old/<int:id>", "redirect": "https://notes.example.com/admin/:id", "exposure": "public"},
        {"name": "admin", "pattern": "https://notes.example.com/admin/<int:id>", "target": "Admin"}
      ]}
      """#)
    let links = try Self.linksFile(
      #"""
      {"code": "welcome", "url": "https://notes.example.com/n/1", "title": "Claimed"},
      {"code": "n-old", "url": "https://notes.example.com/old/1", "title": "Redirects inside"}
      """#)
    let output = try CLIRunner.run([
      "links", "build", "--manifest", manifest, "--links", links, "--output", Self.newFolder(),
    ])
    #expect(output.status == 2)
    #expect(
      output.stderr.contains(
        "welcome: 'https://notes.example.com/welcome' is a path the app opens itself (route 'profile')"))
    #expect(output.stderr.contains("n-old: 'https://notes.example.com/old/1' opens no public route"))
  }

  @Test("what the commands print of a file cannot forge a line: control characters come out escaped")
  func forgedLines() throws {
    let links = try Self.linksFile(
      #"{"code": "a", "url": "https://notes.example.com/nope\nlinks check: 1 links, none broken\u001b[2K", "title": "x"}"#
    )
    let output = try CLIRunner.run(["links", "check", "--links", links])
    #expect(output.status == 1)
    #expect(output.lines.count == 2, "\(output.lines)")
    #expect(output.stdout.contains("nope\\u{A}links check: 1 links, none broken\\u{1B}[2K"))
  }
}
