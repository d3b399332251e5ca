import Foundation
import TestSupport
import Testing
import WaypointExamples

@testable import Waypoint
@testable import WaypointMatching

@Suite("Compiled tables")
struct CompiledTableTests {
  /// The manifests the map page is checked on (every option, hosts, affixes, regexes, types,
  /// rests, optional groups, priorities, redirects, markup and odd text) and the examples'.
  static func manifests() throws -> [(name: String, data: Data)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var all: [(String, Data)] = [("bundled", try ExampleManifest.data())]
    for path in [
      "Examples/NotesApp/notes-app.json", "Scripts/map-page/tricky-options.json", "Scripts/map-page/tricky-hosts.json",
      "Scripts/map-page/tricky-segments.json", "Scripts/map-page/tricky-text.json",
    ] {
      all.append((path, try Data(contentsOf: root.appendingPathComponent(path))))
    }
    all.append(("generated", Data(generatedManifest(routes: 400).utf8)))
    all.append(("shared edges", Data(sharedEdges.utf8)))
    return all
  }

  /// Routes whose parameters share a trie edge under other names, and a regex whose source is
  /// the name of a type (one text of the image, two constraints).
  static let sharedEdges = #"""
    {"routes": [
      {"name": "user", "pattern": "app://user/:id", "target": "User"},
      {"name": "user.edit", "pattern": "app://user/:userID/edit", "target": "Edit"},
      {"name": "word", "pattern": "app://a/:x(int)", "target": "Word"},
      {"name": "number", "pattern": "app://b/<int:n>", "target": "Number"},
      {"name": "number.again", "pattern": "app://c/<int:m>/:x(int)", "target": "Both"}
    ]}
    """#

  /// Routes of every shape, many sharing prefixes, a few capitalised where a host may stand.
  static func generatedManifest(routes count: Int) -> String {
    let shapes = [
      "app://items/p%d/:id", "app://items/p%d/<int:id>/edit", "app://Files/p%d/*rest",
      "app://s/p%d(/:q)(/page/<int:n>)",
      "/web/p%d/v:v-x", "https://example.com/p%d/:code([a-z]{2})", "app://deep/p%d/<uuid:u>/<path:more>",
      "app://t/p%d/",
    ]
    let routes = (0..<count).map { index in
      let pattern = String(format: shapes[index % shapes.count], index)
      return
        #"{"name": "r\#(index)", "pattern": "\#(pattern)", "target": "Screen\#(index % 7)", "priority": \#(index % 3)}"#
    }
    return #"{"version": 1, "revision": 3, "options": {"hosts": ["example.com"]}, "routes": ["#
      + routes.joined(separator: ",\n") + "]}"
  }

  /// Links made from each pattern: its parameters filled with values of every kind, its groups
  /// taken or left out, then changed (case, a trailing slash, one more segment, another host).
  static func links(for patterns: [String], seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    let values = [
      "42", "7", "abc", "A-b", "x.json", "1e3", "true", "550e8400-e29b-41d4-a716-446655440000", "%41b", "ab",
    ]
    var links: [String] = []
    for pattern in patterns {
      for _ in 0..<6 {
        var link = fill(pattern, values: values, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: link = link.uppercased()
        case 1: link += "/"
        case 2: link += "/more"
        case 3: link = link.replacingOccurrences(of: "example.com", with: "other.org")
        default: break
        }
        links.append(link)
        if !link.contains("://") { links.append("app://" + link.drop { $0 == "/" }) }
      }
    }
    return links
  }

  private static func fill(_ pattern: String, values: [String], using generator: inout SeededGenerator) -> String {
    let characters = Array(pattern)
    var output = ""
    var index = 0
    var skipping = 0  // inside an optional group left out
    func value() -> String { values[Int.random(in: 0..<values.count, using: &generator)] }
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        if skipping == 0, index + 1 < characters.count { output.append(characters[index + 1]) }
        index += 2
        continue
      case "(" where index + 1 < characters.count && characters[index + 1] == "/":
        if skipping > 0 || Bool.random(using: &generator) { skipping += 1 }
      case ")":
        if skipping > 0 { skipping -= 1 }
      case ":" where index + 1 < characters.count && (characters[index + 1].isLetter || characters[index + 1] == "_"):
        index += 1
        while index < characters.count,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          index += 1
        }
        // A regex: skipped, nested parentheses and escapes included.
        if index < characters.count, characters[index] == "(", index + 1 < characters.count,
          characters[index + 1] != "/"
        {
          var depth = 0
          while index < characters.count {
            if characters[index] == "\\" {
              index += 2
              continue
            }
            if characters[index] == "(" { depth += 1 }
            if characters[index] == ")" {
              depth -= 1
              if depth == 0 { break }
            }
            index += 1
          }
          index += 1
        }
        if skipping == 0 { output += value() }
        continue
      case "<":
        while index < characters.count, characters[index] != ">" { index += 1 }
        if skipping == 0 { output += Bool.random(using: &generator) ? value() : "a/b" }
      case "*":
        index += 1
        while index < characters.count, characters[index].isLetter { index += 1 }
        if skipping == 0 { output += Bool.random(using: &generator) ? "a/b" : value() }
        continue
      default:
        if skipping == 0 { output.append(character) }
      }
      index += 1
    }
    return output
  }

  @Test("a manifest read from its compiled table equals the JSON's, and its table and router answer every link alike")
  func sameAnswers() throws {
    for (name, data) in try Self.manifests() {
      let compiled = try RouteManifest.compileTable(from: data)
      let fromJSON = try RouteManifest(data: data)
      let fromCompiled = try RouteManifest(data: data, compiledTable: compiled)
      #expect(fromCompiled.compiledTableProblem == nil, "\(name): \(fromCompiled.compiledTableProblem ?? "")")
      let precompiled = try #require(fromCompiled.compiled.precompiled, "\(name)")
      #expect(fromCompiled == fromJSON, "\(name)")
      #expect(fromCompiled.routes.map(\.description) == fromJSON.routes.map(\.description), "\(name)")
      #expect(try RouteManifest.compileTable(from: data) == compiled, "\(name): compiling is deterministic")

      let built = try fromJSON.makeTable()
      let loaded = try fromCompiled.makeTable()
      #expect(loaded.uses(precompiled), "\(name): the table is the compiled one, not compiled again")
      let jsonRouter = try fromJSON.makeRouter()
      let compiledRouter = try fromCompiled.makeRouter()
      #expect(compiledRouter.table.uses(precompiled), "\(name): the router takes the compiled table")
      let links = Self.links(for: fromJSON.routes.map(\.pattern), seed: 11)
      var matched = 0
      for link in links {
        let expected = try? built.match(link)
        let actual = try? loaded.match(link)
        #expect(expected?.payload == actual?.payload, "\(name): \(link)")
        #expect(expected?.parameters == actual?.parameters, "\(name): \(link)")
        if expected != nil { matched += 1 }
        let expectedCandidates = (try? built.candidates(for: link)).map { Array($0).map(\.payload) }
        let actualCandidates = (try? loaded.candidates(for: link)).map { Array($0).map(\.payload) }
        #expect(expectedCandidates == actualCandidates, "\(name): candidates of \(link)")
        let resolvedJSON = jsonRouter.resolve(link, origin: .external())
        let resolvedCompiled = compiledRouter.resolve(link, origin: .external())
        #expect(resolvedJSON.route == resolvedCompiled.route, "\(name): \(link)")
        #expect(resolvedJSON.request?.parameters == resolvedCompiled.request?.parameters, "\(name): \(link)")
        #expect(resolvedJSON.error?.code == resolvedCompiled.error?.code, "\(name): \(link)")
      }
      #expect(matched * 4 > links.count, "\(name): most links match (\(matched) of \(links.count))")
      for route in fromJSON.routes {
        guard let routeName = route.name else { continue }
        #expect(
          loaded.route(named: routeName)?.payload == built.route(named: routeName)?.payload, "\(name): \(routeName)")
      }
      #expect(
        loaded.index.lintWarnings().map(\.description) == built.index.lintWarnings().map(\.description), "\(name)")
    }
  }

  @Test("shared edges and a regex named like a type load from the image and answer as built")
  func sharedEdgesAnswer() throws {
    let data = Data(Self.sharedEdges.utf8)
    let manifest = try RouteManifest(data: data, compiledTable: try RouteManifest.compileTable(from: data))
    #expect(manifest.compiledTableProblem == nil, "\(manifest.compiledTableProblem ?? "")")
    let table = try manifest.makeTable()
    #expect(try table.match("app://user/7/edit")?.parameters["userID"] == "7")
    #expect(try table.match("app://user/7")?.parameters["id"] == "7")
    #expect(try table.match("app://a/int")?.payload.name == "word")
    #expect(try table.match("app://a/42") == nil)
    #expect(try table.match("app://b/42")?.parameters["n"] == "42")
    #expect(try table.match("app://b/int") == nil)
    #expect(try table.match("app://c/5/int")?.parameters["m"] == "5")
  }

  @Test("the bytes one manifest compiles to are pinned: a change to them bumps TableImage.formatVersion")
  func pinnedBytes() throws {
    // A manifest of this file's own, so that a change to the examples does not move the pin.
    let compiled = try RouteManifest.compileTable(from: Data(Self.generatedManifest(routes: 40).utf8))
    let checksum = compiled.withUnsafeBytes { TableImage.checksum($0) }
    // Written by format 1. When the layout, the literal hash, the edge order or the host
    // spellings change, bump `TableImage.formatVersion` and write the new checksum here.
    #expect(TableImage.formatVersion == 1)
    #expect(checksum == Self.pinnedChecksum, "the compiled bytes changed: \(checksum)")
  }

  static let pinnedChecksum: UInt64 = 17_792_482_124_862_995_114

  @Test("a router with routes of its own besides the manifest compiles them all, and answers as before")
  func otherRoutesCompile() throws {
    let data = try ExampleManifest.data()
    let manifest = try RouteManifest(data: data, compiledTable: try RouteManifest.compileTable(from: data))
    var builder = RouterBuilder()
    builder.allowsUnhandledTargets = true
    builder.add(manifest)
    builder.add(RouteDefinition(pattern: "waypoint-example://extra/:id", name: "extra"))
    let router = try builder.build()
    #expect(!router.table.uses(try #require(manifest.compiled.precompiled)))
    #expect(router.resolve("waypoint-example://extra/7").request?.parameters["id"] == "7")
    var typed = RouterBuilder()
    typed.parameterTypes.register(ParameterType("slug") { !$0.isEmpty })
    typed.allowsUnhandledTargets = true
    typed.add(manifest)
    let other = try typed.build()
    #expect(!other.table.uses(try #require(manifest.compiled.precompiled)), "other parameter types: compiled again")
  }

  @Test("each failed check falls back to the JSON, and says why")
  func fallbacks() throws {
    let data = try ExampleManifest.data()
    let compiled = try RouteManifest.compileTable(from: data)
    let fromJSON = try RouteManifest(data: data)
    func patched(_ offset: Int, _ byte: UInt8) -> Data {
      var copy = compiled
      copy[offset] ^= byte
      return copy
    }
    var changedManifest = data
    changedManifest.append(contentsOf: Array(" ".utf8))
    let cases: [(String, Data, Data, String)] = [
      ("not compiled", data, data, "not a compiled table"),
      ("empty", Data(), data, "not a compiled table"),
      ("another format", patched(8, 0x7F), data, "this version of Waypoint reads format 1"),
      ("damaged", patched(compiled.count / 2, 0x01), data, "checksum does not match"),
      ("truncated", compiled.prefix(compiled.count - 9), data, "checksum does not match"),
      ("another manifest", compiled, changedManifest, "compiled from another manifest"),
    ]
    for (name, table, manifestData, reason) in cases {
      let manifest = try RouteManifest(data: manifestData, compiledTable: table)
      #expect(
        manifest.compiledTableProblem?.contains(reason) == true, "\(name): \(manifest.compiledTableProblem ?? "nil")")
      #expect(manifest.compiled.precompiled == nil, "\(name)")
      #expect(manifest == (try RouteManifest(data: manifestData)), "\(name)")
    }
    #expect(try RouteManifest(data: data, compiledTable: nil).compiledTableProblem == nil)
    #expect(try RouteManifest(data: data, compiledTable: nil) == fromJSON)
    // A manifest that does not read throws what reading it throws, whatever the compiled table.
    #expect(throws: BuildError.self) { try RouteManifest(data: Data("{".utf8), compiledTable: compiled) }
    #expect(throws: BuildError.self) {
      try RouteManifest.compileTable(from: Data(#"{"routes": [{"pattern": "/a/:"}]}"#.utf8))
    }
  }

  @Test("a parameter type the app does not register refuses the compiled table, naming the type")
  func unknownType() throws {
    var types = ParameterTypes()
    types.register(ParameterType("slug") { $0.allSatisfy(\.isLetter) })
    let data = Data(#"{"routes": [{"name": "post", "pattern": "app://posts/<slug:post>", "target": "Post"}]}"#.utf8)
    let compiled = try RouteManifest.compileTable(from: data, parameterTypes: types)
    let without = try RouteManifest(data: data, compiledTable: compiled)
    #expect(without.compiledTableProblem?.contains("'slug'") == true)
    let with = try RouteManifest(data: data, compiledTable: compiled, parameterTypes: types)
    #expect(with.compiledTableProblem == nil)
    #expect(try with.makeTable(parameterTypes: types).match("app://posts/hello")?.parameters["post"] == "hello")
    #expect(try with.makeTable(parameterTypes: types).match("app://posts/h3llo") == nil)
  }

  @Test("a forged compiled table whose checksums pass is refused or answers without a trap, on every link")
  func forgedTables() throws {
    let data = Data(Self.generatedManifest(routes: 40).utf8)
    let compiled = try RouteManifest.compileTable(from: data)
    let links = Self.links(for: try RouteManifest(data: data).routes.map(\.pattern), seed: 5)
    let header = CompiledTableFile.headerSize
    var generator = SeededGenerator(seed: 29)
    var refused = 0
    var loaded = 0
    for round in 0..<1_500 {
      var forged = Array(compiled)
      for _ in 0..<(1 + round % 3) {
        let offset = Int.random(in: header..<forged.count, using: &generator)
        forged[offset] = round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : forged[offset] ^ 0x80
      }
      let checksum = forged.withUnsafeBytes { TableImage.checksum(UnsafeRawBufferPointer(rebasing: $0[header...])) }
      withUnsafeBytes(of: checksum.littleEndian) { for index in 0..<8 { forged[16 + index] = $0[index] } }
      let manifest = try RouteManifest(data: data, compiledTable: Data(forged))
      guard manifest.compiled.precompiled != nil else {
        refused += 1
        continue
      }
      loaded += 1
      // Whatever it answers, it answers: every search, match, candidate list and URL ends.
      let table = try manifest.makeTable()
      for link in links {
        _ = try? table.match(link)
        _ = (try? table.candidates(for: link)).map { Array($0).count }
      }
      for route in table.routes { _ = route.pattern.parameterNames }
      _ = table.index.lintWarnings()
    }
    // Most changes are caught; those that are not still ran every link above (about one in five).
    #expect(refused > 1_000 && loaded > 150, "\(refused) refused, \(loaded) loaded")
  }
}

extension RouteTable {
  /// Whether this table's index is `precompiled`'s, not one compiled again.
  fileprivate func uses(_ precompiled: PrecompiledRoutes) -> Bool { index === precompiled.index }
}
