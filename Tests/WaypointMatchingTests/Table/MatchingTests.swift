import Testing

@testable import WaypointMatching

@Suite("Matching")
struct MatchingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let rule: String
    let patterns: [String]
    let url: String
    /// The winning pattern, or `nil` for no match.
    let expected: String?
    var parameters: [String: String] = [:]
    var rest: [String]?
    var options = MatchingOptions()
    var testDescription: String { "\(rule): \(url)" }
  }

  static let cases: [Case] = [
    // literals and parameters
    Case(rule: "literal", patterns: ["/user/list"], url: "/user/list", expected: "/user/list"),
    Case(rule: "literal compares decoded", patterns: ["/caf%C3%A9"], url: "/caf%c3%a9", expected: "/caf%C3%A9"),
    Case(rule: "literal compares decoded", patterns: ["/café"], url: "/caf%C3%A9", expected: "/café"),
    Case(rule: "whole path must match", patterns: ["/user"], url: "/user/42", expected: nil),
    Case(rule: "whole path must match", patterns: ["/user/:id"], url: "/user", expected: nil),
    Case(rule: "parameter", patterns: ["/user/:id"], url: "/user/42", expected: "/user/:id", parameters: ["id": "42"]),
    Case(
      rule: "angle parameter", patterns: ["/user/<id>"], url: "/user/ann", expected: "/user/<id>",
      parameters: ["id": "ann"]),
    Case(rule: "one-letter name", patterns: ["/u/:x"], url: "/u/1", expected: "/u/:x", parameters: ["x": "1"]),
    Case(
      rule: "parameter decodes", patterns: ["/s/:q"], url: "/s/a%20b%2Fc", expected: "/s/:q", parameters: ["q": "a b/c"]
    ),
    Case(rule: "'+' in a path is '+'", patterns: ["/s/:q"], url: "/s/a+b", expected: "/s/:q", parameters: ["q": "a+b"]),
    Case(
      rule: "decodePath off", patterns: ["/s/:q"], url: "/s/a%20b", expected: "/s/:q", parameters: ["q": "a%20b"],
      options: options { $0.decodePath = false }),
    // regex and typed parameters
    Case(
      rule: "regex", patterns: ["myapp://user/login/:phone([0-9]+)"], url: "myapp://user/login/5551234",
      expected: "myapp://user/login/:phone([0-9]+)", parameters: ["phone": "5551234"]),
    Case(rule: "regex is anchored", patterns: ["/p/:n([0-9]+)"], url: "/p/12a", expected: nil),
    Case(
      rule: "regex sees the decoded value", patterns: ["/p/:n([a-z ]+)"], url: "/p/a%20b", expected: "/p/:n([a-z ]+)",
      parameters: ["n": "a b"]),
    Case(
      rule: "typed int", patterns: ["/n/<int:id>"], url: "/n/-42", expected: "/n/<int:id>", parameters: ["id": "-42"]),
    Case(rule: "typed int refuses", patterns: ["/n/<int:id>"], url: "/n/4.2", expected: nil),
    Case(
      rule: "typed uuid", patterns: ["/n/<uuid:id>"], url: "/n/7f1c6a3e-1b2c-4d5e-8f90-123456789abc",
      expected: "/n/<uuid:id>", parameters: ["id": "7f1c6a3e-1b2c-4d5e-8f90-123456789abc"]),
    Case(
      rule: "typed bool", patterns: ["/f/<bool:on>"], url: "/f/true", expected: "/f/<bool:on>",
      parameters: ["on": "true"]),
    Case(
      rule: "typed double", patterns: ["/c/<double:x>"], url: "/c/2.5", expected: "/c/<double:x>",
      parameters: ["x": "2.5"]),
    // affixes
    Case(
      rule: "suffix", patterns: ["/p/:id.html"], url: "/p/42.html", expected: "/p/:id.html", parameters: ["id": "42"]),
    Case(rule: "suffix needs a value", patterns: ["/p/:id.html"], url: "/p/.html", expected: nil),
    Case(rule: "prefix", patterns: ["/p/item-:id"], url: "/p/item-7", expected: "/p/item-:id", parameters: ["id": "7"]),
    Case(
      rule: "typed with suffix", patterns: ["/p/<int:id>.json"], url: "/p/7.json", expected: "/p/<int:id>.json",
      parameters: ["id": "7"]),
    Case(rule: "typed with suffix refuses", patterns: ["/p/<int:id>.json"], url: "/p/x.json", expected: nil),
    Case(rule: "escaped colon is literal", patterns: ["/t/10\\:30"], url: "/t/10:30", expected: "/t/10\\:30"),
    // rest
    Case(
      rule: "rest takes one or more", patterns: ["/files/*path"], url: "/files/a/b%2Fc/d", expected: "/files/*path",
      parameters: ["path": "a/b/c/d"], rest: ["a", "b/c", "d"]),
    Case(rule: "rest needs one segment", patterns: ["/files/*path"], url: "/files", expected: nil),
    Case(rule: "bare rest", patterns: ["/files/*"], url: "/files/x", expected: "/files/*", rest: ["x"]),
    Case(
      rule: "angle rest", patterns: ["/files/<path:p>"], url: "/files/x/y", expected: "/files/<path:p>",
      parameters: ["p": "x/y"], rest: ["x", "y"]),
    // optional groups
    Case(
      rule: "group present", patterns: ["/user(/:id)(/edit)"], url: "/user/42/edit", expected: "/user(/:id)(/edit)",
      parameters: ["id": "42"]),
    Case(rule: "group absent", patterns: ["/user(/:id)(/edit)"], url: "/user", expected: "/user(/:id)(/edit)"),
    Case(
      rule: "first group only", patterns: ["/user(/:id)(/edit)"], url: "/user/42", expected: "/user(/:id)(/edit)",
      parameters: ["id": "42"]),
    Case(
      rule: "a literal group beats a parameter group", patterns: ["/user(/:id)(/edit)"], url: "/user/edit",
      expected: "/user(/:id)(/edit)"),
    Case(
      rule: "group of several segments", patterns: ["/a(/b/:c)/d"], url: "/a/b/1/d", expected: "/a(/b/:c)/d",
      parameters: ["c": "1"]),
    Case(rule: "group of several segments", patterns: ["/a(/b/:c)/d"], url: "/a/d", expected: "/a(/b/:c)/d"),
    // schemes
    Case(
      rule: "no scheme matches any scheme", patterns: ["user/:id"], url: "myapp://user/42", expected: "user/:id",
      parameters: ["id": "42"]),
    Case(rule: "no scheme matches no scheme", patterns: ["myapp://user/:id"], url: "/user/42", expected: nil),
    Case(rule: "scheme restricts", patterns: ["myapp://user/:id"], url: "other://user/42", expected: nil),
    Case(
      rule: "scheme is case-insensitive", patterns: ["myapp://user/:id"], url: "MYAPP://user/42",
      expected: "myapp://user/:id", parameters: ["id": "42"]),
    Case(
      rule: "host as first segment is case-insensitive", patterns: ["myapp://user/:id"], url: "myapp://USER/42",
      expected: "myapp://user/:id", parameters: ["id": "42"]),
    // host modes
    Case(
      rule: "auto: https host apart", patterns: ["https://example.com/a"], url: "https://EXAMPLE.com/a",
      expected: "https://example.com/a"),
    Case(
      rule: "auto: other host refused", patterns: ["https://example.com/a"], url: "https://evil.com/a", expected: nil),
    Case(
      rule: "auto: path pattern, any host", patterns: ["/a/:b"], url: "https://example.com/a/1", expected: "/a/:b",
      parameters: ["b": "1"]),
    Case(
      rule: "segment mode", patterns: ["/example.com/:p"], url: "https://example.com/x", expected: "/example.com/:p",
      parameters: ["p": "x"], options: options { $0.host = .segment }),
    Case(
      rule: "host mode", patterns: ["myapp://user/:id"], url: "myapp://user/42", expected: "myapp://user/:id",
      parameters: ["id": "42"], options: options { $0.host = .host }),
    Case(
      rule: "host mode: path pattern ignores host", patterns: ["/:id"], url: "myapp://user/42", expected: "/:id",
      parameters: ["id": "42"], options: options { $0.host = .host }),
    Case(
      rule: "host mode: other host", patterns: ["myapp://user/:id"], url: "myapp://team/42", expected: nil,
      options: options { $0.host = .host }),
    // case
    Case(rule: "path is case-sensitive", patterns: ["/User"], url: "/user", expected: nil),
    Case(
      rule: "caseSensitive off", patterns: ["/User/:Name"], url: "/USER/Ann", expected: "/User/:Name",
      parameters: ["Name": "Ann"], options: options { $0.caseSensitive = false }),
    Case(
      rule: "caseSensitive off: affixes", patterns: ["/p/Item-:id"], url: "/p/ITEM-7", expected: "/p/Item-:id",
      parameters: ["id": "7"], options: options { $0.caseSensitive = false }),
    // trailing slash
    Case(rule: "trailing slash ignored", patterns: ["/a"], url: "/a/", expected: "/a"),
    Case(rule: "trailing slash ignored", patterns: ["/a/"], url: "/a", expected: "/a/"),
    Case(
      rule: "strict: slash refused", patterns: ["/a"], url: "/a/", expected: nil,
      options: options { $0.trailingSlash = .strict }),
    Case(
      rule: "strict: slash needed", patterns: ["/a/"], url: "/a", expected: nil,
      options: options { $0.trailingSlash = .strict }),
    Case(
      rule: "strict: slash both", patterns: ["/a/"], url: "/a/", expected: "/a/",
      options: options { $0.trailingSlash = .strict }),
    Case(
      rule: "strict: both spellings", patterns: ["/a", "/a/"], url: "/a/", expected: "/a/",
      options: options { $0.trailingSlash = .strict }),
    // empty segments
    Case(rule: "empty segments collapse", patterns: ["/a/b"], url: "//a//b", expected: "/a/b"),
    Case(
      rule: "keep: plain parameter refuses empty", patterns: ["/a/:x/b"], url: "/a//b", expected: nil,
      options: options { $0.emptySegments = .keep }),
    Case(
      rule: "keep: regex that allows empty", patterns: ["/a/:x([0-9]*)/b"], url: "/a//b", expected: "/a/:x([0-9]*)/b",
      parameters: ["x": ""], options: options { $0.emptySegments = .keep }),
    Case(
      rule: "keep: literals don't skip", patterns: ["/a/b"], url: "/a//b", expected: nil,
      options: options { $0.emptySegments = .keep }),
    // root
    Case(rule: "root", patterns: ["/"], url: "", expected: "/"),
    Case(rule: "root", patterns: ["/"], url: "myapp://", expected: "/"),
    Case(rule: "root", patterns: ["myapp://"], url: "myapp:///", expected: "myapp://"),
  ]

  @Test("every rule of the matching contract", arguments: cases)
  func matches(_ testCase: Case) throws {
    let table = try makeTable(testCase.patterns, options: testCase.options)
    let match = try table.match(testCase.url)
    #expect(match?.payload == testCase.expected)
    #expect(parameters(match) == testCase.parameters)
    #expect(match?.rest == testCase.rest)
  }

  @Test("a match keeps the parsed URL's query and fragment")
  func queryKept() throws {
    let table = try makeTable(["/s"])
    let match = try #require(try table.match("/s?q=a&q=b#frag"))
    #expect(match.url.queryItems.map(\.value) == ["a", "b"])
    #expect(match.url.fragment == "frag")
  }

  @Test("every parameter of a long route is read from its own segment, affixes removed, in pattern order")
  func manyParameters() throws {
    let table = try makeTable(["/a/:one/<int:two>/v:three.json/:four/b/*rest", "/x(/:p)(/:q)/:r"])
    let match = try #require(try table.match("/a/%C3%A9/42/v3.json/4/b/c/d"))
    #expect(match.parameters["one"] == "é")
    #expect(match.parameters["two"] == "42")
    #expect(match.parameters["three"] == "3")
    #expect(match.parameters["four"] == "4")
    #expect(match.parameters["rest"] == "c/d")
    #expect(match.parameters["five"] == nil)
    #expect(match.parameters.keys == ["one", "two", "three", "four", "rest"])
    #expect(match.parameters.count == 5)
    #expect(match.rest == ["c", "d"])
    // A spelling without its first group: the later names move to earlier segments.
    let short = try #require(try table.match("/x/1/2"))
    #expect(short.parameters.map(\.value) == ["1", "2"])
    #expect(short.parameters.keys == ["p", "r"])
  }

  @Test("invalid URLs throw invalidURL even when no route could match")
  func invalidThrows() throws {
    let table = try makeTable(["/a"])
    #expect(throws: RoutingError.self) { try table.match("/zzz/%zz") }
  }

  @Test("an empty table matches nothing")
  func emptyTable() throws {
    let table = try makeTable([])
    #expect(try table.match("/a") == nil)
    #expect(try Array(table.candidates(for: "/a")).isEmpty)
  }

  @Test("lookups from many tasks at once see the same answers")
  func concurrentLookups() async throws {
    let table = try makeTable(["/user/:id", "/user/:id/edit", "/p/:n([0-9]+)", "/files/*rest"])
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<200 {
            let id = "\(task)-\(index)"
            guard (try? table.match("/user/\(id)/edit"))?.parameters["id"] == id,
              (try? table.match("/p/\(index)"))?.payload == "/p/:n([0-9]+)"
            else { return false }
          }
          return true
        }
      }
      for await ok in group { #expect(ok) }
    }
  }
}
