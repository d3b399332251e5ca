import Foundation
import Testing

/// One concern per file: no source file over 500 lines, and a core file declares one top-level
/// type unless the others are that type's small helpers, each such file named here with why.
@Suite("One concern per file")
struct FileConcernTests {
  static let lineLimit = 500

  /// The core's files that keep several top-level types, and what holds them together.
  static let helpersKept: [String: String] = [
    "Support/JSONValue.swift": "the JSON reader: its value, object, string escaping, path and error",
    "Modules/ModuleRegistration.swift": "a registration with the factory protocol it stores and the adapter it runs",
    "Modules/Required.swift": "the property wrapper with the package protocol that finds it unset",
    "Navigation/Navigator+previous.swift": "the previous requirements' defaults with their private caller",
    "Navigation/WindowCoordinators.swift": "the coordinators with the private handler they register",
    "Navigation/StateFeed.swift": "the feed with the protocol of the navigators that publish to it",
    "Navigation/SplitColumns.swift": "the columns with the style that says how many",
    "Navigation/ScreenCoordinator.swift": "the coordinator with its private weak reference",
    "Navigation/ScreenCoordinator+destinations.swift": "the two package protocols the coordinator's conformance needs",
    "Navigation/ScreenClosing.swift": "the closing with the one-shot ending it hands out",
    "Manifest/RouteManifest+writing.swift": "the writer with its private document and its options",
    "Manifest/RouteManifest+compiled.swift": "the compiled table's format with what reading it tells",
  ]

  static let core = FunctionLengthTests.sources.appendingPathComponent("Waypoint")

  /// The top-level type declarations of `text`: those that start a line, after attributes and modifiers.
  static func topLevelTypes(in text: String) -> [String] {
    let declaration =
      #/
      ^ (@\w+ (\( [^)]* \))? \s+)*
      ((public|package|internal|private|fileprivate|final|indirect) \s+)*
      (struct|class|enum|actor|protocol) \s+ (?<name>[A-Z]\w*)
      /#
    return text.split(separator: "\n").compactMap { line in line.firstMatch(of: declaration).map { String($0.name) } }
  }

  static func swiftFiles(under directory: URL) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
  }

  @Test("no Swift file in Sources/ is over 500 lines")
  func shortFiles() throws {
    let files = try Self.swiftFiles(under: FunctionLengthTests.sources)
    #expect(files.count > 150, "the scan found the sources")
    for file in files {
      let text = try String(contentsOf: FunctionLengthTests.sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
      #expect(lines <= Self.lineLimit, "Sources/\(file) has \(lines) lines")
    }
  }

  @Test("a core file declares one top-level type, or is named with the helpers it keeps")
  func oneTypePerFile() throws {
    var several: Set<String> = []
    for file in try Self.swiftFiles(under: Self.core) {
      let text = try String(contentsOf: Self.core.appendingPathComponent(file), encoding: .utf8)
      let types = Self.topLevelTypes(in: text)
      guard types.count > 1 else { continue }
      several.insert(file)
      #expect(Self.helpersKept[file] != nil, "Sources/Waypoint/\(file) declares \(types.joined(separator: ", "))")
    }
    for file in Set(Self.helpersKept.keys).subtracting(several).sorted() {
      #expect(Bool(false), "Sources/Waypoint/\(file) no longer declares several types: take it off the list")
    }
    // Half of the 31 an independent read counted, at most.
    #expect(Self.helpersKept.count <= 15)
  }

  @Test("the scan sees a type after attributes and modifiers, and not one nested or in a comment")
  func scanCanFail() {
    let text = """
      @MainActor
      public final class A {
        struct Nested {}
      }
      @usableFromInline package enum B: Sendable {}
      /// struct InDocs
      private protocol C {}
      extension A {}
      """
    #expect(Self.topLevelTypes(in: text) == ["A", "B", "C"])
  }
}
