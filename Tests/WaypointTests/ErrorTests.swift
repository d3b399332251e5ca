import Foundation
import Testing
import Waypoint

@Suite("Errors per subsystem")
struct ErrorTests {
  /// The package's root, from this file's place in `Tests/WaypointTests`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The code names declared in one error type's file (`public static let name: Code = "name"`, or
  /// `: Self =` in an extension of the code type).
  static func declaredCodes(in path: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard line.contains("public static let "), line.contains(": Code = \"") || line.contains(": Self = \"") else {
        return nil
      }
      return line.split(separator: "\"").dropFirst().first.map(String.init)
    }
  }

  /// Each subsystem's codes, where it raises them: the router's own routing codes beside it.
  static let errorFiles = [
    "Sources/WaypointMatching/Errors/RoutingError.swift", "Sources/Waypoint/Routing/RoutingError+router.swift",
    "Sources/Waypoint/Manifest/ManifestError.swift",
    "Sources/Waypoint/Modules/ModuleError.swift", "Sources/Waypoint/Navigation/NavigationError.swift",
  ]

  @Test("the Errors article has a row for every code of every subsystem, and no other", arguments: errorFiles)
  func articleListsEveryCode(_ file: String) throws {
    let codes = try Self.declaredCodes(in: file)
    #expect(codes.count >= 3, "the scan found the codes of \(file)")
    let article = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/Waypoint/Documentation.docc/ErrorReference.md"),
      encoding: .utf8)
    for code in codes {
      #expect(article.contains("| `\(code)` |"), "ErrorReference.md has no row for '\(code)' of \(file)")
    }
    let tables = article.components(separatedBy: "## Routing errors").last ?? ""
    let rows = tables.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == (try Self.errorFiles.flatMap(Self.declaredCodes)).count, "one row per code")
  }

  @Test("each code is declared once, in its subsystem's files")
  func codesInOneFile() throws {
    let matching = try Self.declaredCodes(in: Self.errorFiles[0])
    let router = try Self.declaredCodes(in: Self.errorFiles[1])
    #expect(Set(matching).isDisjoint(with: router), "a routing code declared twice")
    let sources = Self.root.appendingPathComponent("Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
    let declaring = try files.filter { $0.hasSuffix(".swift") }.filter { file in
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      return text.contains("extension RoutingError.Code") || text.contains(": Code = \"")
    }
    #expect(Set(declaring.map { "Sources/" + $0 }) == Set(Self.errorFiles))
  }

  @Test("a router builder's error carries every problem and the warnings, and diagnose() returns the same")
  func routerBuildError() {
    var builder = RouterBuilder()
    builder.add("/u/:id", priority: 1) { _ in 1 }
    builder.add("/u/me") { _ in 2 }
    builder.add("/a") { _ in 3 }
    builder.add("/a") { _ in 4 }
    builder.add(RouteManifest(routes: [RouteDefinition(pattern: "/t", target: "Nowhere")]))
    let error = #expect(throws: BuildError.self) { try builder.build() }
    #expect(error?.errors(as: RoutingError.self).map(\.code) == [.conflict, .missingHandler])
    #expect(error?.diagnostics.filter { $0.severity == .warning }.map(\.code) == ["shadowed"])
    #expect(error?.diagnostics == builder.diagnose())
    #expect(error?.message.hasPrefix("2 problems:\n- conflict: ") == true)
  }

  @Test("a handler's navigation error reaches the caller whole, under handlerFailed")
  @MainActor
  func underlying() async throws {
    let modules = try makeModules()
    var builder = RouterBuilder()
    modules.registerTargets(in: &builder)
    builder.add(
      RouteManifest(routes: [RouteDefinition(pattern: "/peek/<int:id>", target: "NoteEditor", presentation: .popover)]))
    let router = try builder.build()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let error = await #expect(throws: RoutingError.self) { try await router.open("/peek/3") }
    #expect(error?.code == .handlerFailed)
    let navigation = error?.underlying as? NavigationError
    #expect(navigation?.code == .unsupportedPresentation)
    #expect(navigation?.message == "'EditorScreen' supports push, replaceRoot, sheet, show, not popover")
  }

  @Test("a request that does not fill a module's configuration is bindingFailed naming the module")
  @MainActor
  func bindingFailed() async throws {
    let modules = try makeModules()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let request = RouteRequest(url: try ParsedURL("/note/abc"), parameters: ["id": "abc"])
    let failed = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(request, target: "NoteEditor")
    }
    #expect(failed?.code == .moduleFailed)
    let error = try #require(failed?.underlying)
    #expect(error.code == .bindingFailed)
    #expect(error.module == "EditorScreen")
    #expect(error.message.contains("invalidParameter"))
    #expect(failed?.message == error.message)
  }
}
