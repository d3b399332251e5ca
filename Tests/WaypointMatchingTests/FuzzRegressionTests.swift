import Testing

@testable import WaypointMatching

/// Inputs the fuzz targets (`Scripts/fuzz.sh`) once broke an invariant with, kept so they stay fixed.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  @Test("an error column counts `\\r\\n` as one character and stays inside the pattern")
  func columnAfterCRLF() {
    let source = "\r\n@<"
    #expect(
      performing: { try RoutePattern(source) },
      throws: { error in
        guard let error = error as? RoutingError, let column = error.column else { return false }
        return error.code == .invalidPattern && column >= 1 && column <= source.count + 1
      })
  }

  @Test("a pattern whose first segment follows an empty host prints a URL it matches back")
  func emptyHostKeepsPathSegment() throws {
    let pattern = try RoutePattern("myappHHHHb:////Hb:a")
    let url = try pattern.url(parameters: ["a": "7"])
    #expect(url == "myapphhhhb:///Hb7")
    var builder = RouteTableBuilder<Int>()
    builder.add(pattern.source, payload: 1)
    #expect(try builder.build().match(url)?.parameters["a"] == "7")
  }
}

extension FuzzRegressionTests {
  @Test("a slash after a host that serves as the first segment is a trailing slash")
  func slashAfterHostSegment() throws {
    var options = MatchingOptions()
    options.trailingSlash = .strict
    #expect(try ParsedURL("myapp://user/", options: options).hasTrailingSlash)
    #expect(try !ParsedURL("myapp://user", options: options).hasTrailingSlash)
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add("myapp://user/", payload: 1)
    builder.add("myapp://user", payload: 2)
    let table = try builder.build()
    #expect(try table.match("myapp://user/")?.payload == 1)
    #expect(try table.match("myapp://user")?.payload == 2)
  }
}

extension FuzzRegressionTests {
  @Test("a host is printed percent-encoded, so a control character or `@` in it parses back")
  func hostIsEncoded() throws {
    for source in ["https://%1ep///<uuid:id>", "https://a%40b/x", "https://[::1]/x"] {
      let pattern = try RoutePattern(source)
      let url = try pattern.url(
        parameters: pattern.parameterNames.isEmpty ? [:] : ["id": "123e4567-e89b-12d3-a456-426614174000"])
      var builder = RouteTableBuilder<Int>()
      builder.add(source, payload: 1)
      #expect(try builder.build().match(url)?.payload == 1, "\(source) printed \(url)")
    }
  }
}

extension FuzzRegressionTests {
  @Test("a pattern host that is only a port restricts no host")
  func portOnlyHost() throws {
    let pattern = try RoutePattern("https://:/ld>")
    #expect(pattern.host == nil)
    var builder = RouteTableBuilder<Int>()
    builder.add(pattern.source, payload: 1)
    let table = try builder.build()
    #expect(try table.match(pattern.url())?.payload == 1)
    #expect(try table.match("https://example.com/ld%3E")?.payload == 1)
  }
}

extension FuzzRegressionTests {
  @Test("in strict trailing-slash mode, a spelling without segments matches the root")
  func emptySpellingIsRoot() throws {
    var options = MatchingOptions()
    options.trailingSlash = .strict
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add("(/d)/", payload: 1)
    let table = try builder.build()
    #expect(try table.match("/")?.payload == 1)
    #expect(try table.match("/d/")?.payload == 1)
    #expect(try table.match("/d") == nil)
  }
}

extension FuzzRegressionTests {
  @Test("a path of slashes with empty segments kept has one segment per slash")
  func slashesWithEmptySegmentsKept() throws {
    var options = MatchingOptions()
    options.emptySegments = .keep
    let url = try ParsedURL("41/u" + String(repeating: "/", count: 27), options: options)
    let segments = url.segments
    // `41`, `u`, then an empty segment between each two of the 27 slashes; the last one trails.
    #expect(segments.count == 28)
    #expect(segments.prefix(2) == ["41", "u"])
    #expect(segments.dropFirst(2).allSatisfy { $0.isEmpty })
  }
}

extension FuzzRegressionTests {
  @Test("a URL printed for a parameter that equals a literal-only group's text opens with that parameter")
  func literalGroupReadsParameter() throws {
    // FuzzPattern's input: the selector `]` (segment hosts, case-insensitive, strict trailing slash,
    // `+` kept) and the pattern `\t/a(/:f)(/7)`; `f = 7` printed `/%09/a/7`, read without `f`.
    var options = MatchingOptions()
    options.host = .segment
    options.caseSensitive = false
    options.trailingSlash = .strict
    options.plusAsSpace = false
    let pattern = try RoutePattern("\t/a(/:f)(/7)", options: options)
    let url = try pattern.url(parameters: ["f": "7"])
    #expect(url == "/%09/a/7/7")
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add(pattern.source, payload: 1)
    let match = try #require(try builder.build().match(url))
    #expect(match.parameters["f"] == "7")
    #expect(match.parameters.count == 1)
  }
}
