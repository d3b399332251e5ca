import Testing

@testable import WaypointMatching

@Suite("Pattern language")
struct PatternParserTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    let pattern: String
    let scheme: String?
    let host: String?
    /// Each segment as `description` prints it, with `?N` after segments of group N.
    let segments: [String]
    var options = MatchingOptions()
    var testDescription: String { pattern }
  }

  static let valid: [Valid] = [
    Valid(
      pattern: "myapp://user/login/:phone([0-9]+)", scheme: "myapp", host: nil,
      segments: ["user", "login", ":phone([0-9]+)"]),
    Valid(pattern: "/user/:id", scheme: nil, host: nil, segments: ["user", ":id"]),
    Valid(pattern: "user/<id>", scheme: nil, host: nil, segments: ["user", ":id"]),
    Valid(pattern: "/u/:x", scheme: nil, host: nil, segments: ["u", ":x"]),
    Valid(pattern: "/n/<int:id>", scheme: nil, host: nil, segments: ["n", "<int:id>"]),
    Valid(
      pattern: "/n/<double:d>/<uuid:u>/<bool:b>", scheme: nil, host: nil,
      segments: ["n", "<double:d>", "<uuid:u>", "<bool:b>"]),
    Valid(pattern: "/n/<string:s>", scheme: nil, host: nil, segments: ["n", ":s"]),
    Valid(pattern: "/p/:id.html", scheme: nil, host: nil, segments: ["p", ":id.html"]),
    Valid(pattern: "/p/item-:id", scheme: nil, host: nil, segments: ["p", "item-:id"]),
    Valid(pattern: "/p/<int:id>.json", scheme: nil, host: nil, segments: ["p", "<int:id>.json"]),
    Valid(pattern: "/p/v:n([0-9]+)-beta", scheme: nil, host: nil, segments: ["p", "v:n([0-9]+)-beta"]),
    Valid(pattern: "/files/*", scheme: nil, host: nil, segments: ["files", "*"]),
    Valid(pattern: "/files/*rest", scheme: nil, host: nil, segments: ["files", "*rest"]),
    Valid(pattern: "/files/<path:rest>", scheme: nil, host: nil, segments: ["files", "*rest"]),
    Valid(pattern: "/user(/:id)(/edit)", scheme: nil, host: nil, segments: ["user", ":id?0", "edit?1"]),
    Valid(pattern: "/a(/b/:c)/d", scheme: nil, host: nil, segments: ["a", "b?0", ":c?0", "d"]),
    Valid(pattern: "/user/:id(/edit)", scheme: nil, host: nil, segments: ["user", ":id", "edit?0"]),
    Valid(pattern: "/x/:r([^/]+(?:/x)?)", scheme: nil, host: nil, segments: ["x", ":r([^/]+(?:/x)?)"]),
    Valid(pattern: "/x/:r([)(])", scheme: nil, host: nil, segments: ["x", ":r([)(])"]),
    Valid(pattern: "/time/10\\:30", scheme: nil, host: nil, segments: ["time", "10:30"]),
    Valid(pattern: "/a\\*b/\\(c\\)", scheme: nil, host: nil, segments: ["a*b", "(c)"]),
    Valid(pattern: "/caf%C3%A9/a%2Fb", scheme: nil, host: nil, segments: ["café", "a/b"]),
    Valid(pattern: "//a///b/", scheme: nil, host: nil, segments: ["a", "b"]),
    Valid(pattern: "MYAPP://User/:id", scheme: "myapp", host: nil, segments: ["user", ":id"]),
    Valid(pattern: "myapp://:module/:id", scheme: "myapp", host: nil, segments: [":module", ":id"]),
    Valid(pattern: "myapp://user(/:id)", scheme: "myapp", host: nil, segments: ["user", ":id?0"]),
    Valid(pattern: "https://Example.com:8443/a/:b", scheme: "https", host: "example.com", segments: ["a", ":b"]),
    Valid(pattern: "https:///a", scheme: "https", host: nil, segments: ["a"]),
    Valid(
      pattern: "https://example.com/a", scheme: "https", host: nil, segments: ["example.com", "a"],
      options: options { $0.host = .segment }),
    Valid(
      pattern: "myapp://user/42", scheme: "myapp", host: "user", segments: ["42"], options: options { $0.host = .host }),
    Valid(
      pattern: "/User/Edit", scheme: nil, host: nil, segments: ["user", "edit"],
      options: options { $0.caseSensitive = false }),
    Valid(pattern: "", scheme: nil, host: nil, segments: []),
    Valid(pattern: "/", scheme: nil, host: nil, segments: []),
  ]

  static func options(_ change: (inout MatchingOptions) -> Void) -> MatchingOptions {
    var options = MatchingOptions()
    change(&options)
    return options
  }

  @Test("every form of the language parses", arguments: valid)
  func parses(_ testCase: Valid) throws {
    let pattern = try RoutePattern(testCase.pattern, options: testCase.options)
    #expect(pattern.scheme == testCase.scheme)
    #expect(pattern.host == testCase.host)
    let printed = pattern.segments.map { $0.description + ($0.group.map { "?\($0)" } ?? "") }
    #expect(printed == testCase.segments)
  }

  @Test("a trailing slash is recorded; a root pattern has none")
  func trailingSlash() throws {
    #expect(try RoutePattern("/a/").hasTrailingSlash)
    #expect(try !RoutePattern("/a").hasTrailingSlash)
    #expect(try !RoutePattern("/").hasTrailingSlash)
  }

  @Test("parameter names in order, a named rest included")
  func parameterNames() throws {
    #expect(try RoutePattern("myapp://:a/<int:b>(/x-:c)/*d").parameterNames == ["a", "b", "c", "d"])
  }

  @Test("optional groups expand to every combination, most groups and earlier groups first")
  func spellings() throws {
    let pattern = try RoutePattern("/u(/:a)(/:b)")
    let spelled = pattern.spellings.map { $0.segments.map(\.description).joined(separator: "/") }
    #expect(spelled == ["u/:a/:b", "u/:a", "u/:b", "u"])
  }

  @Test("a user-registered type can be named")
  func customType() throws {
    var types = ParameterTypes()
    types.register(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
    let pattern = try RoutePattern("/posts/<slug:post>", parameterTypes: types)
    #expect(pattern.segments[1].description == "<slug:post>")
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let pattern: String
    let column: Int
    let reason: String
    var testDescription: String { pattern.count > 40 ? String(pattern.prefix(40)) + "…" : pattern }
  }

  static let invalid: [Invalid] = [
    Invalid(pattern: "/a?b=1", column: 3, reason: "cannot have a query"),
    Invalid(pattern: "/a#top", column: 3, reason: "cannot have a fragment"),
    Invalid(pattern: "/user(/:id", column: 6, reason: "never closed"),
    Invalid(pattern: "/a(/b(/c))", column: 6, reason: "cannot nest"),
    Invalid(pattern: "/a/)", column: 4, reason: "closes no optional group"),
    Invalid(pattern: "/a()", column: 3, reason: "must start an optional group"),
    Invalid(pattern: "/a(/)", column: 3, reason: "empty"),
    Invalid(pattern: "/a(/b)c", column: 7, reason: "expected '/', '(' or the end"),
    Invalid(pattern: "/files/*rest/more", column: 8, reason: "must be the last segment"),
    Invalid(pattern: "/files(/*rest)(/x)", column: 9, reason: "must be the last segment"),
    Invalid(pattern: "/files/*rest.txt", column: 13, reason: "must be a whole segment"),
    Invalid(pattern: "/files/a*", column: 9, reason: "must be a whole segment"),
    Invalid(pattern: "/x/<path:p>.txt", column: 12, reason: "must be a whole segment"),
    Invalid(pattern: "/x/a<path:p>", column: 5, reason: "must be a whole segment"),
    Invalid(pattern: "/x/:a([0-9]+", column: 6, reason: "never closed"),
    Invalid(pattern: "/x/:a()", column: 6, reason: "the regex is empty"),
    Invalid(pattern: "/x/:a([0-9)", column: 6, reason: "never closed"),
    Invalid(pattern: "/x/:a(a{2,1})", column: 7, reason: "invalid regex 'a{2,1}'"),
    Invalid(
      pattern: "/x/<nope:a>", column: 5,
      reason: "unknown parameter type 'nope' (known: bool, double, float, int, string, uuid)"),
    Invalid(pattern: "/x/<int:a", column: 10, reason: "expected '>'"),
    Invalid(pattern: "/x/<int:>", column: 9, reason: "expected a parameter name after '<int:'"),
    Invalid(pattern: "/x/<a b>", column: 6, reason: "expected ':' or '>'"),
    Invalid(pattern: "/x/:", column: 5, reason: "expected a parameter name"),
    Invalid(pattern: "/x/:1a", column: 5, reason: "expected a parameter name"),
    Invalid(pattern: "/x/:a-:b", column: 7, reason: "only one parameter"),
    Invalid(pattern: "/x/:id/y/<int:id>", column: 10, reason: "the parameter name 'id' is used twice"),
    Invalid(pattern: "/x/:id(/:id)", column: 9, reason: "used twice"),
    Invalid(pattern: "/x/%zz", column: 4, reason: "invalid percent-escape"),
    Invalid(pattern: "https://:tenant.example.com/a", column: 9, reason: "the host must be literal"),
    Invalid(pattern: "/x/a\\", column: 5, reason: "escapes nothing"),
    Invalid(pattern: "/é/:", column: 5, reason: "expected a parameter name"),
    Invalid(pattern: "/a" + String(repeating: "(/b)", count: 9), column: 1, reason: "at most 8 optional groups"),
    // More groups than a byte counts, within the length limit: segments are made before the limits are checked.
    Invalid(pattern: "/a" + String(repeating: "(/b)", count: 2047), column: 513, reason: "at most 128 segments"),
    Invalid(pattern: String(repeating: "/a", count: 129), column: 258, reason: "at most 128 segments"),
  ]

  @Test("invalid patterns quote the pattern and point at the column", arguments: invalid)
  func invalidPattern(_ testCase: Invalid) {
    #expect {
      try RoutePattern(testCase.pattern)
    } throws: { error in
      guard let error = error as? RoutingError else { return false }
      return error.code == .invalidPattern && error.column == testCase.column
        && error.message.contains("'\(testCase.pattern)' at column \(testCase.column): ")
        && error.message.contains(testCase.reason) && error.pattern == testCase.pattern
    }
  }

  @Test("a parameter reports its parts, plain or not, and compares by shape, not name")
  func parameterParts() throws {
    func parameters(_ pattern: String) throws -> [PatternParameter] {
      try RoutePattern(pattern).segments.compactMap { segment in
        if case .parameter(let parameter) = segment.kind { parameter } else { nil }
      }
    }
    let first = try parameters("/a/:id/item-<int:n>.json/:r([0-9]+)")
    #expect(first.map(\.name) == ["id", "n", "r"])
    #expect(first.map(\.prefix) == ["", "item-", ""])
    #expect(first.map(\.suffix) == ["", ".json", ""])
    #expect(first.map(\.constraint.kind) == [.none, .type("int"), .regex("[0-9]+")])
    #expect(first.map(\.isPlain) == [true, false, false])
    let second = try parameters("/b/:key/item-<int:m>.json/:s([0-9]+)/item-<int:k>.xml")
    #expect(first[0].hasShape(of: second[0]))
    #expect(first[1].hasShape(of: second[1]))
    #expect(first[2].hasShape(of: second[2]))
    #expect(!first[1].hasShape(of: second[3]))
    #expect(!first[0].hasShape(of: second[1]) && !second[1].hasShape(of: first[0]))
  }

  @Test("a pattern over the length limit is refused")
  func tooLong() {
    #expect(throws: RoutingError.self) { try RoutePattern("/" + String(repeating: "a", count: RoutePattern.maxLength)) }
  }

  struct TypeCase: Sendable, CustomTestStringConvertible {
    let type: String
    let accepted: [String]
    let refused: [String]
    var testDescription: String { type }
  }

  static let types: [TypeCase] = [
    TypeCase(
      type: "int", accepted: ["0", "42", "-7", "+3", "9223372036854775807"],
      refused: ["", "4.2", "x", "9223372036854775808", "1e3"]),
    TypeCase(type: "double", accepted: ["0", "3.14", "-2", "1e3"], refused: ["", "x", "inf", "nan", "1.2.3"]),
    TypeCase(
      type: "uuid", accepted: ["7f1c6a3e-1b2c-4d5e-8f90-123456789abc", "7F1C6A3E-1B2C-4D5E-8F90-123456789ABC"],
      refused: ["7f1c6a3e1b2c4d5e8f90123456789abc", "7f1c6a3e-1b2c-4d5e-8f90-123456789abg", ""]),
    TypeCase(type: "float", accepted: ["1.5", "-2e3", "0"], refused: ["", "1e39", "x", "inf"]),
    TypeCase(type: "bool", accepted: ["true", "false", "TRUE", "1", "0"], refused: ["yes", "2", ""]),
    TypeCase(type: "string", accepted: ["a", "any thing"], refused: [""]),
  ]

  @Test("built-in parameter types", arguments: types)
  func builtInTypes(_ testCase: TypeCase) throws {
    let type = try #require(ParameterTypes()[testCase.type])
    for value in testCase.accepted { #expect(type.accepts(Substring(value)), "\(value)") }
    for value in testCase.refused { #expect(!type.accepts(Substring(value)), "\(value)") }
  }
}
