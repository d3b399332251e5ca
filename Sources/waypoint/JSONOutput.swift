import Waypoint

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
    case .string(let text): return JSONString.quote(text)
    case .array(let items): return "[" + items.map(\.rendered).joined(separator: ",") + "]"
    case .object(let fields):
      return "{" + fields.map { JSONString.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
    }
  }
}
