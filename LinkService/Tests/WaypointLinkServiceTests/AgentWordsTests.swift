import Foundation
import Testing

@testable import WaypointLinkService

@Suite("A User-Agent read in one pass answers as the plain search; a click's day as the calendar")
struct AgentWordsTests {
  @Test("each word is found at the start, inside and at the end, in any case; a cut word is not")
  func words() {
    let set = AgentWords(["bot", "ipad", "microsoft teams"])
    func found(_ text: String) -> UInt64 {
      var text = text
      return text.withUTF8 { set.found(in: $0) }
    }
    #expect(found("") == 0)
    #expect(found("bot") == 0b001)
    #expect(found("a Googlebot") == 0b001)
    #expect(found("BOTanist") == 0b001)
    #expect(found("bo") == 0)
    #expect(found("ipa") == 0)
    #expect(found("iPad; Microsoft Teams") == 0b110)
    #expect(found("MICROSOFT TEAM") == 0)
    #expect(found("iipad bbot") == 0b011)
    #expect(found("Zoë 🙂 ipad") == 0b010)
  }

  /// One agent made of pieces: real agents' parts, the words looked for in changed case, bytes
  /// beyond ASCII, and enough filler that some words straddle the 512-byte cut.
  static func agent(_ random: inout SplitMix) -> String {
    let words = Visitor.appleMobile + [Visitor.android] + Visitor.previewers + Visitor.robots
    let pieces = [
      "Mozilla/5.0 ", "MOZILLA/", "mozilla", "(Macintosh; Intel Mac OS X 14_5) ", "AppleWebKit/605.1.15 ",
      "Version/17.5 Safari/605.1.15", "Chrome/126.0 Mobile ", "Zoë ", "🙂", "\u{0}", "; ", "/", " ",
    ]
    var agent = ""
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      if Bool.random(using: &random) {
        let word = words[Int.random(in: 0..<words.count, using: &random)]
        let cut = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 1...word.count, using: &random) : 0
        let kept = String(word.dropLast(cut))
        agent += Bool.random(using: &random) ? kept.uppercased() : kept
      } else {
        agent += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
    }
    if Int.random(in: 0...7, using: &random) == 0 {
      agent = String(repeating: "x", count: Int.random(in: 480...520, using: &random)) + agent
    }
    return agent
  }

  @Test("20,000 generated agents and the known ones: the platform and kind of the plain search")
  func sameAsReference() {
    var random = SplitMix(state: 71)
    var agents: [String?] = [nil, "", iPhone, android, desktop, messages, "WhatsApp/2.23.20.0 A", "curl/8.5.0"]
    for _ in 0..<20_000 { agents.append(Self.agent(&random)) }
    var differ: [String] = []
    for agent in agents where Visitor(userAgent: agent) != Visitor(referenceUserAgent: agent) {
      differ.append(agent ?? "nil")
    }
    #expect(differ.isEmpty, "\(differ.count) agents read differently, the first: \(differ.prefix(3))")
    // The corpus reaches every answer an agent can get (each platform, each kind but the app's),
    // so agreeing is not agreeing on one.
    let answers = Set(agents.map { Visitor(referenceUserAgent: $0) })
    #expect(answers.count == Visitor.Platform.allCases.count * (Visitor.Kind.allCases.count - 1))
  }

  @Test("a click's day is the UTC calendar's, across days, years and before 1970")
  func days() throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = try #require(TimeZone(identifier: "UTC"))
    formatter.dateFormat = "yyyy-MM-dd"
    var random = SplitMix(state: 72)
    var dates = [-1.0, 0, 86_399, 86_400, 951_782_400, 1_798_675_199, 1_798_675_200, -86_401]
    for _ in 0..<2_000 { dates.append(Double(Int64.random(in: -4_000_000_000...8_000_000_000, using: &random))) }
    for seconds in dates + dates.reversed() {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ClickKey.day(of: date) == formatter.string(from: date), "\(seconds)")
    }
  }
}
