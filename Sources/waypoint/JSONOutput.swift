/// A JSON value written with its keys in a fixed order, as the CLI contract requires.
indirect enum JSONOutput {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONOutput])
  case object([(String, JSONOutput)])

  /// A string, or `null` for `nil`.
  static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

  /// The value on one line.
  var rendered: String {
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .string(let text): return Self.quote(text)
    case .array(let items): return "[" + items.map(\.rendered).joined(separator: ",") + "]"
    case .object(let fields):
      return "{" + fields.map { Self.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
    }
  }

  /// `text` as a JSON string literal.
  static func quote(_ text: String) -> String {
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
