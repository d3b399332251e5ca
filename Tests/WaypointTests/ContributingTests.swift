import Foundation
import Testing

/// CONTRIBUTING.md against what CI runs: every step of `.ci/run` and every script it calls has its
/// row in "If you change X, run Y", so the page cannot fall behind the checks.
@Suite("CONTRIBUTING.md")
struct ContributingTests {
  /// A file of the repository, by its path from the root.
  static func read(_ path: String) throws -> String { try VersionPolicyTests.read(path) }

  /// The table of "If you change X, run Y", its rows only.
  static func table() throws -> [Substring] {
    let page = try read("CONTRIBUTING.md")
    let section = try #require(
      page.components(separatedBy: "\n## If you change X, run Y\n").dropFirst().first?.components(separatedBy: "\n## ")
        .first)
    return section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| if you change") }
  }

  @Test("every step of .ci/run has a row that runs it, with its time")
  func steps() throws {
    let run = try Self.read(".ci/run")
    let list = try #require(run.firstMatch(of: #/\nsteps=\(([a-z -]+)\)\n/#))
    let steps = list.output.1.split(separator: " ")
    #expect(steps.count >= 14)
    let rows = try Self.table()
    for step in steps {
      let row = rows.first { $0.contains("`bash .ci/run \(step)`") }
      #expect(row != nil, "CONTRIBUTING.md has no row for the step \(step)")
      // The time column: a figure in seconds or minutes, not left out.
      if let row {
        #expect(row.firstMatch(of: #/\| \d+ (s|min)/#) != nil, "the row of \(step) gives no time")
      }
    }
    #expect(rows.count == steps.count, "a row that runs no step of .ci/run")
  }

  @Test("every script .ci/run calls is named in the table")
  func scripts() throws {
    let run = try Self.read(".ci/run")
    let called = Set(run.matches(of: #/Scripts/[a-z-]+\.sh/#).map { String($0.output) })
    #expect(called.count >= 11)
    let table = try Self.table().joined(separator: "\n")
    for script in called.sorted() where script != "Scripts/need.sh" {
      #expect(table.contains("`\(script)"), "CONTRIBUTING.md's table does not name \(script)")
    }
    // The scripts those scripts call are named too.
    for helper in ["Scripts/check-platforms.sh", "Scripts/checks-flags.sh", "Scripts/link-service-postgres.sh"] {
      #expect(table.contains("`\(helper)"), "CONTRIBUTING.md's table does not name \(helper)")
    }
  }
}
