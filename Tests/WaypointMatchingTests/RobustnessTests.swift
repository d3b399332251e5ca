import TestSupport
import Testing

@testable import WaypointMatching

/// Random inputs made of the syntax's own tokens must never crash.
///
/// Every failure must carry one of the documented codes. A bounded, seeded run; the fuzz targets
/// go much further.
@Suite("Robustness on random input")
struct RobustnessTests {
  static let urlTokens = [
    "/", "//", "a", "Z", "0", "42", ":", "://", "myapp", "https", "?", "#", "&", "=", "+", "%", "%2F", "%2B", "%zz",
    "%FF", "%C3%A9", "é", "😀", " ", "@", "[", "]", ".", "-", "\u{0}", "\u{7F}", "..", "%00", "%C3",
  ]
  static let patternTokens = [
    "/", "a", ":", "id", ":x", "<", ">", "<int:", "<path:", "<nope:", "*", "*rest", "(", ")", "(/", "[", "]", "\\",
    "[0-9]+", "+", "?", "#", ".json", "-", "myapp://", "https://", "%", "%2F", "é", "{2,1}", "((", "))", "|",
  ]

  static func random(_ tokens: [String], _ generator: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...14, using: &generator)).map { _ in tokens.randomElement(using: &generator) ?? "" }.joined()
  }

  @Test("a scheme's host is apart only for http and https, in any case: byte by byte as by lowercasing")
  func webSchemes() {
    let options = MatchingOptions()
    let schemes = [
      "http", "https", "HTTP", "Https", "hTtPs", "httpx", "htt", "http2", "hxxp", "myapp", "", "h", "httpss", "HTTPS",
      "ht\u{0130}p", "\u{0130}ttp", "ftp", "H", "https\u{00e9}",
    ]
    for scheme in schemes {
      let lowered = scheme.lowercased()
      #expect(options.hostIsSegment(scheme: scheme) == !(lowered == "http" || lowered == "https"), "\(scheme)")
      #expect(options.hostIsSegment(scheme: Substring(scheme)) == options.hostIsSegment(scheme: scheme))
    }
  }

  @Test("URLs: parsed or refused with invalidURL")
  func urls() {
    var generator = SeededGenerator(seed: 1)
    for _ in 0..<3000 {
      let text = Self.random(Self.urlTokens, &generator)
      for mode in MatchingOptions.HostMode.allCases {
        var options = MatchingOptions()
        options.host = mode
        options.emptySegments = Bool.random(using: &generator) ? .keep : .collapse
        options.fragmentAsQuery = Bool.random(using: &generator)
        do {
          let url = try ParsedURL(text, options: options)
          _ = url.queryItems
          _ = url.fragment
        } catch {
          #expect(error.code == .invalidURL, "\(text)")
        }
      }
    }
  }

  @Test("patterns: parsed or refused with invalidPattern, and parsed ones build and match")
  func patterns() throws {
    var generator = SeededGenerator(seed: 2)
    var valid: [String] = []
    for _ in 0..<1500 {
      let text = Self.random(Self.patternTokens, &generator)
      do {
        _ = try RoutePattern(text)
        valid.append(text)
      } catch {
        #expect(error.code == .invalidPattern, "\(text)")
        #expect(error.column != nil, "\(text)")
      }
    }
    #expect(valid.count > 100, "the run must exercise enough valid patterns")
    var builder = RouteTableBuilder<Int>()
    for (index, text) in valid.enumerated() { builder.add(text, payload: index) }
    let diagnostics = builder.diagnose()
    let allowed: [RoutingError.Code] = [
      .conflict, .shadowed, .overlappingRegex, .catastrophicRegex, .emptySegment, .schemeOnly,
    ]
    #expect(diagnostics.allSatisfy { $0.routing.map { allowed.contains($0.code) } == true })
    let conflicting = Set(diagnostics.filter { $0.routing?.code == .conflict }.compactMap(\.routing?.routePosition))
    var unique = RouteTableBuilder<Int>()
    for (index, text) in valid.enumerated() where !conflicting.contains(index) { unique.add(text, payload: index) }
    let table = try unique.build()
    var matched = 0
    for _ in 0..<3000 {
      let url = Self.random(Self.urlTokens, &generator)
      guard let candidates = try? table.candidates(for: url) else { continue }
      let all = Array(candidates)
      matched += all.isEmpty ? 0 : 1
      #expect(try table.match(url)?.route.position == all.first?.route.position, "\(url)")
      #expect(Set(all.map(\.route.position)).count == all.count, "\(url)")
    }
    #expect(matched > 100, "the run must exercise enough matches")
  }

  @Test("a user-registered type matches, ranks as typed and checks generated values")
  func customType() throws {
    var builder = RouteTableBuilder<String>()
    builder.parameterTypes.register(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
    builder.add("/posts/<slug:post>", name: "post", payload: "slug")
    builder.add("/posts/:other", payload: "plain")
    let table = try builder.build()
    #expect(try table.match("/posts/hello-world")?.payload == "slug")
    #expect(try table.match("/posts/Hello")?.payload == "plain")
    #expect(throws: RoutingError.self) { try table.url(for: "post", parameters: ["post": "Nope!"]) }
  }
}
