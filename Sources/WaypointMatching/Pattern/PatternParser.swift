/// Reads the pattern language byte by byte (every syntax character is ASCII), so regexes may hold
/// `/` and `(`, and every error can point at its column.
struct PatternParser {
  struct Parsed {
    var scheme: String?
    var host: String?
    var segments: [PatternSegment] = []
    var trailingSlash = false
    var groupCount = 0
    /// Whether the first segment was written where a host goes (`myapp://user`), not after an
    /// empty one (`myapp:///user`).
    var firstSegmentIsHost = false
    /// Where the first empty segment (`//`) is, which the pattern collapses, and the pattern
    /// without its empty segments; `nil` when it has none.
    var emptySegment: (column: Int, collapsed: String)?
  }

  let source: String
  let options: MatchingOptions
  let types: ParameterTypes
  /// The pattern's UTF-8, borrowed for the parse (see `parse(_:options:types:)`).
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Whether every byte is ASCII other than a carriage return (`\r\n` is one character), so a
  /// column is the byte offset plus one.
  private let isASCII: Bool
  private var index = 0
  /// Where the path starts: after the scheme, and after the host when it is one.
  private var pathStart = 0
  private var openGroup: (number: Int, offset: Int, segments: Int)?
  private var parsed = Parsed()

  private init(source: String, bytes: UnsafeBufferPointer<UInt8>, options: MatchingOptions, types: ParameterTypes) {
    self.source = source
    self.options = options
    self.types = types
    self.bytes = bytes
    self.isASCII = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// Parses `source`, reading its UTF-8 where it lies.
  static func parse(_ source: String, options: MatchingOptions, types: ParameterTypes) throws(RoutingError) -> Parsed {
    var text = source
    var parsed = Parsed()
    var failure: RoutingError?
    text.withUTF8 { bytes in
      var parser = PatternParser(source: source, bytes: bytes, options: options, types: types)
      do throws(RoutingError) {
        try parser.parse(into: &parsed)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return parsed
  }

  private mutating func parse(into result: inout Parsed) throws(RoutingError) {
    guard bytes.count <= RoutePattern.maxLength else {
      throw error(at: 0, "the pattern is \(bytes.count) bytes, over the limit of \(RoutePattern.maxLength)")
    }
    var hostIsSegment = false
    if let schemeEnd = schemeEnd() {
      let scheme = text(0..<schemeEnd).lowercased()
      parsed.scheme = scheme
      index = schemeEnd + 3
      hostIsSegment = options.hostIsSegment(scheme: scheme)
      if !hostIsSegment { try parseHost() }
    }
    pathStart = index
    try parsePath(firstIsHost: hostIsSegment)
    try check()
    swap(&result, &parsed)
  }

  // MARK: - Scheme and host

  /// The offset of `://` when the pattern starts with a scheme.
  private func schemeEnd() -> Int? {
    guard let first = bytes.first, URLParser.isLetter(first) else { return nil }
    var offset = 1
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: ":") {
        return has("://", at: offset) ? offset : nil
      }
      guard URLParser.isSchemeByte(byte) else { return nil }
      offset += 1
    }
    return nil
  }

  private mutating func parseHost() throws(RoutingError) {
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "(") {
      let byte = bytes[index]
      let allowed =
        URLParser.isLetter(byte) || URLParser.isDigit(byte) || byte >= 0x80
        || "-._~%[]:".utf8.contains(byte)
      guard allowed else {
        throw error(at: index, "the host must be literal; '\(Character(Unicode.Scalar(byte)))' is not allowed in it")
      }
      index += 1
    }
    let raw = Substring(text(start..<index))
    guard !raw.isEmpty else { return }
    let host = URLParser.hostPart(of: raw)
    // `https://:80/x` names a port and no host, so it matches any host, as `https:///x` does.
    guard !host.isEmpty else { return }
    if host.utf8.first != UInt8(ascii: "["), let colon = host.utf8.firstIndex(of: UInt8(ascii: ":")) {
      let offset = start + raw.utf8.distance(from: raw.startIndex, to: colon)
      throw error(at: offset, "the host must be literal; a ':' in it may only start the port")
    }
    guard let decoded = try? PercentCoding.decode(host, plusAsSpace: false) else {
      throw error(at: start, "the host has an invalid percent-escape")
    }
    parsed.host = String(decoded.asciiLowercased())
  }

  // MARK: - Path

  private mutating func parsePath(firstIsHost: Bool) throws(RoutingError) {
    var nextIsHost = firstIsHost
    parsed.segments.reserveCapacity(bytes[index...].reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) })
    // The slashes that follow a slash: each is an empty segment, collapsed.
    var extraSlashes: [Int] = []
    defer { noteEmptySegments(extraSlashes) }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "/"):
        if index > 0, bytes[index - 1] == UInt8(ascii: "/"), index > pathStart { extraSlashes.append(index) }
        index += 1
        if index == bytes.count, !parsed.segments.isEmpty { parsed.trailingSlash = true }
        nextIsHost = false
      case UInt8(ascii: "("):
        try openOptionalGroup()
      case UInt8(ascii: ")"):
        try closeOptionalGroup()
      default:
        let start = index
        if let segment = try parseSegment(isHost: nextIsHost) {
          if nextIsHost { parsed.firstSegmentIsHost = true }
          parsed.segments.append(segment)
          openGroup?.segments += 1
        } else if openGroup != nil {
          throw error(at: start, "empty segment")
        }
        nextIsHost = false
      }
    }
    if let openGroup { throw error(at: openGroup.offset, "the optional group is never closed") }
  }

  /// Records where the first of `extraSlashes` is and the pattern without them, for lint.
  private mutating func noteEmptySegments(_ extraSlashes: [Int]) {
    guard let first = extraSlashes.first else { return }
    var kept = Array(bytes)
    for offset in extraSlashes.reversed() { kept.remove(at: offset) }
    parsed.emptySegment = (column(of: first), String(decoding: kept, as: UTF8.self))
  }

  private mutating func openOptionalGroup() throws(RoutingError) {
    if openGroup != nil { throw error(at: index, "optional groups cannot nest") }
    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") else {
      throw error(at: index, "an optional group starts with '/', as in '(/:id)'; write '\\(' for a literal '('")
    }
    openGroup = (parsed.groupCount, index, 0)
    parsed.groupCount += 1
    index += 1
  }

  private mutating func closeOptionalGroup() throws(RoutingError) {
    guard let group = openGroup else {
      throw error(at: index, "')' closes no optional group; write '\\)' for a literal ')'")
    }
    guard group.segments > 0 else { throw error(at: group.offset, "the optional group is empty") }
    openGroup = nil
    index += 1
    if index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "(") {
      throw error(at: index, "expected '/', '(' or the end after an optional group")
    }
  }

  private mutating func parseSegment(isHost: Bool) throws(RoutingError) -> PatternSegment? {
    let start = index
    let startColumn = column(of: start)
    if let rest = try parseRest(column: startColumn) { return rest }
    if let plain = plainLiteral(isHost: isHost) {
      return PatternSegment(kind: .literal(plain), group: openGroup?.number, column: startColumn)
    }
    var prefix: [UInt8] = []
    var suffix: [UInt8] = []
    // The segment's parameter, when it has one, in plain variables: an optional tuple of them was
    // copied through the runtime's generic witnesses on every read (5% of building a table).
    var name: String?
    var constraint = ParameterConstraint.none
    var type: ParameterType?
    var offset = 0
    scan: while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "/"):
        break scan
      case UInt8(ascii: "("):
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break scan }
        throw error(
          at: index,
          "'(' must start an optional group such as '(/:id)' or follow a parameter name as its regex; write '\\(' for a literal '('"
        )
      case UInt8(ascii: ")"):
        if openGroup != nil { break scan }
        throw error(at: index, "')' closes no optional group; write '\\)' for a literal ')'")
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { throw error(at: index, "'\\' at the end of the pattern escapes nothing") }
        if name == nil { prefix.append(bytes[index + 1]) } else { suffix.append(bytes[index + 1]) }
        index += 2
      case UInt8(ascii: "?"):
        throw error(at: index, "a pattern cannot have a query ('?'); read query items from the match instead")
      case UInt8(ascii: "#"):
        throw error(at: index, "a pattern cannot have a fragment ('#')")
      case UInt8(ascii: "*"):
        throw error(at: index, "a rest ('*') must be a whole segment; write '\\*' for a literal '*'")
      case UInt8(ascii: ":"), UInt8(ascii: "<"):
        if name != nil { throw error(at: index, "a segment can hold only one parameter") }
        offset = index
        (name, constraint, type) = try readParameter()
      default:
        if name == nil { prefix.append(byte) } else { suffix.append(byte) }
        index += 1
      }
    }
    let prefixText = try literal(prefix, at: start, lowercase: isHost)
    guard let name else {
      if prefixText.isEmpty { return nil }
      return PatternSegment(kind: .literal(prefixText), group: openGroup?.number, column: startColumn)
    }
    let value = PatternParameter(
      name: name, prefix: prefixText, suffix: try literal(suffix, at: start, lowercase: isHost),
      constraint: constraint, shared: type?.unaffixed)
    return PatternSegment(kind: .parameter(value), group: openGroup?.number, column: column(of: offset))
  }

  /// A parameter from its ':' or '<': its name, constraint and type.
  private mutating func readParameter() throws(RoutingError) -> (String, ParameterConstraint, ParameterType?) {
    if bytes[index] == UInt8(ascii: ":") {
      let (name, constraint) = try readColonParameter()
      return (name, constraint, nil)
    }
    let (name, type) = try readAngleParameter()
    return (name, type.map(ParameterConstraint.init(type:)) ?? .none, type)
  }

  /// A rest segment (`*`, `*name` or `<path:name>`) starting here, or `nil` (having read nothing)
  /// when the segment is another kind.
  private mutating func parseRest(column startColumn: Int) throws(RoutingError) -> PatternSegment? {
    if bytes[index] == UInt8(ascii: "*") {
      index += 1
      let name = readName()
      try expectSegmentEnd(after: "a rest segment ('*')")
      return PatternSegment(kind: .rest(name: name), group: openGroup?.number, column: startColumn)
    }
    guard bytes[index] == UInt8(ascii: "<"), has("<path:", at: index) else { return nil }
    index += 6
    guard let name = readName() else { throw error(at: index, "expected a parameter name after '<path:'") }
    try expect(">", "to close '<path:\(name)'")
    try expectSegmentEnd(after: "a rest segment ('<path:\(name)>')")
    return PatternSegment(kind: .rest(name: name), group: openGroup?.number, column: startColumn)
  }

  /// The common case, cheaply: a segment of plain characters up to the next `/` or the end.
  ///
  /// Returns `nil` (and reads nothing) when the segment has a parameter, escape, percent-escape or
  /// group.
  private mutating func plainLiteral(isHost: Bool) -> String? {
    var end = index
    var hasUppercase = false
    while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
      switch bytes[end] {
      case UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "?"),
        UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: ")"):
        return nil
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        hasUppercase = true
        end += 1
      default:
        end += 1
      }
    }
    guard end > index else { return nil }
    let range = index..<end
    index = end
    guard hasUppercase, isHost || !options.caseSensitive else { return text(range) }
    // Lowered as the bytes are copied: only ASCII letters change, so the text stays valid UTF-8.
    return String(unsafeUninitializedCapacity: range.count) { buffer in
      for (offset, byte) in bytes[range].enumerated() {
        buffer[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
      }
      return range.count
    }
  }

  /// `:name` or `:name(regex)`; the index is at ':'.
  private mutating func readColonParameter() throws(RoutingError) -> (String, ParameterConstraint) {
    index += 1
    guard let name = readName() else {
      throw error(
        at: index, "expected a parameter name ([A-Za-z_][A-Za-z0-9_]*) after ':'; write '\\:' for a literal ':'")
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return (name, .none) }
    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { return (name, .none) }
    return (name, try readRegex())
  }

  /// `<name>` or `<type:name>`, and the type unless it is none or `string`; the index is at '<'.
  private mutating func readAngleParameter() throws(RoutingError) -> (String, ParameterType?) {
    index += 1
    let typeOffset = index
    guard let first = readName() else { throw error(at: index, "expected a parameter name after '<'") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
      index += 1
      return (first, nil)
    }
    try expect(":", "or '>' after '<\(first)'")
    guard let name = readName() else { throw error(at: index, "expected a parameter name after '<\(first):'") }
    try expect(">", "to close '<\(first):\(name)'")
    if first == "path" {
      throw error(at: typeOffset - 1, "'<path:\(name)>' (a rest) must be a whole segment")
    }
    guard let type = types[first] else {
      throw error(at: typeOffset, "unknown parameter type '\(first)' (known: \(types.names.joined(separator: ", ")))")
    }
    return (name, type.name == "string" ? nil : type)
  }

  /// A regex in parentheses, which may nest and hold escapes and character classes; the index is
  /// at '('.
  private mutating func readRegex() throws(RoutingError) -> ParameterConstraint {
    let open = index
    var depth = 0
    var inClass = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if inClass {
        if byte == UInt8(ascii: "]") { inClass = false }
      } else if byte == UInt8(ascii: "[") {
        inClass = true
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "^") { index += 1 }
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") { index += 1 }
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { break }
      }
      index += 1
    }
    guard index < bytes.count else { throw error(at: open, "the regex is never closed") }
    let regexSource = text(open + 1..<index)
    index += 1
    guard !regexSource.isEmpty else { throw error(at: open, "the regex is empty") }
    do {
      return ParameterConstraint(regex: try CompiledRegex(regexSource))
    } catch {
      throw self.error(at: open + 1, "invalid regex '\(regexSource)': \(error)")
    }
  }

  private mutating func readName() -> String? {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isNameByte =
        URLParser.isLetter(byte) || byte == UInt8(ascii: "_") || (index > start && URLParser.isDigit(byte))
      guard isNameByte else { break }
      index += 1
    }
    return index > start ? text(start..<index) : nil
  }

  /// Steps over `character`, or throws; the message is made only when it throws.
  private mutating func expect(_ character: Unicode.Scalar, _ context: @autoclosure () -> String) throws(RoutingError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
      throw error(at: index, "expected '\(character)' \(context())")
    }
    index += 1
  }

  private func expectSegmentEnd(after what: @autoclosure () -> String) throws(RoutingError) {
    guard index < bytes.count else { return }
    let byte = bytes[index]
    let ends =
      byte == UInt8(ascii: "/") || (byte == UInt8(ascii: ")") && openGroup != nil)
      || (byte == UInt8(ascii: "(") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
    if !ends { throw error(at: index, "\(what()) must be a whole segment") }
  }

  /// Literal text as it is compared: percent-decoded (unless `decodePath` is off) and lowered
  /// when literals (or hosts) compare case-insensitively.
  private func literal(_ raw: [UInt8], at offset: Int, lowercase: Bool) throws(RoutingError) -> String {
    if raw.isEmpty { return "" }
    var text = Substring(String(decoding: raw, as: UTF8.self))
    if options.decodePath {
      guard let decoded = try? PercentCoding.decode(text, plusAsSpace: false) else {
        throw error(at: offset, "the segment has an invalid percent-escape")
      }
      text = decoded
    }
    if lowercase || !options.caseSensitive { text = text.asciiLowercased() }
    return String(text)
  }

  // MARK: - Whole-pattern checks

  private func check() throws(RoutingError) {
    let segments = parsed.segments
    guard segments.count <= RoutePattern.maxSegments else {
      throw error(
        column: segments[RoutePattern.maxSegments].column,
        "a pattern can have at most \(RoutePattern.maxSegments) segments")
    }
    guard parsed.groupCount <= RoutePattern.maxGroups else {
      throw error(column: 1, "a pattern can have at most \(RoutePattern.maxGroups) optional groups")
    }
    for (position, segment) in segments.enumerated() {
      if case .rest = segment.kind, position != segments.count - 1 {
        throw error(column: segment.column, "a rest segment must be the last segment")
      }
      // Patterns have few parameters (at most 128 segments), so comparing with the earlier ones
      // costs less than hashing into a set.
      if let name = segment.parameterName, segments[..<position].contains(where: { $0.parameterName == name }) {
        throw error(column: segment.column, "the parameter name '\(name)' is used twice")
      }
    }
  }

  // MARK: - Helpers

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Whether the bytes at `offset` spell `literal` (ASCII).
  private func has(_ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let expected = literal.utf8Start
    for position in 0..<count where bytes[offset + position] != expected[position] { return false }
    return true
  }

  private func column(of offset: Int) -> Int {
    let offset = min(offset, bytes.count)
    if isASCII { return offset + 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<offset]), as: UTF8.self).count + 1
  }

  private func error(at offset: Int, _ reason: String) -> RoutingError {
    error(column: column(of: offset), reason)
  }

  private func error(column: Int, _ reason: String) -> RoutingError {
    RoutingError(
      .invalidPattern, "invalid pattern '\(source)' at column \(column): \(reason)", pattern: source,
      column: column)
  }
}
