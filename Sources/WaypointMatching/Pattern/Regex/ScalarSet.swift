/// A set of Unicode scalars: a class such as `[a-z0-9_]` or `[^/]`, or a shorthand such as `\d`.
struct ScalarSet: Sendable {
  /// A shorthand class, with the meaning Swift's regexes give it when matching by scalars: `\d`
  /// any numeric scalar, `\w` a letter, an ASCII digit or `_`, `\s` white space.
  enum Shorthand: Sendable, Equatable {
    case digit, word, space
  }

  var ranges: [ClosedRange<UInt32>] = []
  /// Shorthands in the set, each possibly inverted (`\D` is `(digit, true)`).
  var shorthands: [(Shorthand, inverted: Bool)] = []
  var inverted = false

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    var found = false
    for range in ranges where range.contains(scalar.value) {
      found = true
      break
    }
    if !found {
      for (shorthand, inverted) in shorthands where Self.matches(shorthand, scalar) != inverted {
        found = true
        break
      }
    }
    return found != inverted
  }

  static func matches(_ shorthand: Shorthand, _ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      switch shorthand {
      case .digit: return byte >= 0x30 && byte <= 0x39
      case .word:
        return (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39 || byte == 0x5F
      case .space: return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
      }
    }
    let properties = scalar.properties
    switch shorthand {
    case .digit: return properties.numericType != nil
    case .word: return properties.isAlphabetic
    case .space: return properties.isWhitespace
    }
  }

  /// The scalars `.` does not match.
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
