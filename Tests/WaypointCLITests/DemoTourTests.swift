import Testing
import WaypointExamples

@Suite("Demo tour")
struct DemoTourTests {
  func output() throws -> [String] {
    let output = try CLIRunner.run(["demo", "--tour"])
    #expect(output.status == 0)
    return output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("every stop prints its link and an outcome")
  func stops() throws {
    let lines = try output()
    #expect(lines.first?.hasPrefix("Waypoint demo: \(DemoTour.stops.count) links") == true)
    for stop in DemoTour.stops { #expect(lines.contains { $0.contains("open \(stop.url)") }, "\(stop.url)") }
  }

  @Test("the tour shows what it promises")
  func outcomes() throws {
    let text = try output().joined(separator: "\n")
    #expect(text.contains("→ auth.provider  /auth/:provider"))
    #expect(text.contains("parameters  provider=google"))
    #expect(text.contains("rest        [projects] [q3/q4] [plan.txt]"))
    #expect(text.contains("redirect    notes://note/7?ref=mail"))
    #expect(text.contains("✗ notFound: no route matches '/settings/privacy'"))
    #expect(text.contains("✗ invalidURL: invalid URL 'notes://note/%zz': invalid percent-escape '%zz'"))
    #expect(text.contains("→ fallback  notes://*"))
    #expect(text.contains("query       code=x y+z"))
  }
}
