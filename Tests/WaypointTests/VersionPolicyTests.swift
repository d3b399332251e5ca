import Foundation
import Testing

/// The version policy of docs/Style.md ("Versions"), as the CHANGELOG, the README's install lines
/// and the deprecated declarations' comments state it: they agree.
@Suite("Version policy")
struct VersionPolicyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The CHANGELOG's release sections, newest first (`0.1.0`), and the next release it names.
  static func releases() throws -> (next: String, released: [String]) {
    let changelog = try read("CHANGELOG.md")
    let released = changelog.matches(of: #/\n## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n/#).map { String($0.output.1) }
    let next = try #require(changelog.firstMatch(of: #/## \[Unreleased\]\n\nThe next release, (\d+\.\d+\.\d+)\./#))
    return (String(next.output.1), released)
  }

  /// `0.(N+1).0` for `0.N.0`.
  static func following(_ version: String) -> String {
    let parts = version.split(separator: ".").compactMap { Int($0) }
    return parts.count == 3 ? "\(parts[0]).\(parts[1] + 1).0" : version
  }

  @Test("the CHANGELOG names the next release, one minor past the last one it lists")
  func changelog() throws {
    let (next, released) = try Self.releases()
    let last = try #require(released.first)
    #expect(next == Self.following(last))
  }

  @Test("the README's install lines name the next release and pin the last one's minor")
  func readmeInstall() throws {
    let (next, released) = try Self.releases()
    let readme = try Self.read("README.md")
    #expect(readme.contains("the next release (the CHANGELOG's Unreleased, \(next))"))
    #expect(readme.contains(#".upToNextMinor(from: "\#(released.first ?? "")")"#))
  }

  @Test("every deprecated declaration says in its comment the release that deprecated it and the one that removes it")
  func deprecations() throws {
    let (next, _) = try Self.releases()
    let said = "Deprecated in \(next), removed in \(Self.following(next))"
    let sources = Self.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var deprecated = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() where line.contains("@available(") {
        // The attribute may run over the next lines.
        guard lines[index..<min(index + 3, lines.count)].joined().contains("deprecated") else { continue }
        deprecated += 1
        // Its doc comment is above it, with nothing but comments and attributes between.
        let above = lines[..<index].reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(above.contains { $0.contains(said) }, "\(file.lastPathComponent):\(index + 1) does not say '\(said)'")
      }
    }
    #expect(deprecated > 0)
    let changelog = try Self.read("CHANGELOG.md")
    #expect(changelog.contains("### Deprecated (in \(next), removed in \(Self.following(next)))"))
  }

  @Test("the README's public-declaration count, and its deprecated ones, are what the sources declare")
  func publicSurface() throws {
    // The README's command: a line declaring something `public` or `open` (after attributes), a
    // `public import` not counted. A deprecated one is the first such line after an
    // `@available(…, deprecated…)` attribute.
    let declaration = #/^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\b/#
    let publicImport = #/^\s*(@[A-Za-z_]+\s+)*public import\b/#
    let declares = { (line: Substring) in
      line.firstMatch(of: declaration) != nil && line.firstMatch(of: publicImport) == nil
    }
    var count = 0
    var deprecated = 0
    for module in ["Sources/Waypoint", "Sources/WaypointMatching"] {
      let directory = Self.root.appendingPathComponent(module)
      let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
      for case let file as URL in files where file.pathExtension == "swift" {
        let lines = try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        count += lines.filter(declares).count
        for (index, line) in lines.enumerated() where line.contains("@available(") {
          guard lines[index..<min(index + 3, lines.count)].joined().contains("deprecated") else { continue }
          if lines[index..<min(index + 8, lines.count)].contains(where: declares) { deprecated += 1 }
        }
      }
    }
    let readme = try Self.read("README.md")
    let said = try #require(
      readme.firstMatch(of: #/together declare (\d+) public\s+declarations,\s+(\d+) of them\s+deprecated/#))
    #expect(Int(said.output.1) == count, "the README says \(said.output.1); the sources declare \(count)")
    #expect(Int(said.output.2) == deprecated, "the README says \(said.output.2) deprecated; the sources \(deprecated)")
    #expect(deprecated > 0)
  }
}
