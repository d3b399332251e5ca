import Foundation
import Testing

/// One clock: the sources read the time, draw random numbers and make ids only through
/// `WaypointClock`, so every component can be given a test's clock and nothing waits on the real one.
@Suite("One clock")
struct ClockReadsTests {
  /// The file that provides them, from `Sources/`.
  static let provider = "Waypoint/Support/WaypointClock.swift"

  /// A direct read: the system's wall time, a clock's now, a new UUID or a random number.
  static var directRead: Regex<Substring> {
    #/
    \bDate\(\) | \bDate\.now\b | ContinuousClock\(\) | ContinuousClock\.now | SuspendingClock
    | \bUUID\(\) | SystemRandomNumberGenerator | \.random\( | \.randomElement\( | \.shuffled\(\)
    | DispatchTime\.now | \bclock_gettime | \barc4random | \bCFAbsoluteTimeGetCurrent
    | \(to:\s*\.now\) | ,\s*\.now\)
    /#
  }

  /// The lines of `text` that read one directly, comments left out.
  static func directReads(in text: String) -> [String] {
    text.split(separator: "\n").enumerated().compactMap { number, line in
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("//"), line.contains(directRead) else { return nil }
      return "\(number + 1): \(code)"
    }
  }

  @Test("no Swift file in Sources/ or LinkService/Sources/ reads the time, randomness or an id but the clock's")
  func oneProvider() throws {
    let root = FunctionLengthTests.sources.deletingLastPathComponent()
    var scanned = 0
    for folder in ["Sources", "LinkService/Sources"] {
      let directory = root.appendingPathComponent(folder)
      for file in try FileConcernTests.swiftFiles(under: directory)
      where "\(folder)/\(file)" != "Sources/\(Self.provider)" {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let reads = Self.directReads(in: text)
        #expect(reads.isEmpty, "\(folder)/\(file) reads directly: \(reads.joined(separator: "; "))")
        scanned += 1
      }
    }
    #expect(scanned > 200, "the scan found the sources")
    let provider = try String(
      contentsOf: FunctionLengthTests.sources.appendingPathComponent(Self.provider), encoding: .utf8)
    #expect(Self.directReads(in: provider).count >= 4, "the clock is where they are read")
  }

  @Test("the scan finds each kind of read, and passes a comment and the clock's own use")
  func scanCanFail() {
    let reads = [
      "let d = Date()", "let i = ContinuousClock.now", "let c = ContinuousClock()", "let id = UUID().uuidString",
      "var g = SystemRandomNumberGenerator()", "let n = Int.random(in: 0..<9)", "x.duration(to: .now)",
      "list.append((open, .now))",
    ]
    for read in reads { #expect(Self.directReads(in: read).count == 1, "\(read)") }
    let passed =
      "/// `Date()` in a comment\nlet d = clock.now()\nlet t = Date(timeIntervalSince1970: 0)\nlet u = UUID(uuidString: s)"
    #expect(Self.directReads(in: passed).isEmpty)
  }

  @Test("WaypointClock's documented example is code a test runs: each of its lines is in ParkedLinkTests")
  func documentedExampleRuns() throws {
    let provider = try String(
      contentsOf: FunctionLengthTests.sources.appendingPathComponent(Self.provider), encoding: .utf8)
    let lines = provider.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let open = lines.firstIndex(of: "/// ```swift"),
      let close = lines[(open + 1)...].firstIndex(of: "/// ```")
    else {
      Issue.record("WaypointClock's doc comment has no Swift example")
      return
    }
    let example = lines[(open + 1)..<close].map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) }
    #expect(example.count >= 4)
    let tests = FunctionLengthTests.sources.deletingLastPathComponent()
      .appendingPathComponent("Tests/WaypointTests/Entry/ParkedLinkTests.swift")
    let test = try String(contentsOf: tests, encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for line in example { #expect(test.contains(line), "the example's line is in no test: \(line)") }
  }
}
