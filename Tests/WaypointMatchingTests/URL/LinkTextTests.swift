import Testing
import WaypointMatching

@Suite("Link text")
struct LinkTextTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let url: String
    let appended: String
    var testDescription: String { url }
  }

  static let cases = [
    Case(url: "a", appended: "a?k=v%20w"),
    Case(url: "a?", appended: "a?k=v%20w"),
    Case(url: "a?x=1", appended: "a?x=1&k=v%20w"),
    Case(url: "a?x=1&", appended: "a?x=1&k=v%20w"),
    Case(url: "a#f?g", appended: "a?k=v%20w#f?g"),
    Case(url: "a?x#f", appended: "a?x&k=v%20w#f"),
    Case(url: "s://h/p?%41=%42#", appended: "s://h/p?%41=%42&k=v%20w#"),
  ]

  @Test("splitting and joining gives the link back byte for byte", arguments: cases)
  func roundTrip(_ testCase: Case) {
    #expect(LinkText(testCase.url).string == testCase.url)
  }

  @Test("appended items are encoded and go before the fragment", arguments: cases)
  func append(_ testCase: Case) {
    #expect(LinkText.appending([QueryItem(name: "k", value: "v w")], to: testCase.url) == testCase.appended)
    #expect(LinkText.appending([], to: testCase.url) == testCase.url)
  }

  @Test("items are found by name as written")
  func items() {
    let link = LinkText("a?exp=1&sig&x=2#sig=3")
    #expect(link.hasItem(named: "exp"))
    #expect(link.hasItem(named: "sig"))
    #expect(!link.hasItem(named: "si"))
    #expect(link.fragment == "sig=3")
  }
}
