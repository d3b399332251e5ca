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
    var rest = Substring(string)
    var fragment: Substring?
    if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    let scheme = Self.scheme(of: rest)
    if let scheme { rest = rest[rest.utf8.index(after: scheme.endIndex)...] }
    var authority: Substring?
    if scheme != nil, rest.utf8.starts(with: "//".utf8) {
      let start = rest.utf8.index(rest.startIndex, offsetBy: 2)
      let end = rest[start...].utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
      authority = rest[start..<end]
      rest = rest[end...]
    }
    var host: Substring?
    var segments: [Substring] = []
    segments.reserveCapacity(8)
    if let authority, !authority.isEmpty {
      if hostIsSegment(scheme: scheme) {
        try checkSegmentLength(authority, index: 0)
        segments.append(try decodeSegment(authority, index: 0).asciiLowercased())
      } else {
        host = try decodeHost(Self.hostPart(of: authority))
      }
    }
    let trailing = try appendPathSegments(of: rest, to: &segments)
    if hasEscapes, let query { try validateItems(of: query, part: .query) }
    if hasEscapes, let fragment {
      try validateComponent(fragment, plusAsSpace: false, part: .fragment)
      if options.fragmentAsQuery { try validateItems(of: fragment, part: .fragment) }
    }
    return ParsedURL(
      string: string, scheme: scheme, host: host, segments: segments,
      hasTrailingSlash: trailing, rawQuery: query, rawFragment: fragment, options: options)
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

  /// RFC 3986 scheme: a letter, then letters, digits, `+`, `-`, `.`, ending at `:`.
  static func scheme(of text: Substring) -> Substring? {
    var index = text.utf8.startIndex
    guard index < text.utf8.endIndex, isLetter(text.utf8[index]) else { return nil }
    while index < text.utf8.endIndex {
      let byte = text.utf8[index]
      if byte == UInt8(ascii: ":") { return text[text.startIndex..<index] }
      guard
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return nil }
      index = text.utf8.index(after: index)
    }
    return nil
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

  /// Appends the path's segments; returns whether the path ended with a slash.
  private func appendPathSegments(
    of path: Substring, to segments: inout [Substring]
  ) throws(RoutingError) -> Bool {
    var body = path
    if body.utf8.first == UInt8(ascii: "/") { body = body[body.utf8.index(after: body.startIndex)...] }
    var trailing = false
    if body.utf8.last == UInt8(ascii: "/") {
      trailing = true
      body = body[..<body.utf8.index(before: body.endIndex)]
    }
    if body.isEmpty { return trailing }
    var start = body.startIndex
    var index = body.utf8.startIndex
    while true {
      let atEnd = index == body.utf8.endIndex
      if atEnd || body.utf8[index] == UInt8(ascii: "/") {
        let raw = body[start..<index]
        if !raw.isEmpty || options.emptySegments == .keep {
          try checkSegmentLength(raw, index: segments.count)
          segments.append(try decodeSegment(raw, index: segments.count))
        }
        if atEnd { break }
        start = body.utf8.index(after: index)
      }
      index = body.utf8.index(after: index)
    }
    return trailing
  }

  private func checkSegmentLength(_ raw: Substring, index: Int) throws(RoutingError) {
    let length = raw.utf8.count
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
