import Foundation
import Testing
import Waypoint

@Suite("waypoint compile")
struct CompileCommandTests {
  @Test(
    "compile writes what RouteManifest.compileTable writes; --check passes on it and fails on a stale or missing file")
  func compileAndCheck() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "note", "pattern": "notes://note/<int:id>", "target": "Note"}]}"#)
    let output = manifest + ".waypoint-table"
    let written = try CLIRunner.run(["compile", "--manifest", manifest, "--output", output])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.lines.first?.hasPrefix("\(output): 1 routes, ") == true, "\(written.lines)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
    let source = try Data(contentsOf: URL(fileURLWithPath: manifest))
    #expect(bytes == (try RouteManifest.compileTable(from: source)))
    let loaded = try RouteManifest(data: source, compiledTable: bytes)
    #expect(loaded.compiledTableProblem == nil)

    let current = try CLIRunner.run(["compile", "--manifest", manifest, "--output", output, "--check"])
    #expect(current.status == 0 && current.lines == ["\(output): current (1 routes)"], "\(current.lines)")
    try Data(#"{"routes": [{"name": "note", "pattern": "notes://note/:id", "target": "Note"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: manifest))
    let stale = try CLIRunner.run(["compile", "--manifest", manifest, "--output", output, "--check"])
    #expect(stale.status == 1 && stale.stderr.contains("stale"), "\(stale.stderr)")
    let missing = try CLIRunner.run(["compile", "--manifest", manifest, "--output", output + ".none", "--check"])
    #expect(missing.status == 1 && missing.stderr.contains("missing"), "\(missing.stderr)")
  }

  @Test("a manifest with errors is not compiled: exit 2 with the manifest's message")
  func refusesBrokenManifests() throws {
    let manifest = try CLIRunner.temporaryFile(#"{"routes": [{"pattern": "/a/:id"}, {"pattern": "/a/:other"}]}"#)
    let output = try CLIRunner.run(["compile", "--manifest", manifest, "--output", manifest + ".table"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("conflict"), "\(output.stderr)")
    #expect(!FileManager.default.fileExists(atPath: manifest + ".table"))
    #expect(try CLIRunner.run(["compile", "--help"]).stdout.contains("Example"))
  }
}
