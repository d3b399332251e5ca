/// A parsed regular expression, before it is compiled.
indirect enum RegexNode: Sendable {
  case scalar(Unicode.Scalar)
  case set(ScalarSet)
  case any
  case atStart
  case atEnd
  case concatenation([RegexNode])
  case alternation([RegexNode])
  case repetition(RegexNode, min: Int, max: Int?)
}

/// Reads the regex syntax ``LinearRegex`` runs; anything that would need backtracking is refused.
///
/// Only sources that Swift's own `Regex` accepts reach it, so its errors are about features, not
/// typos.
struct RegexParser {
  /// Why a regex cannot run in linear time, or why it is malformed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    static func unsupported(_ feature: String) -> Failure {
      Failure("\(feature) not supported: route regexes run in linear time, without backtracking")
    }
  }

  /// The largest repetition count read; larger counts are capped here and refused by the compiler.
  static let maxCount = 100_000

  private let scalars: [Unicode.Scalar]
  private var position = 0

  init(_ source: String) {
    scalars = Array(source.unicodeScalars)
  }

  mutating func parse() throws(Failure) -> RegexNode {
    let node = try parseAlternation()
    guard position == scalars.count else { throw Failure("unbalanced ')'") }
    return node
  }

  private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  private mutating func take() -> Unicode.Scalar? {
    guard let scalar = peek else { return nil }
    position += 1
    return scalar
  }

  private mutating func take(_ expected: Unicode.Scalar) -> Bool {
    guard peek == expected else { return false }
    position += 1
    return true
  }

  private mutating func parseAlternation() throws(Failure) -> RegexNode {
    var branches = [try parseConcatenation()]
    while take("|") { branches.append(try parseConcatenation()) }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func parseConcatenation() throws(Failure) -> RegexNode {
    var items: [RegexNode] = []
    while let scalar = peek, scalar != "|", scalar != ")" {
      var atom = try parseAtom()
      while let (min, max) = try readQuantifier() { atom = .repetition(atom, min: min, max: max) }
      items.append(atom)
    }
    return items.count == 1 ? items[0] : .concatenation(items)
  }

  /// Reads a quantifier and its lazy mark, if one comes next.
  private mutating func readQuantifier() throws(Failure) -> (Int, Int?)? {
    let bounds: (Int, Int?)
    switch peek {
    case "*": bounds = (0, nil)
    case "+": bounds = (1, nil)
    case "?": bounds = (0, 1)
    case "{":
      guard let braces = readBraces() else { return nil }
      bounds = braces
    default: return nil
    }
    position += 1
    if take("+") { throw .unsupported("possessive quantifiers are") }
    _ = take("?")
    return bounds
  }

  /// Reads `{n}`, `{n,}`, `{n,m}` or `{,m}` and leaves the position on its `}`; `nil` (and the
  /// position unchanged) when the brace is a literal.
  private mutating func readBraces() -> (Int, Int?)? {
    let start = position
    position += 1
    let low = readNumber()
    var high = low
    if take(",") { high = readNumber() }
    guard peek == "}", low != nil || high != nil, position > start + 1 else {
      position = start
      return nil
    }
    if scalars[position - 1] == "," { high = nil }
    return (low ?? 0, high)
  }

  private mutating func readNumber() -> Int? {
    var value: Int?
    while let scalar = peek, ("0"..."9").contains(scalar) {
      value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), Self.maxCount)
      position += 1
    }
    return value
  }

  private mutating func parseAtom() throws(Failure) -> RegexNode {
    guard let scalar = take() else { throw Failure("the regex ends early") }
    switch scalar {
    case "(": return try parseGroup()
    case "[": return .set(try parseClass())
    case ".": return .any
    case "^": return .atStart
    case "$": return .atEnd
    case "\\": return try parseEscape(inClass: false)
    case "*", "+", "?": throw Failure("a quantifier with nothing to repeat")
    case "{":
      position -= 1
      if readBraces() != nil { throw Failure("a quantifier with nothing to repeat") }
      position += 1
      return .scalar(scalar)
    default: return .scalar(scalar)
    }
  }

  private mutating func parseGroup() throws(Failure) -> RegexNode {
    if take("?") {
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      switch (peek, next) {
      case (":", _): position += 1
      case ("<", "="), ("<", "!"): throw .unsupported("lookbehind is")
      case ("<", _):
        position += 1
        try skipName(until: ">")
      case ("P", "<"):
        position += 2
        try skipName(until: ">")
      case ("'", _):
        position += 1
        try skipName(until: "'")
      case ("=", _), ("!", _): throw .unsupported("lookahead is")
      case (">", _): throw .unsupported("atomic groups are")
      default: throw .unsupported("group options and special groups are")
      }
    }
    let node = try parseAlternation()
    guard take(")") else { throw Failure("a group is never closed") }
    return node
  }

  private mutating func skipName(until close: Unicode.Scalar) throws(Failure) {
    while let scalar = take() {
      if scalar == close { return }
      guard scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal || scalar == "_" else {
        throw Failure("an invalid group name")
      }
    }
    throw Failure("a group name is never closed")
  }

  private mutating func parseClass() throws(Failure) -> ScalarSet {
    var set = ScalarSet()
    set.inverted = take("^")
    var first = true
    while true {
      guard let scalar = take() else { throw Failure("a class is never closed") }
      if scalar == "]", !first { return set }
      first = false
      switch scalar {
      case "[": throw .unsupported("nested classes and POSIX classes are")
      case "&" where peek == "&", "-" where peek == "-", "~" where peek == "~":
        throw .unsupported("class set operations are")
      default: break
      }
      let low: Unicode.Scalar
      if scalar == "\\" {
        switch try parseEscape(inClass: true) {
        case .scalar(let escaped): low = escaped
        case .set(let shorthand):
          set.shorthands.append(contentsOf: shorthand.shorthands)
          continue
        default: throw Failure("an invalid escape in a class")
        }
      } else {
        low = scalar
      }
      guard peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" else {
        set.ranges.append(low.value...low.value)
        continue
      }
      position += 1
      guard var high = take() else { throw Failure("a class is never closed") }
      if high == "[" { throw .unsupported("nested classes are") }
      if high == "\\" {
        guard case .scalar(let escaped) = try parseEscape(inClass: true) else {
          throw Failure("a class range ends in a shorthand")
        }
        high = escaped
      }
      guard low.value <= high.value else { throw Failure("a class range is out of order") }
      set.ranges.append(low.value...high.value)
    }
  }

  private mutating func parseEscape(inClass: Bool) throws(Failure) -> RegexNode {
    guard let scalar = take() else { throw Failure("the regex ends with '\\'") }
    func shorthand(_ kind: ScalarSet.Shorthand, inverted: Bool) -> RegexNode {
      .set(ScalarSet(shorthands: [(kind, inverted: inverted)]))
    }
    switch scalar {
    case "d": return shorthand(.digit, inverted: false)
    case "D": return shorthand(.digit, inverted: true)
    case "w": return shorthand(.word, inverted: false)
    case "W": return shorthand(.word, inverted: true)
    case "s": return shorthand(.space, inverted: false)
    case "S": return shorthand(.space, inverted: true)
    case "n": return .scalar("\n")
    case "t": return .scalar("\t")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "v": return .scalar("\u{0B}")
    case "e": return .scalar("\u{1B}")
    case "a": return .scalar("\u{07}")
    case "x", "u": return .scalar(try readHexScalar(fixedDigits: scalar == "x" ? 2 : 4))
    default:
      if scalar.isASCII, !scalar.properties.isAlphabetic, scalar.properties.numericType == nil {
        return .scalar(scalar)
      }
      if scalar.properties.numericType == .decimal { throw .unsupported("backreferences are") }
      throw .unsupported("the escape '\\\(scalar)' is")
    }
  }

  /// Reads `{hex}` or a fixed number of hex digits after `\x` or `\u`.
  private mutating func readHexScalar(fixedDigits: Int) throws(Failure) -> Unicode.Scalar {
    let braced = take("{")
    var value: UInt32 = 0
    var digits = 0
    while let scalar = peek, let digit = Self.hexValue(scalar), braced || digits < fixedDigits, digits < 8 {
      value = value &* 16 &+ digit
      digits += 1
      position += 1
    }
    guard digits > 0, !braced || take("}"), let result = Unicode.Scalar(value) else {
      throw .unsupported("this form of hexadecimal escape is")
    }
    return result
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: return scalar.value - 0x30
    case 0x41...0x46: return scalar.value - 0x41 + 10
    case 0x61...0x66: return scalar.value - 0x61 + 10
    default: return nil
    }
  }
}
