import TestSupport
import Testing

@testable import WaypointMatching

/// Waypoint runs route regexes with its own linear-time engine; these tests hold it to Swift's
/// `Regex` on the same inputs, and to its time bound on hostile ones.
@Suite("Linear-time regexes")
struct LinearRegexTests {
  static let expressions = [
    "[0-9]+", "[a-z]{2,4}", "a|b|", "(a|ab)(c|bcd)(d*)", "(?:ab)+c?", "x{3}", "x{2,}", "x{,2}", "[^/]+",
    "[\\d_]+", "\\w", "\\W", "\\s*x\\S", "\\D+", ".+", "a.c", "^ab$", "a^b", "(a*)*b", "(a+)+$", "(a|aa)*",
    "[a-]+", "[-a]", "\\.\\/\\+", "\\x41\\u{42}", "(?<name>[0-9]{3})-\\d{4}", "colou?r", "(a|b)*abb", "[^a-c]*",
    "a{0}", "a{1,1}b??", "(?:)", "()", "é+", "[α-ω]+", "\\u0041",
  ]

  /// `\r` is left out: Swift's `Regex` reads `\r\n` as one unit even when matching by scalars.
  static let alphabet: [Character] = [
    "a", "b", "c", "d", "x", "0", "7", "_", "-", "/", ".", "+", " ", "\n", "\u{0B}", "\t", "A", "B", "é", "e\u{301}",
    "α", "ω", "٣", "\u{A0}", "r",
  ]

  @Test("agrees with Swift's Regex on random inputs", arguments: expressions)
  func agreesWithSwiftRegex(expression: String) throws {
    let swift = try Regex(expression).matchingSemantics(.unicodeScalar)
    let linear = try LinearRegex(expression)
    var generator = SeededGenerator(seed: expression.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) })
    for round in 0..<400 {
      let length = round < 50 ? round % 6 : Int(generator.next() % 9)
      let input = String((0..<length).map { _ in Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))] })
      let expected = (try? swift.wholeMatch(in: input)) != nil
      #expect(linear.matchesWhole(Substring(input)) == expected, "\(expression) on \(input.debugDescription)")
    }
  }

  @Test("matches known cases")
  func knownCases() throws {
    let phone = try LinearRegex("[0-9]+")
    #expect(phone.matchesWhole("0123"))
    #expect(!phone.matchesWhole("01a"))
    #expect(!phone.matchesWhole(""))
    let optional = try LinearRegex("[0-9]*")
    #expect(optional.matchesWhole(""))
    // Swift's `Regex` (6.3) answers `false` for `\w+` on "_ω"; a word is letters, ASCII digits and `_`.
    let word = try LinearRegex("\\w+")
    #expect(word.matchesWhole("_ω0é"))
    #expect(!word.matchesWhole("a-b"))
  }

  @Test(
    "refuses what needs backtracking, naming it",
    arguments: [
      ("(a)\\1", "backreferences"), ("a(?=b)", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?>a+)", "atomic groups"),
      ("a++", "possessive quantifiers"), ("\\bword", "escape '\\b'"), ("[[:alpha:]]", "POSIX classes"),
      ("[a-z&&[^x]]", "class set operations"), ("(?i)abc", "group options"),
    ])
  func refusesBacktrackingFeatures(expression: String, named: String) {
    #expect(
      performing: { try LinearRegex(expression) },
      throws: { error in
        "\(error)".contains(named) && "\(error)".contains("linear time")
      })
  }

  @Test("refuses repetitions that expand beyond the program limit")
  func refusesHugeRepetitions() {
    #expect(performing: { try LinearRegex("(abcdefgh){1000}") }, throws: { "\($0)".contains("too large") })
    #expect(performing: { try LinearRegex("a{99999999999}") }, throws: { "\($0)".contains("too large") })
  }

  @Test("catastrophic expressions run in linear time on long hostile segments")
  func catastrophicExpressionsAreBounded() throws {
    let hostile = String(repeating: "a", count: 1024) + "!"
    for expression in ["(a+)+$", "(a|a)*b", "(a*)*b", "(a|aa)+$", "([a-z]+)*[0-9]"] {
      let regex = try LinearRegex(expression)
      let clock = ContinuousClock()
      let elapsed = clock.measure { #expect(!regex.matchesWhole(Substring(hostile))) }
      #expect(elapsed < .seconds(1), "\(expression) took \(elapsed)")
    }
  }
}
