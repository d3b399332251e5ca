import Foundation
import Testing

/// The folders of `Sources/Waypoint` are layers: each uses only the types of those before it.
///
/// The order is read from CONTRIBUTING.md's list, the one place it is written: Matching (its own
/// module) → Routing → Manifest → Modules → Navigation → ScreenViews (what the user sees, from the
/// navigators' states) → Entry (the doors into the app), with Support (small helpers) and
/// Vocabulary (where a screen goes and how it is shown, which routes and navigation share) under
/// all of them.
@Suite("Layers")
struct LayerTests {
  /// The folders under every layer, which CONTRIBUTING.md names after its numbered list.
  static let beneath = ["Support", "Vocabulary"]

  /// The folders of `Sources/Waypoint` in their order: those ``beneath`` all, then each numbered
  /// layer of CONTRIBUTING.md's "The layers" that names one (Matching is a module of its own).
  static func order() throws -> [String] {
    let section = try #require(
      try String(contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        .components(separatedBy: "\n## The layers\n").dropFirst().first?.components(separatedBy: "\n## ").first)
    let numbered = section.split(separator: "\n").filter { $0.firstMatch(of: #/^\d+\. \*\*/#) != nil }
    let folders = numbered.compactMap {
      $0.firstMatch(of: #/`Sources/Waypoint/([A-Za-z]+)`/#).map { String($0.output.1) }
    }
    #expect(numbered.count == 7 && folders.count == 6, "CONTRIBUTING.md's layers: \(numbered)")
    for folder in beneath {
      #expect(section.contains("`Sources/Waypoint/\(folder)`"), "CONTRIBUTING.md does not say where \(folder) sits")
    }
    return beneath + folders
  }

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let sources = root.appendingPathComponent("Sources/Waypoint")

  /// One source file: its folder and its code without comments and string literals.
  struct File {
    let folder: String
    let name: String
    let code: String
  }

  static func files() throws -> [File] {
    let manager = FileManager.default
    var files: [File] = []
    for folder in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
      let directory = sources.appendingPathComponent(folder)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
        !folder.hasSuffix(".docc")
      else { continue }
      for name in try manager.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".swift") {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        files.append(File(folder: folder, name: name, code: strip(text)))
      }
    }
    return files
  }

  /// `text` without `//` comments and without the contents of one-line string literals.
  static func strip(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var kept = ""
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString, character == "/", previous == "/" {
          kept.removeLast()
          break
        }
        if character == "\"", previous != "\\" { inString.toggle() }
        if !inString || character == "\"" { kept.append(character) }
        previous = character
      }
      return kept
    }.joined(separator: "\n")
  }

  /// The type names a file declares (nested ones included).
  static func declarations(in code: String) -> Set<String> {
    let pattern = #/\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)/#
    return Set(code.matches(of: pattern).map { String($0.output.1) })
  }

  /// The capitalised identifiers a file uses.
  static func identifiers(in code: String) -> Set<String> {
    Set(code.matches(of: #/\b[A-Z][A-Za-z0-9_]*\b/#).map { String($0.output) })
  }

  @Test("every folder of Sources/Waypoint is a known layer")
  func foldersAreLayers() throws {
    let folders = Set(try Self.files().map(\.folder))
    #expect(folders == Set(try Self.order()))
  }

  @Test("no file uses a type declared only in a later layer")
  func noUpwardReference() throws {
    let files = try Self.files()
    let order = try Self.order()
    var declaredIn: [String: Int] = [:]
    for file in files {
      let layer = try #require(order.firstIndex(of: file.folder))
      for name in Self.declarations(in: file.code) { declaredIn[name] = min(declaredIn[name] ?? layer, layer) }
    }
    // The scan sees references: navigation uses the router's request.
    #expect(files.contains { $0.folder == "Navigation" && Self.identifiers(in: $0.code).contains("RouteRequest") })
    for file in files {
      let layer = try #require(order.firstIndex(of: file.folder))
      for name in Self.identifiers(in: file.code).sorted() {
        guard let home = declaredIn[name], home > layer else { continue }
        Issue.record("\(file.folder)/\(file.name) uses \(name), declared in the later layer \(order[home])")
      }
    }
  }

  @Test("docs/Architecture.md describes the layers in CONTRIBUTING.md's order; Style.md and the README point there")
  func oneList() throws {
    let read = { (path: String) in try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) }
    let names = { (text: String) in
      text.split(separator: "\n").compactMap {
        $0.firstMatch(of: #/^\d+\. \*\*([^*]+)\*\*/#).map { String($0.output.1) }
      }
    }
    let contributing = try read("CONTRIBUTING.md")
    let listed = names(contributing.components(separatedBy: "\n## The layers\n").dropFirst().first ?? "")
    #expect(listed == ["Matching", "Routing", "Manifest", "Modules", "Navigation", "Screen views", "Entry"])
    #expect(names(try read("docs/Architecture.md")).prefix(listed.count) == listed[...])
    for path in ["docs/Style.md", "docs/Architecture.md", "README.md"] {
      let text = try read(path)
      #expect(text.contains("CONTRIBUTING.md#the-layers"), "\(path) does not point to the list")
      // No other file writes the order out again.
      #expect(!text.contains("Matching →"), "\(path) writes the layers' order itself")
    }
  }

  @Test("the scan finds an upward reference when there is one")
  func scanCanFail() {
    let routing = Self.identifiers(
      in: Self.strip("let manifest: RouteManifest // ScreenCoordinator\nlet s = \"Screen\""))
    #expect(routing == ["RouteManifest"])
    #expect(
      Self.declarations(in: "public struct RouteManifest: Sendable { enum Kind {} }") == ["RouteManifest", "Kind"])
  }
}
