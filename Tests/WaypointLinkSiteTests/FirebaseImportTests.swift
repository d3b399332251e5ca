import Testing
import Waypoint

@testable import WaypointLinkSite

@Suite("Importing a Firebase Dynamic Links export")
struct FirebaseImportTests {
  static let manifest = """
    {"routes": [
      {"name": "note", "pattern": "https://notes.example.com/n/<int:id>", "target": "NoteEditor", "exposure": "public"},
      {"name": "admin", "pattern": "https://notes.example.com/admin", "target": "Admin"}
    ]}
    """

  /// Every parameter a Dynamic Link takes (firebase.google.com/docs/dynamic-links/create-manually).
  static let everyParameter =
    "link=https%3A%2F%2Fnotes.example.com%2Fn%2F42&apn=com.example.notes&afl=https%3A%2F%2Fexample.com%2Fandroid"
    + "&amv=12&ibi=com.example.notes&ifl=https%3A%2F%2Fexample.com%2Fios&ius=notes&ipfl=https%3A%2F%2Fexample.com%2Fipad"
    + "&ipbi=com.example.notes.ipad&isi=1234567890&imv=2.1&efr=1&ofl=https%3A%2F%2Fexample.com"
    + "&st=Autumn+notes&sd=The+notes+of+the+autumn%2C+all+of+them&si=https%3A%2F%2Fnotes.example.com%2Fa.png"
    + "&utm_source=mail&utm_medium=email&utm_campaign=autumn&utm_term=notes&utm_content=top&at=aff&ct=camp&pt=prov&d=1"
    + "&mt=8"

  static let export = """
    Short Link,Long Link,Link
    https://notes.page.link/autumn,https://notes.page.link/?\(everyParameter),
    https://notes.page.link/n7,,https://notes.example.com/n/7
    "https://notes.page.link/quoted","https://notes.page.link/?link=https://notes.example.com/n/8&st=""Quoted"", with a comma",
    https://notes.page.link/admin,https://notes.page.link/?link=https://notes.example.com/admin,
    https://notes.page.link/elsewhere,,https://evil.example/n/1
    https://notes.page.link/,,https://notes.example.com/n/9
    https://notes.page.link/AUTUMN,,https://notes.example.com/n/10
    https://notes.page.link/nolink,https://notes.page.link/?st=Nothing,

    """

  static func imported() throws -> FirebaseImport {
    let router = try RouteManifest(json: manifest).makeRouter()
    return FirebaseImport(csv: export, site: "https://notes.example.com", router: router)
  }

  @Test("each row is imported or listed with its reason")
  func everyRow() throws {
    let imported = try Self.imported()
    #expect(imported.imported.map(\.code) == ["autumn", "n7", "quoted"])
    #expect(imported.imported.count + imported.skipped.count == 8)
    let reasons = Dictionary(uniqueKeysWithValues: imported.skipped.map { ($0.line, $0.reason) })
    #expect(reasons[5]?.contains("opens no public route") == true, "an internal route")
    #expect(reasons[6]?.contains("opens no public route") == true, "another host")
    #expect(reasons[7]?.contains("no usable code") == true)
    #expect(reasons[8]?.contains("there twice") == true)
    #expect(reasons[9] == "the row has no deep link")
  }

  @Test("every Dynamic Link parameter is carried over or named with what replaces it")
  func everyParameterAccounted() throws {
    let row = try #require(try Self.imported().imported.first)
    #expect(row.url == "https://notes.example.com/n/42")
    #expect(row.title == "Autumn notes")
    #expect(row.description == "The notes of the autumn, all of them")
    #expect(row.image == "https://notes.example.com/a.png")
    let named = Set(row.notCarried.map { String($0.prefix { $0 != ":" }) })
    let all = Set(FirebaseImport.query("?" + Self.everyParameter).keys)
    #expect(all.count == 26)
    #expect(named == all.subtracting(["link", "st", "sd", "si"]))
    #expect(!row.notCarried.contains { $0.contains("unknown") })
    let imported = try Self.imported()
    #expect(imported.appStoreIDs == ["1234567890"] && imported.androidPackages == ["com.example.notes"])
  }

  @Test("CSV: quoted fields with commas, doubled quotes and line breaks; CRLF lines; marks never hide a comma")
  func csv() {
    #expect(
      CSV.rows("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",z").rows == [
        ["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"],
      ])
    #expect(CSV.rows("").rows.isEmpty)
    #expect(CSV.rows("a,\u{301}b").rows == [["a", "\u{301}b"]], "a combining mark after a comma")
    let open = CSV.rows("a,\"b\nc,d\n")
    #expect(open.unterminated && open.rows == [["a", "b\nc,d\n"]])
    #expect(FirebaseImport.decode("a+b%2Fc%zz%E2%9C%93%+5") == "a b/c%zz✓% 5", "'%+5' is no escape")
  }

  @Test("a short link's code is its last path segment after the host, nothing else")
  func codes() {
    #expect(FirebaseImport.code("https://x.page.link/abc?d=1") == "abc")
    #expect(FirebaseImport.code("https://x.page.link/abc/") == "abc")
    #expect(FirebaseImport.code("https://abc") == nil)
    #expect(FirebaseImport.code("https://x.page.link/a.b") == nil)
    #expect(FirebaseImport.code("abc") == nil)
  }

  @Test("an unterminated quote is listed, and a row that fails does not take its code from a later one")
  func listedRows() throws {
    let router = try RouteManifest(json: Self.manifest).makeRouter()
    let imported = FirebaseImport(
      csv:
        "Short Link,Link\nhttps://x.page.link/a,https://notes.example.com/admin\nhttps://x.page.link/a,https://notes.example.com/n/1\nhttps://x.page.link/b,\"https://notes.example.com/n/2\n",
      site: "https://notes.example.com", router: router)
    #expect(imported.imported.map(\.code) == ["a"])
    #expect(imported.skipped.contains { $0.reason.contains("never ends") })
  }

  /// The same three links, each parameter in a column of its own, under `header`.
  static func columns(_ header: String) -> String {
    """
    \(header)
    https://notes.page.link/autumn,https://notes.example.com/n/42,Autumn notes,"All of them, in autumn",https://notes.example.com/a.png,1234567890,com.example.notes,https://example.com/ios,https://example.com/android,https://example.com,Autumn campaign
    https://notes.page.link/n7,https://notes.example.com/n/7,,,,,,,,,
    https://notes.page.link/n8,https://notes.example.com/n/8,Eight,,not-a-url,,,,,https://example.com,

    """
  }

  @Test("per-parameter columns under the guide's labels and under snake_case import the same links")
  func perParameterColumns() throws {
    let router = try RouteManifest(json: Self.manifest).makeRouter()
    let guide = FirebaseImport(
      csv: Self.columns(
        "Short Dynamic Link,Deep link (link),Social title (st),Social description (sd),Social image link (si),"
          + "App Store ID (isi),Android package name (apn),iOS fallback link (ifl),Android fallback link (afl),"
          + "Other platform fallback link (ofl),Link name"),
      site: "https://notes.example.com", router: router)
    let snake = FirebaseImport(
      csv: Self.columns(
        "short_link,deep_link,social_title,social_description,social_image_link,app_store_id,android_package_name,"
          + "ios_fallback_link,android_fallback_link,other_platform_fallback_link,link_name"),
      site: "https://notes.example.com", router: router)
    #expect(guide.skipped.isEmpty && snake.skipped.isEmpty, "\(guide.skipped) \(snake.skipped)")
    #expect(guide.imported == snake.imported)
    #expect(guide.appStoreIDs == ["1234567890"] && snake.appStoreIDs == guide.appStoreIDs)
    #expect(guide.androidPackages == ["com.example.notes"] && snake.androidPackages == guide.androidPackages)
    #expect(guide.otherColumns == ["Link name"] && snake.otherColumns == ["link_name"])
    let autumn = try #require(guide.imported.first)
    #expect(autumn.url == "https://notes.example.com/n/42")
    #expect(autumn.title == "Autumn notes" && autumn.description == "All of them, in autumn")
    #expect(autumn.image == "https://notes.example.com/a.png")
    // Every parameter in a column is carried or named with what replaces it.
    #expect(Set(autumn.notCarried.map { String($0.prefix { $0 != ":" }) }) == ["afl", "apn", "ifl", "isi", "ofl"])
    #expect(!autumn.notCarried.contains { $0.contains("unknown") })
    #expect(guide.imported.map(\.code) == ["autumn", "n7", "n8"])
    #expect(guide.imported[1].title == "n7", "an empty social title leaves the code")
    #expect(guide.imported[2].notCarried.contains("si: not an https URL (left out)"))
  }

  @Test("a column wins over the long link's parameter of the same name")
  func columnWins() throws {
    let router = try RouteManifest(json: Self.manifest).makeRouter()
    let imported = FirebaseImport(
      csv: "Short Link,Long Link,Social title (st)\n"
        + "https://x.page.link/a,https://x.page.link/?link=https://notes.example.com/n/1&st=Old,New\n",
      site: "https://notes.example.com", router: router)
    #expect(imported.imported.first?.title == "New")
  }

  @Test("an archived row, a code the app opens itself and a code twice are each listed on their row, with no link")
  func listedWithNoLink() throws {
    let router = try RouteManifest(
      json: """
        {"routes": [
          {"name": "note", "pattern": "https://notes.example.com/n/<int:id>", "target": "NoteEditor", "exposure": "public"},
          {"name": "about", "pattern": "https://notes.example.com/about", "target": "About", "exposure": "public"}
        ]}
        """
    ).makeRouter()
    let imported = FirebaseImport(
      csv: """
        Short Link,Link,Status
        https://x.page.link/n1,https://notes.example.com/n/1,Active
        https://x.page.link/gone,https://notes.example.com/n/2,Archived
        https://x.page.link/about,https://notes.example.com/n/3,
        https://x.page.link/N1,https://notes.example.com/n/4,

        """,
      site: "https://notes.example.com", router: router)
    #expect(imported.imported.map(\.code) == ["n1"])
    let reasons = Dictionary(uniqueKeysWithValues: imported.skipped.map { ($0.line, $0.reason) })
    #expect(reasons[3]?.contains("archived in Firebase ('Archived')") == true, "\(reasons)")
    #expect(reasons[4]?.contains("the app opens 'https://notes.example.com/about' itself (route 'about')") == true)
    #expect(reasons[5]?.contains("there twice") == true)
    #expect(reasons.count == 3)
  }
}
