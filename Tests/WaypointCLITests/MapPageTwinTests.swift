import Foundation
import Testing

private func repositoryText(_ path: String) throws -> String {
  try String(contentsOf: CLIRunner.repository.appendingPathComponent(path), encoding: .utf8)
}

/// The map page's resolver (`Sources/waypoint/MapPage/resolver.js`) mirrors the matcher; these
/// tests hold the two together where `swift test` can, so a change to matching meets its twin
/// before the browser step of CI (`Scripts/check-map-page.sh`) does.
@Suite("The map page's twins")
struct MapPageTwinTests {
  /// The rows of docs/Architecture.md's table: Swift symbol, file under `Sources/`, twin.
  static func pairs() throws -> [(swift: String, file: String, twin: String)] {
    let article = try repositoryText("docs/Architecture.md")
    let section = try #require(article.range(of: "## The map page's twins"))
    return article[section.upperBound...].split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("| `"), cells.count == 3, cells.allSatisfy({ $0.hasPrefix("`") && $0.hasSuffix("`") })
      else { return nil }
      let plain = cells.map { String($0.dropFirst().dropLast()) }
      return (plain[0], plain[1], plain[2])
    }
  }

  @Test("the architecture's table, each Swift doc comment and the script name the same pairs")
  func pairsAgree() throws {
    let pairs = try Self.pairs()
    #expect(pairs.count >= 18, "the table lost rows: \(pairs.count)")
    let script = try repositoryText("Sources/waypoint/MapPage/resolver.js")
    for pair in pairs {
      // Each check a Bool first, so a failure prints its message rather than the whole file.
      let defined = script.contains("function \(pair.twin)(") || script.contains("function* \(pair.twin)(")
      #expect(defined, "resolver.js has no function \(pair.twin), the twin of \(pair.swift)")
      let source = try repositoryText("Sources/" + pair.file)
      let named = source.contains(
        "/// The map page's twin: `\(pair.twin)` in `Sources/waypoint/MapPage/resolver.js`")
      #expect(named, "\(pair.file) does not name \(pair.twin) as the twin of \(pair.swift)")
    }
    // Every doc comment that names a twin is a row of the table.
    let named = try FileManager.default.subpathsOfDirectory(
      atPath: CLIRunner.repository.appendingPathComponent("Sources").path
    )
    .filter { $0.hasSuffix(".swift") }
    .reduce(0) { count, path in
      let text = try repositoryText("Sources/" + path)
      return count + text.components(separatedBy: "/// The map page's twin: `").count - 1
    }
    #expect(named == pairs.count, "\(named) doc comments name a twin, and the table has \(pairs.count) rows")
  }
}

/// The links the browser check pastes into each map page, run through the Swift router here.
///
/// `Tests/WaypointCLITests/MapPageCorpus/NAME.jsonl` holds, for each manifest the browser check
/// uses, its pasted links and a digest of `waypoint resolve --format json`'s answer to each from an
/// internal and an external origin. When matching changes an answer, this test names the links;
/// the page's resolver must change with it (check it with `Scripts/check-map-page.sh`), and
/// `python3 Scripts/map-page/write-corpus.py` records the new answers.
@Suite("The map page's corpus through the Swift router")
struct MapPageCorpusTests {
  /// The manifests of Scripts/map-page/check.py, by name; `nil` is the bundled one.
  static let manifests: [String: String?] = [
    "bundled": nil, "notes-app": "Examples/NotesApp/notes-app.json",
    "tricky-options": "Scripts/map-page/tricky-options.json", "tricky-hosts": "Scripts/map-page/tricky-hosts.json",
    "tricky-segments": "Scripts/map-page/tricky-segments.json", "tricky-text": "Scripts/map-page/tricky-text.json",
  ]

  /// FNV-1a, 64 bits, of `line`'s UTF-8 bytes as 16 hex digits, as write-corpus.py computes it.
  static func digest(_ line: Substring) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in line.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  @Test("every recorded link gets the answer recorded for it, from either origin", arguments: manifests.keys.sorted())
  func answers(_ name: String) throws {
    let rows = try repositoryText("Tests/WaypointCLITests/MapPageCorpus/\(name).jsonl").split(separator: "\n")
      .map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]) }
    #expect(rows.count > 200, "the corpus of \(name) has only \(rows.count) links")
    let manifest = try #require(Self.manifests[name]).map {
      ["--manifest", CLIRunner.repository.appendingPathComponent($0).path]
    }
    let links = rows.map { $0[0] }
    for (column, origin) in [(1, [String]()), (2, ["--origin", "external"])] {
      let output = try CLIRunner.run(
        ["resolve", "--format", "json"] + origin + (manifest ?? []), stdin: links.joined(separator: "\n") + "\n")
      // Split on line feeds only: an answer may hold U+2028.
      let answers = output.stdout.split(separator: "\n")
      try #require(answers.count == links.count, "\(answers.count) answers for \(links.count) links: \(output.stderr)")
      let changed = zip(rows, answers).filter { row, answer in Self.digest(answer) != row[column] }
      let unchanged = changed.isEmpty
      #expect(
        unchanged,
        """
        \(changed.count) link(s) of \(name) (\(origin.isEmpty ? "internal" : "external")) answer otherwise than \
        recorded, first: \(changed.prefix(3).map { "\($0.0[0]) → \($0.1)" }.joined(separator: "; ")). The map \
        page's resolver (Sources/waypoint/MapPage/resolver.js) mirrors matching: change it too, check it with \
        Scripts/check-map-page.sh, then record the answers with python3 Scripts/map-page/write-corpus.py.
        """)
    }
  }
}
