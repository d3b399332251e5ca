import Foundation
import Testing

@Suite("waypoint lint, routes, url, demo")
struct ToolCommandTests {
  @Test("the README lists every command `waypoint --help` has, in its products table and its tour")
  func readmeListsEveryCommand() throws {
    let help = try CLIRunner.run(["--help"])
    let commands = help.lines.drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
      .compactMap { line -> String? in
        let words = line.split(separator: " ")
        return line.hasPrefix("  ") && !line.hasPrefix("   ") && !line.hasPrefix("  See ")
          ? words.first.map(String.init) : nil
      }
    #expect(commands.count >= 13)
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
    let table = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `waypoint` |") })
    let tour = try #require(readme.components(separatedBy: "- **The `waypoint` tool**:").dropFirst().first)
      .components(separatedBy: "(articles").first
    for command in commands {
      #expect(table.contains("`\(command)`"), "the products table lacks \(command)")
      #expect(tour?.contains("`\(command)`") == true, "the tour line lacks \(command)")
    }
  }

  @Test("the bundled manifest lints clean")
  func lintClean() throws {
    let output = try CLIRunner.run(["lint"])
    #expect(output.status == 0)
    #expect(output.lines == ["the bundled example manifest: no problems"])
    #expect(try CLIRunner.run(["lint", "--strict"]).status == 0)
  }

  @Test("warnings exit 0, or 1 with --strict; errors exit 1")
  func lintStatus() throws {
    let warned = try CLIRunner.temporaryFile(#"{"routes": [{"pattern": "/x/:v((a+)+)"}]}"#)
    let warning = try CLIRunner.run(["lint", "--manifest", warned])
    #expect(warning.status == 0)
    #expect(
      warning.lines.first?.hasPrefix("warning: routes[0] field 'pattern': route '/x/:v((a+)+)': the regex '(a+)+'")
        == true)
    #expect(warning.lines.last?.hasSuffix(": 0 error(s), 1 warning(s)") == true)
    #expect(try CLIRunner.run(["lint", "--manifest", warned, "--strict"]).status == 1)
    let broken = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "a", "pattern": "/a/:x"}, {"name": "a", "pattern": "/a/:y"}, {"pattern": "/b", "oops": true}]}"#
    )
    let errors = try CLIRunner.run(["lint", "--manifest", broken, "--format", "json"])
    #expect(errors.status == 1)
    let objects = try errors.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.compactMap { $0?["code"] as? String } == ["invalidManifest", "duplicateName", "conflict"])
    #expect(objects.compactMap { $0?["severity"] as? String } == ["error", "error", "error"])
    #expect(objects.first??["route"] as? Int == 2)
    #expect(objects.first??["field"] as? String == "oops")
  }

  @Test("a redirect that needs a parameter only an optional group captures is a lint error")
  func lintOptionalRedirect() throws {
    let needs = try CLIRunner.temporaryFile(
      #"{"routes": [{"pattern": "myapp://profile(/:id)", "redirect": "myapp://user/:id"}, {"pattern": "myapp://user(/:id)"}]}"#
    )
    let refused = try CLIRunner.run(["lint", "--manifest", needs])
    #expect(refused.status == 1)
    #expect(refused.lines.contains { $0.contains("only in an optional group") }, "\(refused.lines)")
    let optional = try CLIRunner.temporaryFile(
      #"{"routes": [{"pattern": "myapp://profile(/:id)", "redirect": "myapp://user(/:id)"}, {"pattern": "myapp://user(/:id)"}]}"#
    )
    #expect(try CLIRunner.run(["lint", "--manifest", optional]).status == 0, "optional in the redirect too is fine")
  }

  @Test("lint warns about a redirect to the URL a query item holds, and refuses a misplaced or nameless placeholder")
  func lintRedirectPlaceholders() throws {
    let forwarding = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "mbar", "pattern": "https://wp.example/mbar", "redirect": "{query:redirect_to}"},"#
        + #" {"name": "banner", "pattern": "https://apps.wp.example/get", "redirect": "https://wp.example/{fragment}"},"#
        + #" {"pattern": "https://wp.example/post/:site"}]}"#)
    let warned = try CLIRunner.run(["lint", "--manifest", forwarding, "--format", "json"])
    #expect(warned.status == 0, "a warning: \(warned.lines)")
    let objects = try warned.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.compactMap { $0?["code"] as? String } == ["redirectFromQuery"])
    #expect(objects.first??["name"] as? String == "mbar")
    #expect(objects.first??["field"] as? String == "redirect")
    #expect(try CLIRunner.run(["lint", "--manifest", forwarding, "--strict"]).status == 1)
    let misplaced = try CLIRunner.temporaryFile(
      #"{"routes": [{"pattern": "https://apps.wp.example/get", "redirect": "https://wp.example/{fragment}/x"},"#
        + #" {"pattern": "https://apps.wp.example/q", "redirect": "https://wp.example/{query:}"}]}"#)
    let refused = try CLIRunner.run(["lint", "--manifest", misplaced])
    #expect(refused.status == 1)
    #expect(refused.lines.contains { $0.contains("'{fragment}' fills the last segments") }, "\(refused.lines)")
    #expect(refused.lines.contains { $0.contains("'{query:}' names no query item") }, "\(refused.lines)")
  }

  @Test("lint warns about under entries taking a value the route cannot give, or not given one their target needs")
  func lintUnderValues() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "pages", "pattern": "wp://pages/:domain", "target": "Pages","#
        + #" "under": [{"target": "Blog", "parameters": ["domian"]}]},"#
        + #" {"name": "blog", "pattern": "wp://blog/:domain", "target": "Blog"}]}"#)
    let warned = try CLIRunner.run(["lint", "--manifest", manifest, "--format", "json"])
    #expect(warned.status == 0, "warnings: \(warned.lines)")
    let objects = try warned.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.compactMap { $0?["code"] as? String } == ["underValueNotCaptured", "underValueMissing"])
    #expect(objects.compactMap { $0?["field"] as? String } == ["under[0]", "under[0]"])
    #expect(try CLIRunner.run(["lint", "--manifest", manifest, "--strict"]).status == 1)
  }

  @Test("given the app's tabs and screens, lint reports a route naming others, as building the app would")
  func lintAppNames() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"{"routes": [{"pattern": "notes://note/<int:id>", "target": "Note", "tab": "notes", "under": ["Notes"]},"#
        + #" {"name": "trash", "pattern": "notes://trash", "target": "Trash", "tab": "bin", "under": ["Bin"]}]}"#)
    #expect(
      try CLIRunner.run(["lint", "--manifest", manifest]).status == 0, "without the app's names lint cannot know")
    let known = ["--tabs", "notes, settings", "--targets", "Notes,Note,Trash,Bin"]
    let clean = try CLIRunner.run([
      "lint", "--manifest", manifest, "--tabs", "notes,bin", "--targets", "Notes,Note,Trash,Bin",
    ])
    #expect(clean.status == 0, "\(clean.lines)")
    let tabs = try CLIRunner.run(["lint", "--manifest", manifest] + known + ["--format", "json"])
    #expect(tabs.status == 1)
    let objects = try tabs.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.compactMap { $0?["code"] as? String } == ["unknownTab"])
    #expect(objects.first??["route"] as? Int == 1)
    #expect(objects.first??["name"] as? String == "trash")
    #expect(objects.first??["field"] as? String == "tab")
    let screens = try CLIRunner.run(["lint", "--manifest", manifest, "--targets", "Note"])
    #expect(screens.status == 1)
    #expect(screens.lines.filter { $0.hasPrefix("error:") }.count == 3, "\(screens.lines)")
    #expect(screens.lines.contains { $0.contains("opens 'Trash', which no screen of the app is") })
    #expect(screens.lines.contains { $0.contains("puts 'Notes' under its screen") })
    #expect(screens.lines.last?.hasSuffix(": 3 error(s), 0 warning(s)") == true)
  }

  @Test("an unreadable manifest is a usage error for lint too")
  func lintMissing() throws {
    #expect(try CLIRunner.run(["lint", "--manifest", "/no/such.json"]).status == 2)
  }

  @Test("routes lists the table in precedence order")
  func routes() throws {
    let output = try CLIRunner.run(["routes"])
    #expect(output.status == 0)
    let lines = output.lines
    #expect(lines.first?.hasPrefix("#   PRIORITY  PATTERN") == true)
    #expect(lines.dropFirst().first?.contains("notes://promo/:campaign") == true)
    #expect(lines.last?.contains("notes://*") == true)
    let editLine = try #require(lines.firstIndex { $0.contains("notes://note/<int:id>/edit") })
    let showLine = try #require(lines.firstIndex { $0.contains("notes://note/<int:id> ") })
    #expect(lines.count == 22)
    #expect(editLine != showLine)
  }

  struct URLCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let output: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let urlCases: [URLCase] = [
    URLCase(arguments: ["note.show", "id=42"], status: 0, output: "notes://note/42"),
    URLCase(arguments: ["files", "path=a b/c"], status: 0, output: "notes://files/a%20b/c"),
    URLCase(
      arguments: ["folder", "folder=7f1c6a3e-1b2c-4d5e-8f90-123456789abc", "page=2"], status: 0,
      output: "notes://folder/7f1c6a3e-1b2c-4d5e-8f90-123456789abc/page/2"),
    URLCase(
      arguments: ["search", "--query", "q=a&b", "--query", "x="], status: 0, output: "notes://search?q=a%26b&x="),
    URLCase(arguments: ["web.note", "id=9"], status: 0, output: "https://notes.example.com/n/9"),
    URLCase(arguments: ["note.show", "id=x"], status: 1, output: "does not satisfy <int:id>"),
    URLCase(arguments: ["note.show"], status: 1, output: "the parameter 'id' is missing"),
    URLCase(arguments: ["nope"], status: 1, output: "no route is named 'nope'"),
    URLCase(arguments: ["note.show", "id"], status: 2, output: "expected key=value, got 'id'"),
  ]

  @Test("url prints a route's URL", arguments: urlCases)
  func url(_ testCase: URLCase) throws {
    let output = try CLIRunner.run(["url"] + testCase.arguments)
    #expect(output.status == testCase.status)
    if testCase.status == 0 {
      #expect(output.lines == [testCase.output])
    } else {
      #expect(output.stderr.contains(testCase.output))
    }
  }

  @Test("url output resolves back to the route and parameters")
  func urlRoundTrip() throws {
    let printed = try CLIRunner.run(["url", "attachment", "file=docs/read me.txt"]).lines.first ?? ""
    let resolved = try CLIRunner.run(["resolve", "--format", "json", printed])
    #expect(resolved.lines.first?.contains(#""name":"attachment""#) == true)
    #expect(resolved.lines.first?.contains(#""rest":["docs","read me.txt"]"#) == true)
  }

  @Test("url refuses a URL that would open a literal sibling, and exits 1 naming it")
  func urlRefusesSibling() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"{"version":1,"routes":[{"name":"me","pattern":"myapp://user/me"},{"name":"user","pattern":"myapp://user/:id"}]}"#
    )
    let refused = try CLIRunner.run(["url", "--manifest", manifest, "user", "id=me"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr.contains(
        "waypoint: no URL opens route 'myapp://user/:id' (user) with id='me': 'myapp://user/me' opens route "
          + "'myapp://user/me' (me) instead, which reads 'me' as a literal"))
    let printed = try CLIRunner.run(["url", "--manifest", manifest, "user", "id=42"])
    #expect(printed.lines == ["myapp://user/42"])
    let resolved = try CLIRunner.run(["resolve", "--manifest", manifest, "--format", "json", "myapp://user/42"])
    #expect(resolved.lines.first?.contains(#""name":"user""#) == true)
  }

  @Test("demo runs the notes app; demo --tour runs the link tour")
  func demo() throws {
    let output = try CLIRunner.run(["demo"])
    #expect(output.status == 0)
    #expect(output.lines.first == "Waypoint demo: the notes app, run headlessly")
    #expect(output.stdout.contains("restored state equals the saved one: true"))
    let tour = try CLIRunner.run(["demo", "--tour"])
    #expect(tour.status == 0)
    #expect(tour.lines.first?.hasPrefix("Waypoint demo: 16 links") == true)
    #expect(tour.stdout.contains("✗ notFound: no route matches '/settings/privacy'"))
  }
}
