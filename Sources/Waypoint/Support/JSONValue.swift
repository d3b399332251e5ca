internal import WaypointMatching

#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A JSON document as a tree, so a reader (the manifest's) can check every key and type itself
/// and say exactly what is wrong and where.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number without a fraction that fits `Int` (`1`, `1.0` and `1e0` are all `integer(1)`).
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// Reads `data` as JSON (RFC 8259), refusing what a lenient reader would let through: a key
  /// given twice in one object is reported in `duplicates` (the tree keeps the first value), and
  /// a syntax error is thrown with its line and column.
  static func parse(_ data: Data) throws(JSONSyntaxError) -> (value: JSONValue, duplicates: [JSONDuplicateKey]) {
    let result: Result<(JSONValue, [JSONDuplicateKey]), JSONSyntaxError> = data.withUnsafeBytes { raw in
      var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
      do throws(JSONSyntaxError) {
        let value = try parser.parseDocument()
        return .success((value, parser.duplicates))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let parsed): return parsed
    case .failure(let error): throw error
    }
  }

  /// The JSON type's name, for messages.
  var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A JSON object's members in the order the document gives them, each key once.
///
/// An array of pairs rather than a dictionary: a manifest's objects hold a handful of keys, which
/// a scan finds sooner than hashing. An object with more than ``indexedFrom`` keys (a hostile
/// one may hold thousands) is also indexed by a dictionary, so adding and finding a key stay
/// constant-time whatever its size.
struct JSONObject: Sendable, Equatable, Sequence {
  /// How many keys an object holds before it is indexed.
  static let indexedFrom = 16

  /// A key and its value.
  struct Member: Sendable {
    let key: String
    let value: JSONValue
  }

  private(set) var members: [Member] = []
  private var index: [String: Int]?

  init() {}

  var count: Int { members.count }
  var keys: [String] { members.map(\.key) }

  subscript(key: String) -> JSONValue? {
    position(of: key).map { members[$0].value }
  }

  /// Adds `key` with `value`, or returns `false` and changes nothing when the object has `key`.
  mutating func add(_ key: String, _ value: JSONValue) -> Bool {
    guard position(of: key) == nil else { return false }
    // Room for a route's usual keys at once, rather than growing by one, two and four.
    if members.isEmpty { members.reserveCapacity(4) }
    members.append(Member(key: key, value: value))
    if index != nil {
      index?[key] = members.count - 1
    } else if members.count > Self.indexedFrom {
      index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($0.element.key, $0.offset) })
    }
    return true
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    for position in members.indices where members[position].key == key { return position }
    return nil
  }

  /// The values with their keys, as a dictionary (for tests).
  func mapValues<T>(_ transform: (JSONValue) throws -> T) rethrows -> [String: T] {
    var result: [String: T] = [:]
    for member in members { result[member.key] = try transform(member.value) }
    return result
  }

  func makeIterator() -> LazyMapSequence<[Member], (key: String, value: JSONValue)>.Iterator {
    members.lazy.map { ($0.key, $0.value) }.makeIterator()
  }

  /// Objects are equal when they hold the same keys with equal values, in any order.
  static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
  }
}

/// JSON string literals, for the JSON Waypoint writes (`waypoint` output, app-site association).
package enum JSONString {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  package static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// A key that appears more than once in one JSON object: where the object is, and where the
/// second spelling of the key starts.
struct JSONDuplicateKey: Sendable, Equatable {
  /// The keys and indices leading to the object (`["routes", 3]` is the fourth route).
  var path: [JSONPathComponent]
  /// The key given twice.
  var key: String
  /// Where the repeated key starts: its byte offset, and its 1-based line and column (worked out
  /// from the offset once the document is read).
  var offset: Int
  var line = 0
  var column = 0
}

/// One step of a path into a JSON document.
enum JSONPathComponent: Sendable, Equatable {
  case key(String)
  case index(Int)
}

/// A syntax error and where it is.
struct JSONSyntaxError: Error {
  var reason: String
  var line: Int
  var column: Int

  var place: String { "line \(line), column \(column)" }
}

/// A recursive-descent JSON reader over UTF-8 bytes.
///
/// It keeps the path to the value being read
/// only so that a repeated key can be reported with its place; nesting is limited to
/// ``maxDepth`` so that hostile input cannot exhaust the stack.
struct JSONParser {
  /// The deepest nesting of arrays and objects read (a manifest needs 4).
  static let maxDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0
  private var path: [JSONPathComponent] = []
  private(set) var duplicates: [JSONDuplicateKey] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// One value, with only whitespace around it (a UTF-8 byte order mark is skipped).
  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard offset == bytes.count else { throw error("unexpected \(describeByte()) after the document") }
    placeDuplicates()
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard offset < bytes.count else { throw error("the document ends where a value was expected") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeByte()) where a value was expected")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth <= Self.maxDepth else { throw error("the document nests deeper than \(Self.maxDepth) levels") }
    offset += 1
    var object = JSONObject()
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw error("expected a key in quotes, found \(describeByte())")
      }
      let keyStart = offset
      let key = try parseString()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the key")
      skipWhitespace()
      path.append(.key(key))
      let value = try parseValue(depth: depth)
      path.removeLast()
      if !object.add(key, value) {
        // The tree keeps the first value; the repeat is reported.
        // The place is worked out once for all repeats at the end: one pass over the document,
        // however many keys a hostile one repeats.
        duplicates.append(JSONDuplicateKey(path: path, key: key, offset: keyStart))
      }
      skipWhitespace()
      guard offset < bytes.count else { throw error("the document ends inside an object") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(object)
      } else {
        throw error("expected ',' or '}' in an object, found \(describeByte())")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth <= Self.maxDepth else { throw error("the document nests deeper than \(Self.maxDepth) levels") }
    offset += 1
    var array: [JSONValue] = []
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return .array(array)
    }
    while true {
      skipWhitespace()
      path.append(.index(array.count))
      array.append(try parseValue(depth: depth))
      path.removeLast()
      skipWhitespace()
      guard offset < bytes.count else { throw error("the document ends inside an array") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(array)
      } else {
        throw error("expected ',' or ']' in an array, found \(describeByte())")
      }
    }
  }

  /// A string from its opening quote; escapes decoded, UTF-8 checked.
  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = offset
    offset += 1
    var runStart = offset
    var decoded: [UInt8]? = nil
    // Every byte of the string OR-ed together: below 0x80, it is ASCII, valid UTF-8 by itself,
    // and made without the generic validation (most of a manifest's reading time before).
    var bits: UInt8 = 0
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        let text: String?
        if var decoded {
          decoded.append(contentsOf: bytes[runStart..<offset])
          text = decoded.withUnsafeBufferPointer { Self.string($0, ascii: bits < 0x80) }
        } else {
          text = Self.string(UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), ascii: bits < 0x80)
        }
        offset += 1
        guard let text else { throw error("the string is not valid UTF-8", at: start) }
        return text
      }
      if byte < 0x20 { throw error("a control character (0x\(String(byte, radix: 16))) must be escaped in a string") }
      bits |= byte
      if byte == UInt8(ascii: "\\") {
        var buffer = decoded ?? []
        buffer.append(contentsOf: bytes[runStart..<offset])
        try parseEscape(into: &buffer)
        // An escape may add bytes above 0x7F (`\u00e9`): they are checked with the rest.
        if let last = buffer.last, last >= 0x80 { bits |= 0x80 }
        decoded = buffer
        runStart = offset
        continue
      }
      offset += 1
    }
    throw error("the string is not closed", at: start)
  }

  /// The string of `utf8`, or `nil` when it is not valid UTF-8; `ascii` says every byte is
  /// below 0x80, which needs no check.
  private static func string(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool) -> String? {
    ascii ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
  }

  /// One escape from its backslash, appended as UTF-8.
  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    offset += 1
    guard offset < bytes.count else { throw error("the document ends inside an escape") }
    let letter = bytes[offset]
    offset += 1
    switch letter {
    case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate escape must be followed by a low one") }
        offset += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("a high surrogate escape must be followed by a low one")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw error("a low surrogate escape without a high one before it")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw error("the escape is not a Unicode scalar") }
      buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      offset -= 1
      throw error("unknown escape '\\\(describeByte(quoted: false))'")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < bytes.count, let digit = PercentCoding.hexValue(bytes[offset]) else {
        throw error("expected four hex digits after '\\u'")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in a number") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) { throw error("a number must not start with 0") }
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    var isInteger = true
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '.'") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .integer(integer) }
    guard let number = Double(text), number.isFinite else {
      throw error("the number \(text) is out of range", at: start)
    }
    if number == number.rounded(), let integer = Int(exactly: number) { return .integer(integer) }
    return .number(number)
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
    let start = offset
    for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard offset < bytes.count, bytes[offset] == byte else {
        offset = start
        throw error("unexpected \(describeByte()) where a value was expected")
      }
      offset += 1
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard offset < bytes.count, bytes[offset] == byte else { throw error("expected \(what), found \(describeByte())") }
    offset += 1
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// The byte at the current offset, for messages: `'x'`, `byte 0xff`, or `the end`.
  private func describeByte(quoted: Bool = true) -> String {
    guard offset < bytes.count else { return "the end" }
    let byte = bytes[offset]
    guard byte >= 0x20, byte < 0x7F else { return "byte 0x\(String(byte, radix: 16))" }
    let character = String(UnicodeScalar(byte))
    return quoted ? "'\(character)'" : character
  }

  private func error(_ reason: String, at start: Int? = nil) -> JSONSyntaxError {
    let (line, column) = position(of: start ?? offset)
    return JSONSyntaxError(reason: reason, line: line, column: column)
  }

  /// Puts the repeats in document order and turns their byte offsets into lines and columns, in
  /// one pass.
  private mutating func placeDuplicates() {
    guard !duplicates.isEmpty else { return }
    // A repeat is recorded when its value ends, so one inside a repeated object comes first.
    duplicates.sort { $0.offset < $1.offset }
    var line = 1
    var lineStart = 0
    var index = 0
    for number in duplicates.indices {
      let target = duplicates[number].offset
      while index < target {
        if bytes[index] == 0x0A {
          line += 1
          lineStart = index + 1
        }
        index += 1
      }
      duplicates[number].line = line
      duplicates[number].column = target - lineStart + 1
    }
  }

  /// The 1-based line and column (in bytes) of `target`.
  private func position(of target: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(target, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return (line, target - lineStart + 1)
  }
}
