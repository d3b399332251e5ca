/// Splits a URL string into a ``ParsedURL`` by the rules of the design contract: split the raw
/// path on `/` first, then decode each segment; `+` before percent-decoding in the query; limits
/// checked before any work.
struct URLParser {
  let string: String
  let options: MatchingOptions

  func parse() throws(RoutingError) -> ParsedURL {
    var parser = self
    parser.hasEscapes = try checkLimitsAndCharacters()
    return try parser.split()
  }

  /// Whether the URL holds a `%` anywhere; when it does not, no part needs decoding or checking.
  private(set) var hasEscapes = true

  private func split() throws(RoutingError) -> ParsedURL {
    var copy = string
    return try copy.withUTF8 { bytes in
      Result { () throws(RoutingError) -> ParsedURL in try split(bytes) }
    }.get()
  }

  /// Finds the parts by byte offsets in one pass over the UTF-8 bytes, and slices the string only
  /// for the parts it keeps.
  private func split(_ bytes: UnsafeBufferPointer<UInt8>) throws(RoutingError) -> ParsedURL {
    let utf8 = string.utf8
    func slice(_ start: Int, _ end: Int) -> Substring {
      string[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }
    func first(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
      var offset = start
      while offset < end {
        if bytes[offset] == byte { return offset }
        offset += 1
      }
      return nil
    }
    var end = bytes.count
    var fragment: Substring?
    if let hash = first(UInt8(ascii: "#"), from: 0, to: end) {
      fragment = slice(hash + 1, end)
      end = hash
    }
    var query: Substring?
    if let mark = first(UInt8(ascii: "?"), from: 0, to: end) {
      query = slice(mark + 1, end)
      end = mark
    }
    var start = 0
    var scheme: Substring?
    if end > 0, Self.isLetter(bytes[0]) {
      var offset = 1
      while offset < end, Self.isSchemeByte(bytes[offset]) { offset += 1 }
      if offset < end, bytes[offset] == UInt8(ascii: ":") {
        scheme = slice(0, offset)
        start = offset + 1
      }
    }
    var authority: Substring?
    if scheme != nil, start + 1 < end, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
      let authorityEnd = first(UInt8(ascii: "/"), from: start + 2, to: end) ?? end
      authority = slice(start + 2, authorityEnd)
      start = authorityEnd
    }
    var host: Substring?
    var segments: [Substring] = []
    segments.reserveCapacity(8)
    if let authority, !authority.isEmpty {
      if hostIsSegment(scheme: scheme) {
        try checkSegmentLength(authority.utf8.count, index: 0)
        segments.append(try decodeSegment(authority, index: 0).asciiLowercased())
      } else {
        host = try decodeHost(Self.hostPart(of: authority))
      }
    }
    var segmentStart = start
    if segmentStart < end, bytes[segmentStart] == UInt8(ascii: "/") { segmentStart += 1 }
    var pathEnd = end
    var trailing = false
    if pathEnd > segmentStart, bytes[pathEnd - 1] == UInt8(ascii: "/") {
      trailing = true
      pathEnd -= 1
    } else if segmentStart == end, segmentStart > start, !segments.isEmpty {
      // `myapp://user/`: the slash after a host that serves as a segment trails it.
      trailing = true
    }
    if pathEnd > segmentStart {
      var offset = segmentStart
      while offset <= pathEnd {
        if offset == pathEnd || bytes[offset] == UInt8(ascii: "/") {
          if offset > segmentStart || options.emptySegments == .keep {
            try checkSegmentLength(offset - segmentStart, index: segments.count)
            segments.append(try decodeSegment(slice(segmentStart, offset), index: segments.count))
          }
          segmentStart = offset + 1
        }
        offset += 1
      }
    }
    if hasEscapes, let query { try validateItems(of: query, part: .query) }
    if hasEscapes, let fragment {
      try validateComponent(fragment, plusAsSpace: false, part: .fragment)
      if options.fragmentAsQuery { try validateItems(of: fragment, part: .fragment) }
    }
    return ParsedURL(
      string: string, scheme: scheme, host: host, segments: segments,
      hasTrailingSlash: trailing, rawQuery: query, rawFragment: fragment, options: options)
  }

  /// A byte that may follow a scheme's first letter (RFC 3986): a letter, a digit, `+`, `-` or `.`.
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }

  /// Whether the authority of a URL with this scheme is read as the first path segment.
  func hostIsSegment(scheme: Substring?) -> Bool {
    switch options.host {
    case .segment: return true
    case .host: return false
    case .auto: return !(scheme.map(Self.isWebScheme) ?? false)
    }
  }

  static func isWebScheme(_ scheme: Substring) -> Bool {
    let lowered = scheme.asciiLowercased()
    return lowered == "http" || lowered == "https"
  }

  /// The host of an authority: without user information and port; brackets kept for IPv6.
  static func hostPart(of authority: Substring) -> Substring {
    var host = authority
    if let at = host.utf8.lastIndex(of: UInt8(ascii: "@")) { host = host[host.index(after: at)...] }
    if host.utf8.first == UInt8(ascii: "[") {
      if let close = host.utf8.firstIndex(of: UInt8(ascii: "]")) {
        return host[...close]
      }
      return host
    }
    if let colon = host.utf8.lastIndex(of: UInt8(ascii: ":")),
      host[host.index(after: colon)...].utf8.allSatisfy(isDigit)
    {
      host = host[..<colon]
    }
    return host
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Checks the length and refuses control characters; returns whether the URL holds a `%`.
  private func checkLimitsAndCharacters() throws(RoutingError) -> Bool {
    let length = string.utf8.count
    guard length <= options.maxURLLength else {
      throw invalid("the URL is \(length) bytes, over the maxURLLength limit of \(options.maxURLLength)")
    }
    let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> (control: Int?, percent: Bool) in
      var percent = false
      for (offset, byte) in bytes.enumerated() {
        if byte < 0x20 || byte == 0x7F { return (offset, percent) }
        if byte == UInt8(ascii: "%") { percent = true }
      }
      return (nil, percent)
    }
    var text = string
    let (control, percent) = text.withUTF8(scan)
    if let control {
      let byte = Array(string.utf8)[control]
      throw invalid("control character 0x\(String(byte, radix: 16, uppercase: true)) at byte \(control)")
    }
    return percent
  }

  private func checkSegmentLength(_ length: Int, index: Int) throws(RoutingError) {
    guard length <= options.maxSegmentLength else {
      throw invalid(
        "path segment \(index + 1) is \(length) bytes, over the maxSegmentLength limit of \(options.maxSegmentLength)"
      )
    }
  }

  private func decodeSegment(_ raw: Substring, index: Int) throws(RoutingError) -> Substring {
    guard hasEscapes else { return raw }
    guard options.decodePath else {
      try validateComponent(raw, plusAsSpace: false, part: .segment(index))
      return raw
    }
    return try decode(raw, plusAsSpace: false, part: .segment(index))
  }

  private func decodeHost(_ raw: Substring) throws(RoutingError) -> Substring {
    guard hasEscapes else { return raw.asciiLowercased() }
    return try decode(raw, plusAsSpace: false, part: .host).asciiLowercased()
  }

  private func validateComponent(
    _ raw: Substring, plusAsSpace: Bool, part: Part
  ) throws(RoutingError) {
    _ = try decode(raw, plusAsSpace: plusAsSpace, part: part)
  }

  private func validateItems(of text: Substring, part: Part) throws(RoutingError) {
    for item in text.split(separator: "&", omittingEmptySubsequences: true) {
      try validateComponent(item, plusAsSpace: options.plusAsSpace, part: part)
    }
  }

  private func decode(
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

  private func invalid(_ message: String) -> RoutingError {
    RoutingError(.invalidURL, "invalid URL '\(Self.quoted(string))': \(message)", url: string)
  }

  /// The URL for a message, cut short when it is long.
  static func quoted(_ text: String) -> String {
    text.utf8.count <= 200 ? text : String(text.prefix(200)) + "…"
  }

  /// Appends the decoded `key=value` items of an already validated query or fragment.
  static func appendItems(of text: Substring, to items: inout [QueryItem], options: MatchingOptions) {
    for item in text.split(separator: "&", omittingEmptySubsequences: true) {
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

  private static func decodedOrRaw(_ text: Substring, plusAsSpace: Bool) -> Substring {
    (try? PercentCoding.decode(text, plusAsSpace: plusAsSpace)) ?? text
  }
}
