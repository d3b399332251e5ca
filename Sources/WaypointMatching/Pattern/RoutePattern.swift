/// A route pattern, parsed and checked: scheme, host, segments and optional groups.
///
/// ```swift
/// let pattern = try RoutePattern("myapp://user/<int:id>(/edit)")
/// pattern.scheme          // "myapp"
/// pattern.parameterNames  // ["id"]
/// ```
///
/// The language is described in <doc:PatternLanguage>.
public struct RoutePattern: Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let source: String
  /// The scheme in lowercase, or `nil` when the pattern matches any scheme (and none).
  package let scheme: String?
  /// The host in lowercase, when the host mode keeps hosts apart and the pattern names one.
  package let host: String?
  /// The segments, the host first when it serves as a segment.
  package let segments: [PatternSegment]
  /// Whether the pattern ends with `/` (significant only with a strict trailing slash).
  package let hasTrailingSlash: Bool
  /// How many optional groups the pattern has.
  package let groupCount: Int
  /// The options the pattern was read with.
  package let options: MatchingOptions
  /// Whether the first segment stands where a host goes, so a printed URL puts it there.
  package let firstSegmentIsHost: Bool
  /// Where the pattern's first empty segment (`//`) is, and the pattern without them.
  ///
  /// Empty segments are collapsed, and lint warns about them; `nil` when there are none.
  package let emptySegment: (column: Int, collapsed: String)?

  /// The most optional groups a pattern may have (each doubles the route's spellings).
  package static let maxGroups = 8
  /// The most segments a pattern may have.
  package static let maxSegments = 128
  /// The longest pattern accepted, in UTF-8 bytes.
  package static let maxLength = 8192

  /// Parses and checks `source`.
  ///
  /// - Parameters:
  ///   - source: The pattern, e.g. `myapp://user/:id([0-9]+)`.
  ///   - options: The options the pattern's table uses (host mode, case, decoding).
  ///   - parameterTypes: The types `<type:name>` parameters may name.
  /// - Throws: ``RoutingError/Code-swift.struct/invalidPattern`` quoting the pattern and the
  ///   column of the problem.
  public init(
    _ source: String, options: MatchingOptions = MatchingOptions(),
    parameterTypes: ParameterTypes = ParameterTypes()
  ) throws(RoutingError) {
    let parsed = try PatternParser.parse(source, options: options, types: parameterTypes)
    self.source = source
    self.scheme = parsed.scheme
    self.host = parsed.host
    self.segments = parsed.segments
    self.hasTrailingSlash = parsed.trailingSlash
    self.groupCount = parsed.groupCount
    self.firstSegmentIsHost = parsed.firstSegmentIsHost
    self.emptySegment = parsed.emptySegment
    self.options = options
  }

  /// A pattern of no segments standing for `source`, a text a compiled table holds that does not
  /// parse (see `PatternReading`): it names nothing and prints as its text.
  package init(unreadable source: String, options: MatchingOptions) {
    self.source = source
    scheme = nil
    host = nil
    segments = []
    hasTrailingSlash = false
    groupCount = 0
    firstSegmentIsHost = false
    emptySegment = nil
    self.options = options
  }

  /// The names the pattern captures, in order (a named rest included).
  public var parameterNames: [String] { segments.compactMap(\.parameterName) }

  /// The pattern as written.
  public var description: String { source }

  /// Every combination of present and absent optional groups, most groups first and, among
  /// those, earlier groups before later ones.
  package var spellings: [PatternSpelling] {
    if groupCount == 0 { return [PatternSpelling(mask: 0, segments: segments)] }
    let masks = (0..<(1 << groupCount)).sorted { lhs, rhs in
      let (left, right) = (lhs.nonzeroBitCount, rhs.nonzeroBitCount)
      if left != right { return left > right }
      for group in 0..<groupCount where (lhs >> group) & 1 != (rhs >> group) & 1 {
        return (lhs >> group) & 1 == 1
      }
      return false
    }
    return masks.map { PatternSpelling(mask: $0, segments: segments(withGroups: $0)) }
  }

  /// The segments of the spelling whose present optional groups are the bits of `groups`.
  package func segments(withGroups groups: Int) -> [PatternSegment] {
    segments.filter { segment in segment.group.map { (groups >> $0) & 1 == 1 } ?? true }
  }
}

/// One way a pattern with optional groups can be spelled: the segments of the groups in `mask`.
package struct PatternSpelling: Sendable {
  package let mask: Int
  package let segments: [PatternSegment]
}
