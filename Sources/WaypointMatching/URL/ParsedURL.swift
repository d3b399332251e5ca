/// A URL read by Waypoint's own parser under a set of ``MatchingOptions``: scheme, host, decoded path segments, query
/// and fragment.
///
/// Values are slices of the input where nothing had to be decoded, so reading a URL allocates little.
///
/// ```swift
/// let url = try ParsedURL("myapp://user/42?tab=posts&tab=likes#top")
/// url.segments            // ["user", "42"]
/// url.queryItems          // [tab=posts, tab=likes]
/// url.fragment            // "top"
/// ```
public struct ParsedURL: Sendable, CustomStringConvertible {
  /// The URL as given.
  public let string: String
  /// The scheme as written (`myapp`, `HTTPS`), or `nil` for an in-app path such as `/user/42`.
  public let scheme: Substring?
  /// The scheme in lowercase, for comparisons.
  let lowercasedScheme: Substring?
  /// The host in lowercase, when the host mode keeps it apart from the path.
  public let host: Substring?
  /// The path segments, percent-decoded unless `decodePath` is off.
  ///
  /// When the host serves as the first segment it is here, in lowercase.
  public let segments: [Substring]
  /// The segments with ASCII letters lowered, when literals compare case-insensitively.
  let foldedSegments: [Substring]?
  /// Whether the path ended with `/` (significant only with ``MatchingOptions/TrailingSlash/strict``).
  public let hasTrailingSlash: Bool
  /// The query as written, without `?`.
  public let rawQuery: Substring?
  /// The fragment as written, without `#`.
  public let rawFragment: Substring?
  /// The options the URL was read with.
  public let options: MatchingOptions

  /// Reads `string` under `options`.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` naming the broken rule: the URL or a
  ///   segment is too long, a control character, an invalid percent-escape, or escapes that
  ///   decode to invalid UTF-8.
  /// - Complexity: O(n) in the URL's length.
  public init(_ string: String, options: MatchingOptions = MatchingOptions()) throws(RoutingError) {
    self = try URLParser(string: string, options: options).parse()
  }

  init(
    string: String, scheme: Substring?, host: Substring?, segments: [Substring],
    hasTrailingSlash: Bool, rawQuery: Substring?, rawFragment: Substring?, options: MatchingOptions
  ) {
    self.string = string
    self.scheme = scheme
    self.lowercasedScheme = scheme?.asciiLowercased()
    self.host = host
    self.segments = segments
    self.foldedSegments = options.caseSensitive ? nil : segments.map { $0.asciiLowercased() }
    self.hasTrailingSlash = hasTrailingSlash
    self.rawQuery = rawQuery
    self.rawFragment = rawFragment
    self.options = options
  }

  /// The query items in order, decoded; a repeated key keeps every value.
  ///
  /// With `fragmentAsQuery`, the fragment's `key=value` pairs follow the query's.
  public var queryItems: [QueryItem] {
    var items: [QueryItem] = []
    if let rawQuery { URLParser.appendItems(of: rawQuery, to: &items, options: options) }
    if options.fragmentAsQuery, let rawFragment {
      URLParser.appendItems(of: rawFragment, to: &items, options: options)
    }
    return items
  }

  /// The decoded fragment, or `nil` when the URL has none.
  public var fragment: String? {
    rawFragment.map { String((try? PercentCoding.decode($0, plusAsSpace: false)) ?? $0) }
  }

  /// The URL as given.
  public var description: String { string }
}
