/// Decoding, validation and errors of ``URLParser``.
extension URLParser {
  func checkSegmentLength(_ length: Int, index: Int) throws(RoutingError) {
    guard length <= options.maxSegmentLength else {
      throw invalid(
        "path segment \(index + 1) is \(length) bytes, over the maxSegmentLength limit of \(options.maxSegmentLength)"
      )
    }
  }

  func decodeSegment(_ raw: Substring, index: Int) throws(RoutingError) -> Substring {
    guard hasEscapes else { return raw }
    guard options.decodePath else {
      try validateComponent(raw, plusAsSpace: false, part: .segment(index))
      return raw
    }
    return try decode(raw, plusAsSpace: false, part: .segment(index))
  }

  func decodeHost(_ raw: Substring) throws(RoutingError) -> Substring {
    guard hasEscapes else { return raw.asciiLowercased() }
    return try decode(raw, plusAsSpace: false, part: .host).asciiLowercased()
  }

  func validateComponent(
    _ raw: Substring, plusAsSpace: Bool, part: Part
  ) throws(RoutingError) {
    _ = try decode(raw, plusAsSpace: plusAsSpace, part: part)
  }

  func validateItems(of text: Substring, part: Part) throws(RoutingError) {
    for item in text.split(byte: UInt8(ascii: "&")) {
      try validateComponent(item, plusAsSpace: options.plusAsSpace, part: part)
    }
  }

  func decode(
    _ raw: Substring, plusAsSpace: Bool, part: Part
  ) throws(RoutingError) -> Substring {
    do {
      return try PercentCoding.decode(raw, plusAsSpace: plusAsSpace)
    } catch {
      switch error {
      case .invalidEscape(let offset):
        let escape = raw.utf8.dropFirst(offset).prefix(3)
        throw invalid(
          "invalid percent-escape '\(String(decoding: escape, as: UTF8.self))' in the \(part)")
      case .invalidUTF8:
        throw invalid("the \(part) does not decode to valid UTF-8")
      }
    }
  }

  /// The part of a URL an error is in; named only when an error is raised.
  enum Part: CustomStringConvertible {
    case segment(Int)
    case host
    case query
    case fragment

    var description: String {
      switch self {
      case .segment(let index): return "path segment \(index + 1)"
      case .host: return "host"
      case .query: return "query"
      case .fragment: return "fragment"
      }
    }
  }

  func invalid(_ message: String) -> RoutingError {
    Self.invalid(message, in: string)
  }

  static func invalid(_ message: String, in string: String) -> RoutingError {
    RoutingError(.invalidURL, "invalid URL '\(quoted(string))': \(message)", url: string)
  }

  /// The URL for a message, cut short when it is long.
  static func quoted(_ text: String) -> String {
    text.utf8.count <= 200 ? text : String(text.prefix(200)) + "…"
  }

  /// Appends the decoded `key=value` items of an already validated query or fragment.
  static func appendItems(of text: Substring, to items: inout [QueryItem], options: MatchingOptions) {
    for item in text.split(byte: UInt8(ascii: "&")) {
      let name: Substring
      let value: Substring
      if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
        name = item[..<equals]
        value = item[item.index(after: equals)...]
      } else {
        name = item
        value = ""
      }
      items.append(
        QueryItem(
          name: String(decodedOrRaw(name, plusAsSpace: options.plusAsSpace)),
          value: String(decodedOrRaw(value, plusAsSpace: options.plusAsSpace))))
    }
  }

  static func decodedOrRaw(_ text: Substring, plusAsSpace: Bool) -> Substring {
    (try? PercentCoding.decode(text, plusAsSpace: plusAsSpace)) ?? text
  }
}

extension Substring {
  /// The parts between each `byte` (an ASCII delimiter), empty ones left out unless asked.
  ///
  /// Split on bytes, as the path is: a delimiter followed by a combining mark still delimits,
  /// where splitting on `Character`s would not, and every reader of the link (servers, the
  /// page of the map) splits as this does.
  package func split(byte: UInt8, keepingEmpty: Bool = false) -> [Substring] {
    utf8.split(separator: byte, omittingEmptySubsequences: !keepingEmpty).map { Substring($0) }
  }
}
