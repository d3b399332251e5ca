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
  ///
  /// The map page's twin: `parse` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
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
  /// for the parts it keeps: scheme, authority (a host, or the first segment), the path's
  /// segments, then the query and fragment are checked.
  private func split(
    _ bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>
  ) throws(RoutingError) -> ParsedURL {
    let fragmentStart = fragmentMark < 0 ? -1 : fragmentMark + 1
    let queryEnd = fragmentMark < 0 ? bytes.count : fragmentMark
    let queryStart = queryMark < 0 ? -1 : queryMark + 1
    let end = queryMark < 0 ? queryEnd : queryMark
    let scheme = Self.scheme(in: bytes, before: end)
    let authority = Self.authority(in: bytes, from: scheme?.next ?? 0, before: end, afterScheme: scheme != nil)
    var segments = Segments(bounds: bounds, decoded: hasEscapes ? [] : nil)
    var host: Substring?
    var hostIsSegment = false
    let pathStart = authority?.end ?? scheme?.next ?? 0
    if let authority, authority.end > authority.start {
      host = try readAuthority(authority, scheme: scheme?.end ?? -1, into: &segments)
      hostIsSegment = host == nil
    }
    let trailing = try readPath(bytes, from: pathStart, to: end, into: &segments)
    if hasEscapes { try checkQueryAndFragment(queryStart..<queryEnd, fragmentStart: fragmentStart, count: bytes.count) }
    let decodedText = segments.layOutDecoded()
    // Locals, so the closure below captures them and not the whole parser (which it would copy).
    let (string, options, schemeEnd, count) = (string, options, scheme?.end ?? -1, segments.boundCount)
    return ParsedURL(bounds: UnsafeBufferPointer(rebasing: bounds[..<count])) {
      ParsedURL.Header(
        string: string, host: host, decodedText: decodedText, schemeEnd: schemeEnd, queryStart: queryStart,
        queryEnd: queryEnd, fragmentStart: fragmentStart, segmentCount: count / 2, hasTrailingSlash: trailing,
        firstSegmentIsHost: hostIsSegment, options: options)
    }
  }

  /// The segments found so far: byte offsets into the URL, unless one needs decoding or lowering;
  /// then all are collected decoded and laid end to end in a new text at the end.
  private struct Segments {
    let bounds: UnsafeMutableBufferPointer<Int>
    var boundCount = 0
    var decoded: [Substring]?

    init(bounds: UnsafeMutableBufferPointer<Int>, decoded: [Substring]?) {
      self.bounds = bounds
      self.decoded = decoded
    }

    /// How many segments there are.
    var count: Int { decoded?.count ?? boundCount / 2 }
    var isEmpty: Bool { count == 0 }

    mutating func add(_ start: Int, _ end: Int) {
      bounds[boundCount] = start
      bounds[boundCount + 1] = end
      boundCount += 2
    }

    /// When the segments were decoded, lays them end to end and points the bounds into that text.
    mutating func layOutDecoded() -> String? {
      guard let decoded else { return nil }
      var text = ""
      text.reserveCapacity(decoded.reduce(0) { $0 + $1.utf8.count })
      for segment in decoded {
        let start = text.utf8.count
        text.append(contentsOf: segment)
        add(start, text.utf8.count)
      }
      return text
    }
  }

  /// The scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`; `end` is where the
  /// scheme ends and `next` the offset after the colon.
  private static func scheme(
    in bytes: UnsafeBufferPointer<UInt8>, before end: Int
  ) -> (end: Int, next: Int)? {
    guard end > 0, isLetter(bytes[0]) else { return nil }
    var offset = 1
    while offset < end, isSchemeByte(bytes[offset]) { offset += 1 }
    guard offset < end, bytes[offset] == UInt8(ascii: ":") else { return nil }
    return (offset, offset + 1)
  }

  /// The authority after `//`, up to the next `/`: only after a scheme.
  private static func authority(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int, afterScheme: Bool
  ) -> (start: Int, end: Int)? {
    guard afterScheme, start + 1 < end, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/")
    else { return nil }
    var offset = start + 2
    while offset < end, bytes[offset] != UInt8(ascii: "/") { offset += 1 }
    return (start + 2, offset)
  }

  /// Reads a non-empty authority: as the first segment, lowered, when the host serves as one;
  /// else as the host, returned decoded.
  private func readAuthority(
    _ authority: (start: Int, end: Int), scheme schemeEnd: Int, into segments: inout Segments
  ) throws(RoutingError) -> Substring? {
    let text = ParsedURL.slice(string, authority.start..<authority.end)
    let scheme = schemeEnd < 0 ? "" : ParsedURL.slice(string, 0..<schemeEnd)
    guard options.hostIsSegment(scheme: scheme) else { return try decodeHost(Self.hostPart(of: text)) }
    try checkSegmentLength(text.utf8.count, index: 0)
    let lowered = try decodeSegment(text, index: 0).asciiLowercased()
    if !hasEscapes, lowered.utf8.elementsEqual(text.utf8) {
      segments.add(authority.start, authority.end)
    } else {
      segments.decoded = [lowered]
    }
    return nil
  }

  /// Reads the path's segments from `start` (the leading `/` skipped) to `end`; returns whether
  /// the path has a trailing slash.
  private func readPath(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into segments: inout Segments
  ) throws(RoutingError) -> Bool {
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
    guard pathEnd > segmentStart else { return trailing }
    let keepEmpty = options.emptySegments == .keep
    while true {
      let stop = Self.nextSlash(in: bytes, from: segmentStart, to: pathEnd)
      if stop > segmentStart || keepEmpty {
        let index = segments.count
        try checkSegmentLength(stop - segmentStart, index: index)
        if segments.decoded != nil {
          segments.decoded?.append(
            try decodeSegment(ParsedURL.slice(string, segmentStart..<stop), index: index))
        } else {
          segments.add(segmentStart, stop)
        }
      }
      if stop >= pathEnd { break }
      segmentStart = stop + 1
    }
    return trailing
  }

  /// Checks the escapes of the query's items and of the fragment (and its items, when the
  /// fragment is read as a query); called only when the URL holds a `%`.
  private func checkQueryAndFragment(
    _ query: Range<Int>, fragmentStart: Int, count: Int
  ) throws(RoutingError) {
    if query.lowerBound >= 0 { try validateItems(of: ParsedURL.slice(string, query), part: .query) }
    guard fragmentStart >= 0 else { return }
    let fragment = ParsedURL.slice(string, fragmentStart..<count)
    try validateComponent(fragment, plusAsSpace: false, part: .fragment)
    if options.fragmentAsQuery { try validateItems(of: fragment, part: .fragment) }
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
  ///
  /// The map page's twin: `hostPart` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
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
}
