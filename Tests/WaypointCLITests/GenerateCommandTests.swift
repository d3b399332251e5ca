import Foundation
import Testing

@Suite("waypoint generate")
struct GenerateCommandTests {
  /// The repository's root.
  static let root = CLIRunner.repository

  @Test("the checked-in enums are the generator's output for their manifests, so what compiles is what it writes")
  func checkedInSources() throws {
    let generated = [
      ("Examples/routes.json", "ExampleLink", "Tests/WaypointTests/Generated/ExampleLink.swift"),
      ("Examples/NotesApp/notes-app.json", "NotesAppLink", "Examples/NotesApp/UI/NotesAppLink.swift"),
    ]
    for (manifest, type, file) in generated {
      let path = Self.root.appendingPathComponent(manifest).path
      let output = try CLIRunner.run(["generate", "--type", type, "--manifest", path])
      #expect(output.status == 0, "\(output.stderr)")
      let checkedIn = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      #expect(
        output.stdout == checkedIn,
        "regenerate with: swift run waypoint generate --type \(type) --manifest \(manifest) --output \(file)")
    }
  }

  @Test("types from patterns, optional groups as optionals, access as asked, plain Swift")
  func typesAndAccess() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"options": {"caseSensitive": false},
       "routes": [
        {"pattern": "app://a/<int:id>/<double:x>/<float:y>/<uuid:u>/<bool:b>/:s", "name": "all-types"},
        {"pattern": "app://f(/:opt)", "name": "9lives"},
        {"pattern": "app://r/*rest", "name": "default"},
        {"pattern": "app://unnamed"}
      ]}
      """#)
    let output = try CLIRunner.run(["generate", "--type", "AppLink", "--access", "internal", "--manifest", manifest])
    #expect(output.status == 0, "\(output.stderr)")
    let source = output.stdout
    #expect(source.contains("enum AppLink: RoutableLink, Hashable {"))
    #expect(!source.contains("public "))
    #expect(source.contains("case allTypes(id: Int, x: Double, y: Float, u: UUID, b: Bool, s: String)"))
    #expect(source.contains("case route9lives(opt: String?)"))
    #expect(source.contains("case `default`(rest: [String])"))
    #expect(source.contains("options.caseSensitive = false"))
    #expect(!source.contains("unnamed"), "a route without a name makes no case")
    #expect(!source.contains("@Route"))
  }

  @Test("a type name that is not one, a manifest with no named route or with two routes making one case, exit 2")
  func refusals() throws {
    #expect(try CLIRunner.run(["generate", "--type", "Not A Type"]).status == 2)
    #expect(try CLIRunner.run(["generate", "--type", "X", "--access", "open"]).status == 2)
    let unnamed = try CLIRunner.temporaryFile(#"{"routes": [{"pattern": "app://a"}]}"#)
    let none = try CLIRunner.run(["generate", "--type", "X", "--manifest", unnamed])
    #expect(none.status == 2)
    #expect(none.stderr.contains("no named route"), "\(none.stderr)")
    let clash = try CLIRunner.temporaryFile(
      #"{"routes": [{"pattern": "app://a", "name": "a.b"}, {"pattern": "app://b", "name": "aB"}]}"#)
    let clashed = try CLIRunner.run(["generate", "--type", "X", "--manifest", clash])
    #expect(clashed.status == 2)
    #expect(clashed.stderr.contains("both make the case 'aB'"), "\(clashed.stderr)")
    let broken = try CLIRunner.temporaryFile(#"{"routes": [{"pattern": "app://<int:", "name": "a"}]}"#)
    #expect(try CLIRunner.run(["generate", "--type", "X", "--manifest", broken]).status == 2)
  }
}
