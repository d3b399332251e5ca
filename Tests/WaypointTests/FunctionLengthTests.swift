import Foundation
import Testing

/// Every function of the package's sources fits on a screen: at most 60 lines from its
/// declaration to its closing brace, so each reads in one go.
@Suite("Function length")
struct FunctionLengthTests {
  static let limit = 60

  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The functions of `text` longer than `limit` lines, as `line: declaration (length)`.
  static func longFunctions(in text: String, limit: Int) -> [String] {
    // A declaration that opens a body: `func`, `init` or `subscript`, after attributes and modifiers.
    let declaration =
      #/
      ^ \s* (@\w+ (\( [^)]* \))? \s+)*
      ((public|package|private|fileprivate|internal|open|static|class|mutating|nonisolated|override|final
        |convenience|required) (\(set\))? \s+)*
      (func|init|subscript) \b
      /#
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [String] = []
    for (index, line) in lines.enumerated() where line.contains(declaration) {
      // A body opens on the signature's last line; a requirement or a one-line body is skipped.
      guard let open = bodyStart(lines, declaration: index), !lines[open].hasSuffix("}") else { continue }
      let indent = line.prefix { $0 == " " }.count
      guard
        let close = lines[(open + 1)...].firstIndex(where: {
          $0.hasPrefix(String(repeating: " ", count: indent) + "}")
        })
      else { continue }
      let length = close - index + 1
      if length > limit {
        found.append("\(index + 1): \(line.trimmingCharacters(in: .whitespaces)) (\(length) lines)")
      }
    }
    return found
  }

  /// The line where the body of the declaration at `index` opens: the signature runs on until a
  /// `{`, and a comment, a closing brace or another declaration first means it has no body.
  static func bodyStart(_ lines: [Substring], declaration index: Int) -> Int? {
    let stops = ["//", "}", "func ", "init", "var ", "let ", "case ", "struct ", "class ", "enum ", "protocol ", "@"]
    for line in index..<min(index + 8, lines.count) {
      let text = lines[line].drop { $0 == " " }
      if line > index, stops.contains(where: { text.hasPrefix($0) }) { return nil }
      if text.contains("{") { return line }
    }
    return nil
  }

  @Test("no function in Sources/ is over 60 lines")
  func shortFunctions() throws {
    let manager = FileManager.default
    let files = try manager.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count > 100, "the scan found the sources")
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      let long = Self.longFunctions(in: text, limit: Self.limit)
      #expect(long.isEmpty, "Sources/\(file): \(long.joined(separator: "; "))")
    }
  }

  @Test("the scan finds a long function, and passes a requirement and a one-line body")
  func scanCanFail() {
    let body = (0..<70).map { "    print(\($0))" }.joined(separator: "\n")
    let text = """
      protocol P {
        func required()
        init(value: Int)
      }
      struct S {
        func short() { print(1) }
        private mutating func long(
          value: Int
        ) {
      \(body)
        }
      }
      """
    let found = Self.longFunctions(in: text, limit: 60)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("7: private mutating func long(") == true, "\(found)")
  }
}
