import Foundation
import TestSupport
import Testing
import WaypointExamples

extension SeededGenerator {
  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }
}

/// A JSON value as a manifest holds it, read strictly (a `1` is never `true`).
private enum JSON: Decodable {
  case object([String: JSON])
  case array([JSON])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let flag = try? value.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? value.decode(Double.self) {
      self = .number(number)
    } else if let text = try? value.decode(String.self) {
      self = .string(text)
    } else if let array = try? value.decode([JSON].self) {
      self = .array(array)
    } else {
      self = .object(try value.decode([String: JSON].self))
    }
  }

  /// The JSON text, the keys of each object in the order `order` gives, spaced with `indent`.
  func text(order: ([String]) -> [String], indent: String, level: Int = 0) -> String {
    let newline = indent.isEmpty ? "" : "\n"
    let inner = String(repeating: indent, count: level + 1)
    let outer = String(repeating: indent, count: level)
    switch self {
    case .object(let members):
      let lines = order(members.keys.sorted()).map { key in
        inner + "\"\(key)\": " + (members[key] ?? .null).text(order: order, indent: indent, level: level + 1)
      }
      return lines.isEmpty ? "{}" : "{" + newline + lines.joined(separator: "," + newline) + newline + outer + "}"
    case .array(let items):
      let lines = items.map { inner + $0.text(order: order, indent: indent, level: level + 1) }
      return lines.isEmpty ? "[]" : "[" + newline + lines.joined(separator: "," + newline) + newline + outer + "]"
    case .string(let text):
      let data = try? JSONEncoder().encode(text)
      return String(decoding: data ?? Data(), as: UTF8.self)
    case .number(let number):
      return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .bool(let flag):
      return flag ? "true" : "false"
    case .null:
      return "null"
    }
  }

  subscript(key: String) -> JSON? {
    get { if case .object(let members) = self { members[key] } else { nil } }
    set {
      guard case .object(var members) = self else { return }
      members[key] = newValue
      self = .object(members)
    }
  }

  var string: String? { if case .string(let text) = self { text } else { nil } }
  var array: [JSON]? { if case .array(let items) = self { items } else { nil } }
}

@Suite("waypoint graph")
struct GraphCommandTests {
  /// The example manifest as JSON.
  private static func example() throws -> JSON {
    try JSONDecoder().decode(JSON.self, from: ExampleManifest.data())
  }

  @Test("Mermaid and DOT of the example app: every route, its screen, its redirect, grouped screens")
  func drawings() throws {
    let mermaid = try CLIRunner.run(["graph"])
    #expect(mermaid.status == 0)
    #expect(mermaid.lines.first == "flowchart LR")
    #expect(mermaid.stdout.contains("-->|push| s_NoteEditor_"))
    #expect(mermaid.stdout.contains(" -. redirect .-> r_note_show_"), "legacy.note redirects to note.show")
    #expect(mermaid.stdout.contains("notes://note/#lt;int:id#gt;"), "angle brackets as entities")
    let dot = try CLIRunner.run(["graph", "--format", "dot"])
    #expect(dot.status == 0)
    #expect(dot.lines.first == "digraph waypoint {")
    #expect(dot.lines.last == "}")
    #expect(dot.stdout.contains("[style=dotted, label=\"redirect\"]"))
    let routes = try #require(try Self.example()["routes"]?.array)
    for route in routes {
      let name = try #require(route["name"]?.string)
      #expect(dot.stdout.contains("label=\"\(name)\\n"), "\(name) is drawn")
    }
  }

  @Test("the README shows the example app's map as the tool draws it")
  func readmeMap() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```mermaid\n"))
    let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
    let drawn = try CLIRunner.run(["graph"]).stdout
    #expect(
      String(readme[start.upperBound..<end.lowerBound]) == drawn, "run `swift run waypoint graph` into the README")
  }

  @Test("tabs group their screens; under paths and columns are drawn")
  func tabsAndUnder() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"routes": [
        {"name": "thread", "pattern": "app://messages/<int:id>", "target": "Thread", "tab": "inbox",
         "under": ["Inbox", {"target": "Folder", "parameters": ["id"]}], "exposure": "public"},
        {"name": "detail", "pattern": "app://mail/<int:id>", "target": "Message", "tab": "mail", "column": "secondary",
         "under": ["Mailboxes"]}
      ]}
      """#)
    let output = try CLIRunner.run(["graph", "--manifest", manifest])
    #expect(output.status == 0)
    #expect(output.stdout.contains("subgraph tab_inbox_"))
    #expect(output.stdout.contains("subgraph tab_mail_"))
    #expect(output.lines.contains { $0.contains("s_Inbox_") && $0.contains(" -. under .-> s_Folder_") })
    #expect(output.lines.contains { $0.contains("s_Folder_") && $0.contains(" -. under .-> s_Thread_") })
    #expect(output.stdout.contains("-->|push @secondary| s_Message_"))
    #expect(output.stdout.contains("class r_detail_"), "the internal route is marked")
  }

  @Test("the drift check: 50 breaking changes each caught, 50 harmless ones never flagged")
  func drift() throws {
    let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID()).json").path
    #expect(try CLIRunner.run(["graph", "--update", baseline]).status == 0)
    var random = SeededGenerator(seed: 46_47)
    var caught = 0
    for index in 0..<50 {
      var manifest = try Self.example()
      let change = try Self.breaking(&manifest, kind: index % 10, &random)
      let file = try CLIRunner.temporaryFile(manifest.text(order: { $0 }, indent: "  "))
      let output = try CLIRunner.run(["graph", "--manifest", file, "--check", baseline])
      #expect(output.status == 1, "\(change): \(output.stdout) \(output.stderr)")
      if output.status == 1, output.lines.count > 1 { caught += 1 }
    }
    var flagged = 0
    for _ in 0..<50 {
      var manifest = try Self.example()
      manifest["routes"] = .array(try #require(manifest["routes"]?.array).shuffled(using: &random))
      let spacing = ["", "  ", "    ", "\t"][random.below(4)]
      let file = try CLIRunner.temporaryFile(
        manifest.text(order: { $0.shuffled(using: &random) }, indent: spacing) + "\n\n")
      let output = try CLIRunner.run(["graph", "--manifest", file, "--check", baseline])
      #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
      if output.status != 0 { flagged += 1 }
    }
    #expect(caught == 50)
    #expect(flagged == 0)
  }

  /// Makes one breaking change of kind `kind` to `manifest`; returns what it did.
  private static func breaking(_ manifest: inout JSON, kind: Int, _ random: inout SeededGenerator) throws -> String {
    var routes = try #require(manifest["routes"]?.array)
    // A route no redirect reaches, with a target and a pattern that can grow (a rest, `*name`
    // or `<path:name>`, must stay last).
    let candidates = routes.indices.filter { index in
      routes[index]["target"] != nil && routes[index]["name"]?.string != "note.show"
        && routes[index]["pattern"]?.string.map { !$0.contains("*") && !$0.contains("<path:") } == true
    }
    let index = candidates[random.below(candidates.count)]
    let name = routes[index]["name"]?.string ?? "?"
    defer { manifest["routes"] = .array(routes) }
    switch kind {
    case 0:
      routes.remove(at: index)
      return "removed \(name)"
    case 1:
      let number = random.below(1000)
      routes.append(
        .object([
          "name": .string("added\(number)"), "pattern": .string("notes://added/\(number)"), "target": .string("X"),
        ]))
      return "added a route"
    case 2:
      routes[index]["name"] = .string(name + ".renamed")
      return "renamed \(name)"
    case 3:
      routes[index]["pattern"] = .string((routes[index]["pattern"]?.string ?? "") + "/more")
      return "changed the pattern of \(name)"
    case 4:
      routes[index]["exposure"] = .string(routes[index]["exposure"]?.string == "public" ? "internal" : "public")
      return "flipped the exposure of \(name)"
    case 5:
      routes[index]["target"] = .string("Elsewhere")
      return "changed the screen of \(name)"
    case 6:
      routes[index]["under"] = .array([.string("NoteList"), .string("Under\(random.below(100))")])
      return "changed the under path of \(name)"
    case 7:
      routes[index]["tab"] = .string("tab\(random.below(100))")
      return "gave \(name) a tab"
    case 8:
      let redirect = try #require(routes.firstIndex { $0["redirect"] != nil })
      routes[redirect]["redirect"] = .string(
        ["notes://home", "notes://tag/:id", "notes://note/:id/edit"][random.below(3)])
      return "changed the redirect"
    default:
      let priority: Double = if case .number(let value)? = routes[index]["priority"] { value } else { 0 }
      routes[index]["priority"] = .number(priority + 1 + Double(random.below(5)))
      return "changed the priority of \(name)"
    }
  }

  @Test("a public route a new one shadows, or made internal, is named as such; bad baselines exit 2")
  func meanings() throws {
    let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID()).json").path
    let before = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "note", "pattern": "app://note/<int:id>", "target": "Note", "exposure": "public"}]}"#)
    #expect(try CLIRunner.run(["graph", "--manifest", before, "--update", baseline]).status == 0)
    let hidden = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "note", "pattern": "app://note/<int:id>", "target": "Note"}]}"#)
    let output = try CLIRunner.run(["graph", "--manifest", hidden, "--check", baseline])
    #expect(output.status == 1)
    #expect(output.lines.first == "changed: note: exposure \"public\" → \"internal\" (a public route now internal)")
    let renamed = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "note.show", "pattern": "app://note/<int:id>", "target": "Note", "exposure": "public"}]}"#)
    #expect(
      try CLIRunner.run(["graph", "--manifest", renamed, "--check", baseline]).lines.first
        == "renamed: note → note.show (app://note/<int:id>)")
    let shadowing = try CLIRunner.temporaryFile(
      #"""
      {"routes": [{"name": "note", "pattern": "app://note/<int:id>", "target": "Note", "exposure": "public"},
                  {"name": "any", "pattern": "app://note/:x", "target": "Any", "priority": 5}]}
      """#)
    #expect(
      try CLIRunner.run(["graph", "--manifest", shadowing, "--check", baseline]).lines.prefix(2) == [
        "added: any (app://note/:x)", "changed: note: reachable true → false (a public route now unreachable)",
      ])
    let json = try CLIRunner.run(["graph", "--manifest", hidden, "--check", baseline, "--format", "json"])
    #expect(json.status == 1)
    let objects = try json.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    #expect(objects.map { $0?["kind"] } == ["changed"])
    let facts = try CLIRunner.run(["graph", "--manifest", before, "--format", "json"])
    #expect(facts.stdout == (try String(contentsOfFile: baseline, encoding: .utf8)), "the facts are the baseline's")
    let missing = try CLIRunner.run(["graph", "--check", "/nonexistent/baseline.json"])
    #expect(missing.status == 2)
    #expect(try CLIRunner.run(["graph", "--check", baseline, "--update", baseline]).status == 2)
  }
}
