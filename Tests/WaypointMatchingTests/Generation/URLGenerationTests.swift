import TestSupport
import Testing

@testable import WaypointMatching

@Suite("URL generation")
struct URLGenerationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let pattern: String
    let parameters: [String: ParameterValue]
    let url: String
    var query: [QueryItem] = []
    var options = MatchingOptions()
    var testDescription: String { pattern }
  }

  static let cases: [Case] = [
    Case(pattern: "myapp://user/<int:id>", parameters: ["id": "42"], url: "myapp://user/42"),
    Case(pattern: "/user/:name", parameters: ["name": "Ann Lee/é?#%+"], url: "/user/Ann%20Lee%2F%C3%A9%3F%23%25%2B"),
    Case(pattern: "/p/item-:id.html", parameters: ["id": "7"], url: "/p/item-7.html"),
    Case(pattern: "/files/*path", parameters: ["path": ["a", "b c", "d/e"]], url: "/files/a/b%20c/d%2Fe"),
    Case(pattern: "/files/<path:p>", parameters: ["p": ["x"]], url: "/files/x"),
    Case(pattern: "/user(/:id)(/edit)", parameters: ["id": "1"], url: "/user/1"),
    Case(pattern: "/user(/:id)(/edit)", parameters: [:], url: "/user"),
    Case(pattern: "/a(/b/:c)/d", parameters: ["c": "1"], url: "/a/b/1/d"),
    Case(pattern: "https://Example.com/n/:id", parameters: ["id": "9"], url: "https://example.com/n/9"),
    Case(pattern: "https:///n/:id", parameters: ["id": "9"], url: "https:///n/9"),
    Case(pattern: "/t/10\\:30", parameters: [:], url: "/t/10:30"),
    Case(pattern: "/caf%C3%A9", parameters: [:], url: "/caf%C3%A9"),
    Case(pattern: "/a/", parameters: [:], url: "/a/"),
    Case(pattern: "/", parameters: [:], url: "/"),
    Case(
      pattern: "/s", parameters: [:], url: "/s?q=a%20b%26c&tag=x%2By",
      query: [QueryItem(name: "q", value: "a b&c"), QueryItem(name: "tag", value: "x+y")]),
    Case(pattern: "/s/:v", parameters: ["v": "a%20b"], url: "/s/a%20b", options: options { $0.decodePath = false }),
  ]

  @Test("URLs print with percent-encoding", arguments: cases)
  func prints(_ testCase: Case) throws {
    let pattern = try RoutePattern(testCase.pattern, options: testCase.options)
    #expect(try pattern.url(parameters: testCase.parameters, query: testCase.query) == testCase.url)
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    let pattern: String
    let parameters: [String: ParameterValue]
    let parameter: String
    let reason: String
    var testDescription: String { "\(pattern) \(reason)" }
  }

  static let failures: [Failure] = [
    Failure(pattern: "/u/:id", parameters: [:], parameter: "id", reason: "the parameter 'id' is missing"),
    Failure(
      pattern: "/u/<int:id>", parameters: ["id": "x"], parameter: "id",
      reason: "the value 'x' of parameter 'id' does not satisfy <int:id>"),
    Failure(pattern: "/u/:id([0-9]+)", parameters: ["id": "1a"], parameter: "id", reason: "does not satisfy"),
    Failure(pattern: "/u/:id", parameters: ["id": ""], parameter: "id", reason: "does not satisfy"),
    Failure(pattern: "/u/:id", parameters: ["id": ["a"]], parameter: "id", reason: "takes one value, not a list"),
    Failure(
      pattern: "/f/*rest", parameters: ["rest": "a/b"], parameter: "rest",
      reason: "needs a list of one or more segments"),
    Failure(pattern: "/f/*rest", parameters: ["rest": []], parameter: "rest", reason: "needs a list"),
    Failure(pattern: "/f/*", parameters: [:], parameter: "*", reason: "a bare '*' cannot be printed"),
    Failure(
      pattern: "/u/:id", parameters: ["id": "1", "idd": "2"], parameter: "idd",
      reason: "the pattern has no parameter 'idd'"),
  ]

  @Test("a bad parameter is an error naming it", arguments: failures)
  func fails(_ testCase: Failure) throws {
    let pattern = try RoutePattern(testCase.pattern)
    #expect {
      try pattern.url(parameters: testCase.parameters)
    } throws: { error in
      guard let error = error as? RoutingError else { return false }
      return error.code == .invalidParameter && error.parameter == testCase.parameter
        && error.message.contains(testCase.reason)
    }
  }

  @Test("tables print by route name; an unknown name is unknownRoute")
  func byName() throws {
    var builder = RouteTableBuilder<Int>()
    builder.add("myapp://note/<int:id>", name: "note", payload: 1)
    let table = try builder.build()
    #expect(try table.url(for: "note", parameters: ["id": "3"]) == "myapp://note/3")
    #expect(throws: RoutingError.self) { try table.url(for: "nope") }
    do {
      _ = try table.url(for: "note", parameters: ["id": "x"])
      Issue.record("a value the constraint rejects was printed")
    } catch {
      #expect(error.routeName == "note")
      #expect(error.code == .invalidParameter)
    }
  }
}

@Suite("Parse → print → parse")
struct RoundTripTests {
  static let alphabet: [Character] = Array("aZ09 -._~!$&'()*+,;=:@/?#%[]\"<>\\^`{|}é漢😀") + ["\u{301}"]

  static func randomValue(_ generator: inout SeededGenerator) -> String {
    let length = Int.random(in: 1...12, using: &generator)
    var value = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    if value.first == "\u{301}" { value = "a" + value }
    return value
  }

  static let patterns = [
    "/user/:name", "myapp://note/:id/item-:part.json", "/files/:owner/*path", "/a(/:b)(/x/:c)",
    "https://example.com/:q",
    "/v/<int:n>/:s", "/r/:word([^0-9]+)",
  ]

  @Test("random values survive printing and matching", arguments: patterns)
  func roundTrip(_ source: String) throws {
    var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: source.utf8.count &* 7919))
    var builder = RouteTableBuilder<String>()
    builder.add(source, name: "r", payload: source)
    let table = try builder.build()
    let pattern = try #require(table.route(named: "r")?.pattern)
    for _ in 0..<300 {
      var values: [String: ParameterValue] = [:]
      var expected: [String: String] = [:]
      for segment in pattern.segments {
        switch segment.kind {
        case .rest(let name?):
          let parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.randomValue(&generator) }
          values[name] = .segments(parts)
          expected[name] = parts.joined(separator: "/")
        case .parameter(let parameter):
          if segment.group != nil, Bool.random(using: &generator) { continue }
          var value = Self.randomValue(&generator)
          if case .type("int") = parameter.constraint.kind {
            value = String(Int.random(in: -999...999, using: &generator))
          }
          if case .regex = parameter.constraint.kind {
            value = value.filter { !$0.isNumber }.isEmpty ? "x" : value.filter { !$0.isNumber }
          }
          values[parameter.name] = .value(value)
          expected[parameter.name] = value
        default:
          continue
        }
      }
      let url = try table.url(for: "r", parameters: values)
      let match = try #require(try table.match(url), "\(url) did not match")
      #expect(parameters(match) == expected, "\(url)")
    }
  }
}
