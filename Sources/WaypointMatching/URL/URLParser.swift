/// Splits a URL string into a ``ParsedURL`` by the rules of the design contract: split the raw
/// path on `/` first, then decode each segment; `+` before percent-decoding in the query; limits
/// checked before any work.
struct URLParser {
  let string: String
  let options: MatchingOptions
  /// Whether the URL holds a `%` anywhere; when it does not, no part needs decoding or checking.
  let hasEscapes: Bool
  /// Where the first `#` is, and the first `?` before it (-1 when absent).
  let fragmentMark: Int
  let queryMark: Int

  /// Reads `string` under `options`.
  static func parse(_ string: String, options: MatchingOptions) throws(RoutingError) -> ParsedURL {
    let length = string.utf8.count
    guard length <= options.maxURLLength else {
      throw invalid(
        "the URL is \(length) bytes, over the maxURLLength limit of \(options.maxURLLength)", in: string)
    }
    // The work happens inside closures that cannot throw a typed error, so a failure comes out
    // through `failure`. An optional result and a boxed error are far cheaper to pass around than
    // a `Result` or an optional `RoutingError`, and the parser is made once, as a constant, so no
    // closure copies it.
    var failure: FailureBox?
    // Room for every segment's two offsets: a URL of n bytes has at most n + 1 segments (when
    // empty segments are kept, every `/` can start one).
    let url = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * length + 4) { bounds -> ParsedURL? in
      withBytes(of: string) { bytes -> ParsedURL? in
        do throws(RoutingError) {
          let scanned = try scan(bytes, of: string)
          let parser = URLParser(
            string: string, options: options, hasEscapes: scanned.percent, fragmentMark: scanned.fragment,
            queryMark: scanned.query)
          return try parser.split(bytes, bounds: bounds)
        } catch {
          failure = FailureBox(error)
          return nil
        }
      }
    }
    guard let url else { throw failure?.error ?? invalid("the URL could not be read", in: string) }
    return url
  }

  /// A parsing error, kept out of line on the way out of the closures.
  private final class FailureBox {
    let error: RoutingError
    init(_ error: RoutingError) { self.error = error }
  }

  /// Calls `body` with the UTF-8 bytes of `string`, in place when it stores them contiguously.
  private static func withBytes<Result>(
    of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return copy.withUTF8(body)
  }

  /// Refuses control characters, and finds whether the URL holds a `%`, where the fragment
  /// starts and where the query starts, in one pass.
  ///
  /// Eight bytes are tested at once for any of the bytes that matter; only a word holding one is
  /// looked at byte by byte.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, of string: String
  ) throws(RoutingError) -> (percent: Bool, fragment: Int, query: Int) {
    var percent = false
    var fragment = -1
    var query = -1
    var offset = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return (false, -1, -1) }
    let raw = UnsafeRawPointer(base)
    while offset < count {
      var stop = offset + 1
      if offset + 8 <= count {
        if !mayHoldMark(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
          offset += 8
          continue
        }
        stop = offset + 8
      } else if count >= 8 {
        // The last bytes: the word ending at the end (it overlaps bytes already seen, which hold
        // no mark or were looked at one by one) answers for them at once when it holds no mark.
        if !mayHoldMark(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) { break }
        stop = count
      }
      while offset < stop {
        let byte = base[offset]
        if byte <= UInt8(ascii: "?") {
          if byte < 0x20 {
            throw invalid(
              "control character 0x\(String(byte, radix: 16, uppercase: true)) at byte \(offset)", in: string)
          }
          switch byte {
          case UInt8(ascii: "%"): percent = true
          case UInt8(ascii: "#") where fragment < 0: fragment = offset
          case UInt8(ascii: "?") where query < 0 && fragment < 0: query = offset
          default: break
          }
        } else if byte == 0x7F {
          throw invalid("control character 0x7F at byte \(offset)", in: string)
        }
        offset += 1
      }
    }
    return (percent, fragment, query)
  }

  /// Whether any byte of `word` is a control character, `%`, `#` or `?` (never `false` when one is).
  @inline(__always)
  private static func mayHoldMark(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte below n sets its high bit in `(word - n) & ~word` (for n ≤ 0x80); a byte equal to c is
    // a zero byte of `word ^ c`.
    func below(_ word: UInt64, _ bound: UInt64) -> UInt64 { (word &- ones &* bound) & ~word & highs }
    return below(word, 0x20) | below(word ^ (ones &* 0x25), 1) | below(word ^ (ones &* 0x23), 1)
      | below(word ^ (ones &* 0x3F), 1) | below(word ^ (ones &* 0x7F), 1) != 0
  }

  /// Finds the parts by byte offsets in one pass over the UTF-8 bytes, and slices the string only
  /// for the parts it keeps.
  private func split(
    _ bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>
  ) throws(RoutingError) -> ParsedURL {
    // Local helpers take what they need as arguments, so they do not capture (and copy) the parser.
    func slice(_ string: String, _ start: Int, _ end: Int) -> Substring { ParsedURL.slice(string, start..<end) }
    func first(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
      var offset = start
      while offset < end {
        if bytes[offset] == byte { return offset }
        offset += 1
      }
      return nil
    }
    var end = bytes.count
    let fragmentStart = fragmentMark < 0 ? -1 : fragmentMark + 1
    if fragmentMark >= 0 { end = fragmentMark }
    let queryStart = queryMark < 0 ? -1 : queryMark + 1
    let queryEnd = end
    if queryMark >= 0 { end = queryMark }
    var start = 0
    var scheme: Substring?
    var schemeEnd = -1
    if end > 0, Self.isLetter(bytes[0]) {
      var offset = 1
      while offset < end, Self.isSchemeByte(bytes[offset]) { offset += 1 }
      if offset < end, bytes[offset] == UInt8(ascii: ":") {
        scheme = slice(string, 0, offset)
        schemeEnd = offset
        start = offset + 1
      }
    }
    var authority: Substring?
    var authorityStart = start
    if scheme != nil, start + 1 < end, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
      let authorityEnd = first(UInt8(ascii: "/"), from: start + 2, to: end) ?? end
      authorityStart = start + 2
      authority = slice(string, start + 2, authorityEnd)
      start = authorityEnd
    }
    // Segments are byte offsets into the URL, unless one needs decoding or lowering: then they
    // are collected decoded and laid end to end in a new text.
    var host: Substring?
    var boundCount = 0
    func addBounds(_ start: Int, _ end: Int) {
      bounds[boundCount] = start
      bounds[boundCount + 1] = end
      boundCount += 2
    }
    var decoded: [Substring]?
    if let authority, !authority.isEmpty {
      if options.hostIsSegment(scheme: scheme ?? "") {
        try checkSegmentLength(authority.utf8.count, index: 0)
        let lowered = try decodeSegment(authority, index: 0).asciiLowercased()
        if !hasEscapes, lowered.utf8.elementsEqual(authority.utf8) {
          addBounds(authorityStart, start)
        } else {
          decoded = [lowered]
        }
      } else {
        host = try decodeHost(Self.hostPart(of: authority))
      }
    }
    if hasEscapes, decoded == nil { decoded = [] }
    var segmentStart = start
    if segmentStart < end, bytes[segmentStart] == UInt8(ascii: "/") { segmentStart += 1 }
    var pathEnd = end
    var trailing = false
    if pathEnd > segmentStart, bytes[pathEnd - 1] == UInt8(ascii: "/") {
      trailing = true
      pathEnd -= 1
    } else if segmentStart == end, segmentStart > start, boundCount > 0 || decoded?.isEmpty == false {
      // `myapp://user/`: the slash after a host that serves as a segment trails it.
      trailing = true
    }
    if pathEnd > segmentStart {
      let keepEmpty = options.emptySegments == .keep
      while true {
        let stop = Self.nextSlash(in: bytes, from: segmentStart, to: pathEnd)
        if stop > segmentStart || keepEmpty {
          let index = decoded?.count ?? boundCount / 2
          try checkSegmentLength(stop - segmentStart, index: index)
          if decoded != nil {
            decoded?.append(try decodeSegment(slice(string, segmentStart, stop), index: index))
          } else {
            addBounds(segmentStart, stop)
          }
        }
        if stop >= pathEnd { break }
        segmentStart = stop + 1
      }
    }
    var decodedText: String?
    if let decoded {
      var segmentText = ""
      segmentText.reserveCapacity(decoded.reduce(0) { $0 + $1.utf8.count })
      for segment in decoded {
        let segmentStart = segmentText.utf8.count
        segmentText.append(contentsOf: segment)
        addBounds(segmentStart, segmentText.utf8.count)
      }
      decodedText = segmentText
    }
    if hasEscapes, queryStart >= 0 { try validateItems(of: slice(string, queryStart, queryEnd), part: .query) }
    if hasEscapes, fragmentStart >= 0 {
      let fragment = slice(string, fragmentStart, bytes.count)
      try validateComponent(fragment, plusAsSpace: false, part: .fragment)
      if options.fragmentAsQuery { try validateItems(of: fragment, part: .fragment) }
    }
    // Locals, so the closure below captures them and not the whole parser (which it would copy).
    let (string, options) = (string, options)
    return ParsedURL(bounds: UnsafeBufferPointer(rebasing: bounds[..<boundCount])) {
      ParsedURL.Header(
        string: string, host: host, decodedText: decodedText, schemeEnd: schemeEnd, queryStart: queryStart,
        queryEnd: queryEnd, fragmentStart: fragmentStart, segmentCount: boundCount / 2, hasTrailingSlash: trailing,
        options: options)
    }
  }

  /// The offset of the first `/` in `bytes[start..<end]`, or `end`; eight bytes at a time.
  @inline(__always)
  static func nextSlash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var offset = start
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      while offset + 8 <= end {
        // A `/` is a zero byte of `word ^ "////////"`; the lowest flagged byte is the first one.
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ (ones &* 0x2F)
        let zeros = (word &- ones) & ~word & (ones &* 0x80)
        if zeros != 0 { return offset + zeros.trailingZeroBitCount / 8 }
        offset += 8
      }
    }
    while offset < end, bytes[offset] != UInt8(ascii: "/") { offset += 1 }
    return offset
  }

  /// A byte that may follow a scheme's first letter (RFC 3986): a letter, a digit, `+`, `-` or `.`.
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
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
    Self.invalid(message, in: string)
  }

  private static func invalid(_ message: String, in string: String) -> RoutingError {
    RoutingError(.invalidURL, "invalid URL '\(quoted(string))': \(message)", url: string)
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
