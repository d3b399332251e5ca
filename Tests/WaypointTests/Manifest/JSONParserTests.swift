import Foundation
import TestSupport
import Testing

@testable import Waypoint

/// The manifest's JSON reader against Foundation's `JSONSerialization` as the reference: the
/// same verdict and the same values on generated documents, and what only it adds (repeated
/// keys, places in messages, a nesting limit).
@Suite("Manifest JSON reader")
struct JSONParserTests {
  /// A random JSON text: objects, arrays, strings with escapes and non-ASCII, numbers of every form.
  static func pick(_ options: [String], _ random: inout SeededGenerator) -> String {
    options[Int.random(in: 0..<options.count, using: &random)]
  }

  static func document(_ random: inout SeededGenerator, depth: Int = 0) -> String {
    let choice = Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random)
    switch choice {
    case 0: return pick(["true", "false", "null"], &random)
    case 1:
      return pick(["0", "-0", "12", "-7", "1.5", "2e3", "-1.25E-2", "1.0", "9007199254740993", "0.1"], &random)
    case 2, 3, 4:
      let pieces = ["a", "é", "\\n", "\\\"", "\\u00e9", "\\ud83d\\ude00", "/", "\\/", " ", "\\t", "ключ", "\\\\"]
      return "\""
        + (0..<Int.random(in: 0..<5, using: &random)).map { _ in pick(pieces, &random) }
        .joined() + "\""
    case 5:
      let items = (0..<Int.random(in: 0..<4, using: &random)).map { _ in document(&random, depth: depth + 1) }
      return "[" + items.joined(separator: ", ") + "]"
    default:
      let count = Int.random(in: 0..<4, using: &random)
      let entries = (0..<count).map { index in "\"k\(index)\": " + document(&random, depth: depth + 1) }
      return "{ " + entries.joined(separator: ",\n") + " }"
    }
  }

  /// `value` as plain Foundation values, numbers as Double, for comparing with the reference.
  static func plain(_ value: JSONValue) -> NSObject {
    switch value {
    case .null: return NSNull()
    case .bool(let flag): return NSNumber(value: flag)
    case .integer(let number): return NSNumber(value: Double(number))
    case .number(let number): return NSNumber(value: number)
    case .string(let text): return text as NSString
    case .array(let items): return items.map(plain) as NSArray
    case .object(let object): return object.mapValues(plain) as NSDictionary
    }
  }

  /// The reference's reading, numbers as Double.
  static func normalized(_ value: Any) -> NSObject {
    switch value {
    case let array as [Any]: return array.map(normalized) as NSArray
    case let object as [String: Any]: return object.mapValues(normalized) as NSDictionary
    case let text as String: return text as NSString
    case let number as NSNumber:
      return String(cString: number.objCType) == "c" ? number : NSNumber(value: number.doubleValue)
    default: return NSNull()
    }
  }

  /// `text` read as the manifest reader reads it: a syntax error is its `invalidManifest`.
  static func parse(_ text: String) throws(ManifestError) -> (value: JSONValue, duplicates: [JSONDuplicateKey]) {
    do {
      return try JSONValue.parse(Data(text.utf8))
    } catch {
      throw ManifestError.invalidJSON(error)
    }
  }

  @Test("generated documents read as the reference reads them")
  func agreesWithReference() throws {
    var random = SeededGenerator(seed: 0x4A53_4F4E)
    for _ in 0..<2_000 {
      let text = Self.document(&random)
      let reference = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      let ours = try Self.parse(text)
      #expect(Self.plain(ours.value) == Self.normalized(reference), "\(text)")
      #expect(ours.duplicates.isEmpty)
    }
  }

  @Test("broken documents are refused, as the reference refuses them, with a line and column")
  func refusesWhatTheReferenceRefuses() throws {
    let broken = [
      "", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[01]", "[1.]", "[.5]", "[1e]", "[-]", "[+1]",
      "\"\\x\"", "\"\\u12\"", "[\"a\nb\"]", "nul", "truth", "[1] [2]", "{\"a\":1}}", "\"\\ud800\"", "\"\\udc00\"",
      "[1e999]", "'a'",
    ]
    for text in broken {
      #expect(throws: ManifestError.self, "\(text.debugDescription)") { try Self.parse(text) }
      do {
        _ = try Self.parse(text)
      } catch {
        #expect(error.message.hasPrefix("the manifest is not valid JSON: "), "\(error.message)")
        #expect(error.message.contains("(line "), "\(error.message)")
      }
      let reference = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      // Foundation reads 1e999 as infinity and lets trailing commas through; RFC 8259 allows neither.
      if !["[1e999]", "[1,]", "{\"a\":1,}"].contains(text) {
        #expect(reference == nil, "the reference refuses \(text.debugDescription) too")
      }
    }
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data([0x22, 0xFF, 0x22])) }
  }

  @Test("a syntax error names its line and column")
  func places() {
    do {
      _ = try Self.parse("{\n  \"routes\": [\n    {\"pattern\": \"/a\",}\n  ]\n}")
      Issue.record("accepted a trailing comma")
    } catch {
      #expect(
        error.message == "the manifest is not valid JSON: expected a key in quotes, found '}' (line 3, column 22)")
    }
  }

  @Test("keys given twice are reported with their place; the tree keeps the first")
  func duplicates() throws {
    let parsed = try Self.parse(#"{"a": 1, "b": {"c": [{"d": 1, "d": 2}]}, "a": 3}"#)
    #expect(parsed.duplicates.map(\.key) == ["d", "a"])
    #expect(parsed.duplicates[0].path == [.key("b"), .key("c"), .index(0)])
    #expect(parsed.duplicates[1].path == [] && parsed.duplicates[1].column == 42)
    guard case .object(let object) = parsed.value else { return }
    #expect(object["a"] == .integer(1))
  }

  @Test("repeats are listed in document order with their places, nested ones too")
  func nestedDuplicates() throws {
    let parsed = try Self.parse("{\"a\": 1,\n \"a\": {\"b\": 1,\n \"b\": 2}}")
    #expect(parsed.duplicates.map(\.key) == ["a", "b"])
    #expect(parsed.duplicates.map(\.line) == [2, 3])
    #expect(parsed.duplicates.map(\.column) == [2, 2])
  }

  @Test("a document repeating one key a hundred thousand times is read in one pass")
  func manyDuplicates() throws {
    let text = "{" + (0..<100_000).map { _ in "\"k\": 1" }.joined(separator: ",\n") + "}"
    let (parsed, seconds) = try Self.timed { try Self.parse(text) }
    #expect(parsed.duplicates.count == 99_999)
    #expect(parsed.duplicates.last?.line == 100_000)
    #expect(seconds < 5, "linear: well under a second, where a scan per repeat took minutes")
  }

  static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  @Test("a duplicate key in a manifest is an error naming the key, the route and the field")
  func duplicateKeysInManifests() {
    let cases: [(String, String)] = [
      (#"{"version":1,"version":2,"routes":[]}"#, "manifest field 'version': the key 'version' is given twice"),
      (
        #"{"routes":[{"name":"a","pattern":"/a","exposure":"internal","exposure":"public"}]}"#,
        "routes[0] ('a') field 'exposure': the key 'exposure' is given twice"
      ),
      (
        #"{"routes":[{"pattern":"/a/:x","defaults":{"x":"1","x":"2"}}]}"#,
        "routes[0] field 'defaults.x': the key 'x' is given twice"
      ),
      (#"{"options":{"host":"auto","host":"segment"},"routes":[]}"#, "manifest field 'options.host': the key 'host'"),
    ]
    for (json, message) in cases {
      let problems = RouteManifest.diagnose(data: Data(json.utf8))
      #expect(problems.contains { $0.message.hasPrefix(message) && $0.severity == .error }, "\(problems)")
      #expect(throws: BuildError.self) { try RouteManifest(json: json) }
    }
  }

  @Test("nesting deeper than the limit is refused, not a crash")
  func depth() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: ManifestError.self) { try Self.parse(deep) }
    let limit = JSONParser.maxDepth
    #expect(throws: Never.self) {
      try Self.parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
    }
  }

  @Test("revision: a non-negative integer, kept by the manifest and the builder")
  func revision() throws {
    #expect(try RouteManifest(json: #"{"revision": 12, "routes": []}"#).revision == 12)
    #expect(try RouteManifest(json: #"{"routes": []}"#).revision == nil)
    for bad in ["-1", "1.5", "\"3\""] {
      #expect(throws: BuildError.self) { try RouteManifest(json: #"{"revision": \#(bad), "routes": []}"#) }
    }
  }

  @Test("an object past the indexed size keeps every key once, in order, and reports a repeat")
  func largeObject() throws {
    // Past `JSONObject.indexedFrom` keys an object is also indexed by a dictionary.
    let keys = (0..<40).map { "k\($0)" }
    let written = keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }
    // One repeat before the object is indexed (a scan finds it), two after (the index does).
    let members = written[..<5] + ["\"k1\": 97"] + written[5...] + ["\"k30\": 99", "\"k3\": 98"]
    let parsed = try Self.parse("{" + members.joined(separator: ", ") + "}")
    guard case .object(let object) = parsed.value else {
      Issue.record("not an object")
      return
    }
    #expect(object.keys == keys)
    #expect(object["k30"] == .integer(30), "the first value is kept")
    #expect(object["k3"] == .integer(3))
    #expect(object["k1"] == .integer(1))
    #expect(object["k40"] == nil)
    #expect(parsed.duplicates.map(\.key) == ["k1", "k30", "k3"])
  }

  @Test("strings with escapes and text above ASCII read as the reference reads them, and bad UTF-8 is refused")
  func strings() throws {
    let texts = [#""a\u00e9b""#, #""café ☕""#, #""\ud83d\ude00 x""#, #""plain""#, #""a\nb\u0041""#]
    for text in texts {
      let reference = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      #expect(Self.plain(try Self.parse(text).value) == Self.normalized(reference), "\(text)")
    }
    // A lone continuation byte, and a truncated sequence after an escape.
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data([0x22, 0x61, 0x80, 0x22])) }
    #expect(throws: JSONSyntaxError.self) {
      try JSONValue.parse(Data([0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22]))
    }
  }
}
