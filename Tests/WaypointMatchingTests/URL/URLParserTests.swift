import Testing

@testable import WaypointMatching

@Suite("URL parsing")
struct URLParserTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let url: String
    var options = MatchingOptions()
    let scheme: String?
    let host: String?
    let segments: [String]
    var trailingSlash = false
    var testDescription: String { url }
  }

  static func options(_ change: (inout MatchingOptions) -> Void) -> MatchingOptions {
    var options = MatchingOptions()
    change(&options)
    return options
  }

  static let cases: [Case] = [
    // auto host mode: a custom scheme's host is the first segment, http(s) keeps it apart
    Case(url: "myapp://user/42", scheme: "myapp", host: nil, segments: ["user", "42"]),
    Case(url: "MyApp://User/42", scheme: "MyApp", host: nil, segments: ["user", "42"]),
    Case(url: "https://Example.COM/a/b", scheme: "https", host: "example.com", segments: ["a", "b"]),
    Case(url: "https://ann:pw@example.com:8443/a", scheme: "https", host: "example.com", segments: ["a"]),
    Case(url: "http://[::1]:8080/a", scheme: "http", host: "[::1]", segments: ["a"]),
    Case(url: "myapp:///user/42", scheme: "myapp", host: nil, segments: ["user", "42"]),
    Case(url: "myapp:user/42", scheme: "myapp", host: nil, segments: ["user", "42"]),
    Case(url: "myapp://", scheme: "myapp", host: nil, segments: []),
    // in-app paths, with and without a leading slash
    Case(url: "/user/42", scheme: nil, host: nil, segments: ["user", "42"]),
    Case(url: "user/42", scheme: nil, host: nil, segments: ["user", "42"]),
    Case(url: "", scheme: nil, host: nil, segments: []),
    Case(url: "/", scheme: nil, host: nil, segments: []),
    // segment and host modes
    Case(
      url: "https://example.com/a", options: options { $0.host = .segment }, scheme: "https", host: nil,
      segments: ["example.com", "a"]),
    Case(url: "myapp://user/42", options: options { $0.host = .host }, scheme: "myapp", host: "user", segments: ["42"]),
    // split before decoding: %2F stays inside a segment
    Case(url: "/files/a%2Fb/c", scheme: nil, host: nil, segments: ["files", "a/b", "c"]),
    Case(url: "/a%20b/caf%C3%A9/na%C3%AFve", scheme: nil, host: nil, segments: ["a b", "café", "naïve"]),
    Case(url: "/a+b", scheme: nil, host: nil, segments: ["a+b"]),
    Case(
      url: "/files/a%2Fb", options: options { $0.decodePath = false }, scheme: nil, host: nil,
      segments: ["files", "a%2Fb"]),
    // trailing slash and empty segments
    Case(url: "/a/", scheme: nil, host: nil, segments: ["a"], trailingSlash: true),
    Case(url: "/a//b", scheme: nil, host: nil, segments: ["a", "b"]),
    Case(
      url: "/a//b", options: options { $0.emptySegments = .keep }, scheme: nil, host: nil, segments: ["a", "", "b"]),
    Case(
      url: "/a//", options: options { $0.emptySegments = .keep }, scheme: nil, host: nil, segments: ["a", ""],
      trailingSlash: true),
    // query and fragment never reach the path
    Case(url: "/a/b?x=/c#/d", scheme: nil, host: nil, segments: ["a", "b"]),
    Case(url: "myapp://user?x=1", scheme: "myapp", host: nil, segments: ["user"]),
  ]

  @Test("scheme, host and segments", arguments: cases)
  func parts(_ testCase: Case) throws {
    let url = try ParsedURL(testCase.url, options: testCase.options)
    #expect(url.scheme.map(String.init) == testCase.scheme)
    #expect(url.host.map(String.init) == testCase.host)
    #expect(url.segments.map(String.init) == testCase.segments)
    #expect(url.hasTrailingSlash == testCase.trailingSlash)
  }

  @Test("query items keep order, repeated keys and key-only items")
  func queryItems() throws {
    let url = try ParsedURL("/s?tag=a&tag=b&flag&=v&q=x+y%2Bz&&empty=")
    #expect(
      url.queryItems == [
        QueryItem(name: "tag", value: "a"), QueryItem(name: "tag", value: "b"), QueryItem(name: "flag", value: ""),
        QueryItem(name: "", value: "v"), QueryItem(name: "q", value: "x y+z"), QueryItem(name: "empty", value: ""),
      ])
  }

  @Test("query items split on the byte '&', even before a combining mark, as servers split them")
  func queryItemsSplitOnBytes() throws {
    let url = try ParsedURL("/s?a=1&\u{301}b=2&x=1\u{600}&x-success=y")
    #expect(url.queryItems.map(\.name) == ["a", "\u{301}b", "x", "x-success"])
    #expect(url.queryItems.map(\.value) == ["1", "2", "1\u{600}", "y"])
  }

  @Test("plusAsSpace off keeps '+'")
  func plusKept() throws {
    var options = MatchingOptions()
    options.plusAsSpace = false
    let url = try ParsedURL("/s?q=a+b%2Bc", options: options)
    #expect(url.queryItems == [QueryItem(name: "q", value: "a+b+c")])
  }

  @Test("fragmentAsQuery reads key=value pairs from the fragment after the query")
  func fragmentAsQuery() throws {
    var options = MatchingOptions()
    options.fragmentAsQuery = true
    let url = try ParsedURL("myapp://oauth/callback?state=s#access_token=t%20k&expires_in=3600", options: options)
    #expect(url.queryItems.map(\.name) == ["state", "access_token", "expires_in"])
    #expect(url.queryItems[1].value == "t k")
    #expect(url.fragment == "access_token=t k&expires_in=3600")
    let plain = try ParsedURL("myapp://oauth/callback#a=1")
    #expect(plain.queryItems.isEmpty)
    #expect(plain.fragment == "a=1")
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let url: String
    var options = MatchingOptions()
    let rule: String
    var testDescription: String { url.count > 40 ? String(url.prefix(40)) + "…" : url }
  }

  static let invalid: [Invalid] = [
    Invalid(url: "/a/%zz", rule: "invalid percent-escape '%zz' in the path segment 2"),
    Invalid(url: "/a/%", rule: "invalid percent-escape '%' in the path segment 2"),
    Invalid(url: "/a/%4", rule: "invalid percent-escape '%4'"),
    Invalid(url: "/a/%FF", rule: "the path segment 2 does not decode to valid UTF-8"),
    Invalid(url: "/a/%C3", rule: "does not decode to valid UTF-8"),
    Invalid(url: "/a?q=%zz", rule: "invalid percent-escape '%zz' in the query"),
    Invalid(url: "/a?q=%FF", rule: "the query does not decode to valid UTF-8"),
    Invalid(url: "/a#%zz", rule: "in the fragment"),
    Invalid(url: "https://ex%zzample.com/", rule: "in the host"),
    Invalid(url: "/a\u{0}b", rule: "control character 0x0 at byte 2"),
    Invalid(url: "/a\nb", rule: "control character 0xA"),
    Invalid(
      url: "/" + String(repeating: "a", count: 8192), rule: "the URL is 8193 bytes, over the maxURLLength limit of 8192"
    ),
    Invalid(
      url: "/a/" + String(repeating: "b", count: 1025),
      rule: "path segment 2 is 1025 bytes, over the maxSegmentLength limit of 1024"),
    Invalid(url: "/abcdef", options: options { $0.maxSegmentLength = 3 }, rule: "maxSegmentLength limit of 3"),
    Invalid(url: "/abcdef", options: options { $0.maxURLLength = 4 }, rule: "maxURLLength limit of 4"),
    Invalid(url: "/a/%2", options: options { $0.decodePath = false }, rule: "invalid percent-escape"),
  ]

  @Test("invalid URLs name the rule they break", arguments: invalid)
  func invalidURL(_ testCase: Invalid) {
    #expect {
      try ParsedURL(testCase.url, options: testCase.options)
    } throws: { error in
      guard let error = error as? RoutingError else { return false }
      return error.code == .invalidURL && error.message.contains(testCase.rule) && error.url == testCase.url
    }
  }

  @Test("a %2F-encoded slash in a segment decodes only after splitting, %2B stays '+' in the query")
  func decodingTraps() throws {
    let url = try ParsedURL("/a%2Fb/c?x=%2B&y=+")
    #expect(url.segments == ["a/b", "c"])
    #expect(url.queryItems == [QueryItem(name: "x", value: "+"), QueryItem(name: "y", value: " ")])
  }

  @Test("a segment without escapes is a slice of the input, not a copy")
  func noCopyForPlainSegments() throws {
    let text = "/user/123456789012345678901234567890"
    let url = try ParsedURL(text)
    #expect(url.segments[1].base == text)
  }
}
