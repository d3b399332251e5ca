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
  /// Everything the URL holds, behind one reference: copying a URL (into a match, a request) costs
  /// one retain, and the segments' offsets live in the same allocation.
  // Safety: the storage is immutable once made (see `Storage`), so sharing it is safe.
  @usableFromInline nonisolated(unsafe) let storage: Storage

  /// Reads the header in place: reading `storage.header` itself would check exclusive access and
  /// copy every field (retaining its strings) on each call.
  @inline(__always)
  private func header<Field>(_ field: (UnsafeMutablePointer<Header>) -> Field) -> Field {
    storage.withUnsafeMutablePointerToHeader(field)
  }

  /// The URL as given.
  public var string: String { header { $0.pointee.string } }
  /// The scheme as written (`myapp`, `HTTPS`), or `nil` for an in-app path such as `/user/42`.
  public var scheme: Substring? {
    header { $0.pointee.schemeEnd < 0 ? nil : Self.slice($0.pointee.string, 0..<$0.pointee.schemeEnd) }
  }
  /// The scheme in lowercase, for comparisons.
  var lowercasedScheme: Substring? { scheme?.asciiLowercased() }
  /// The host in lowercase, when the host mode keeps it apart from the path.
  public var host: Substring? { header { $0.pointee.host } }
  /// The path segments, percent-decoded unless `decodePath` is off.
  ///
  /// When the host serves as the first segment it is here, in lowercase.
  package var segments: [Substring] { (0..<segmentCount).map(segment(at:)) }
  /// The text the segments are slices of: the URL itself when no segment needed decoding or
  /// lowering, else the decoded segments one after another.
  var segmentText: String { header { $0.pointee.decodedText ?? $0.pointee.string } }
  /// `segmentText` with ASCII letters lowered, when literals compare case-insensitively.
  var foldedText: String? { header { $0.pointee.foldedText } }
  /// Whether the path ended with `/` (significant only with ``MatchingOptions/TrailingSlash/strict``).
  package var hasTrailingSlash: Bool { header { $0.pointee.hasTrailingSlash } }
  /// Whether the first segment is the URL's host, lowered (the host mode makes a host a segment
  /// for this scheme), rather than a path segment.
  package var firstSegmentIsHost: Bool { header { $0.pointee.firstSegmentIsHost } }
  /// The query as written, without `?`.
  package var rawQuery: Substring? {
    header { Self.part(of: $0.pointee.string, $0.pointee.queryStart, $0.pointee.queryEnd) }
  }
  /// The fragment as written, without `#`.
  package var rawFragment: Substring? {
    header { Self.part(of: $0.pointee.string, $0.pointee.fragmentStart, $0.pointee.string.utf8.count) }
  }
  /// The options the URL was read with.
  package var options: MatchingOptions { header { $0.pointee.options } }

  /// Reads `string` under `options`.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` naming the broken rule: the URL or a
  ///   segment is too long, a control character, an invalid percent-escape, or escapes that
  ///   decode to invalid UTF-8.
  /// - Complexity: O(n) in the URL's length.
  package init(_ string: String, options: MatchingOptions = MatchingOptions()) throws(RoutingError) {
    self = try URLParser.parse(string, options: options)
  }

  /// A URL whose segments are `bounds` (start and end offsets, in pairs) into `header.segmentText`.
  ///
  /// The header is made in place, inside the storage, rather than copied into it.
  init(bounds: UnsafeBufferPointer<Int>, header: () -> Header) {
    storage = Storage.make(bounds, header: header)
  }

  /// The part of `string` between two offsets; `nil` when `start` is -1.
  private static func part(of string: String, _ start: Int, _ end: Int) -> Substring? {
    start < 0 ? nil : slice(string, start..<end)
  }

  /// How many segments the path has.
  package var segmentCount: Int { header { $0.pointee.segmentCount } }

  /// Calls `body` with the segments' offsets: segment `i` is `bounds[2i]..<bounds[2i+1]` of `segmentText`.
  func withBounds<Result>(_ body: (UnsafeBufferPointer<Int>) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointerToElements { elements in
      try body(UnsafeBufferPointer(start: elements, count: 2 * segmentCount))
    }
  }

  /// Segment `index`'s offsets in `segmentText`.
  func bounds(of index: Int) -> Range<Int> {
    storage.withUnsafeMutablePointerToElements { $0[2 * index]..<$0[2 * index + 1] }
  }

  /// Calls `body` with the bytes of the segment text (which `bounds(of:)` are offsets into).
  ///
  /// With `folded`, the bytes are those literals compare: lowered when they compare case-insensitively.
  func withSegmentBytes<Result>(folded: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = folded ? (foldedText ?? segmentText) : segmentText
    return text.withUTF8(body)
  }

  /// Segment `index`, decoded.
  package func segment(at index: Int) -> Substring {
    Self.slice(segmentText, bounds(of: index))
  }

  /// Segment `index` as literals compare it: lowered when they compare case-insensitively.
  func foldedSegment(at index: Int) -> Substring {
    Self.slice(foldedText ?? segmentText, bounds(of: index))
  }

  /// The segments from `start` on.
  func segments(from start: Int) -> ArraySlice<Substring> {
    ArraySlice((start..<segmentCount).map(segment(at:)))
  }

  static func slice(_ text: String, _ range: Range<Int>) -> Substring {
    let utf8 = text.utf8
    return text[
      utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
  }

  /// What a ``ParsedURL`` holds besides its segments' offsets.
  @usableFromInline
  struct Header {
    let string: String
    /// The decoded segments laid end to end, or `nil` when the segments are slices of `string`
    /// (kept apart so the common case holds one reference to the text, not two).
    let decodedText: String?
    let foldedText: String?
    let host: Substring?
    /// Where the scheme ends (before `:`), or -1 when there is none.
    let schemeEnd: Int
    /// Where the query starts (after `?`) and ends, or -1 when there is none.
    let queryStart: Int
    let queryEnd: Int
    /// Where the fragment starts (after `#`), or -1 when there is none; it runs to the end.
    let fragmentStart: Int
    let segmentCount: Int
    let hasTrailingSlash: Bool
    /// Whether the first segment is the URL's host (lowered), as the host mode makes it for the scheme.
    let firstSegmentIsHost: Bool
    let options: MatchingOptions

    init(
      string: String, host: Substring?, decodedText: String?, schemeEnd: Int, queryStart: Int, queryEnd: Int,
      fragmentStart: Int, segmentCount: Int, hasTrailingSlash: Bool, firstSegmentIsHost: Bool,
      options: MatchingOptions
    ) {
      self.string = string
      self.host = host
      self.decodedText = decodedText
      self.foldedText = options.caseSensitive ? nil : String(Substring(decodedText ?? string).asciiLowercased())
      self.schemeEnd = schemeEnd
      self.queryStart = queryStart
      self.queryEnd = queryEnd
      self.fragmentStart = fragmentStart
      self.segmentCount = segmentCount
      self.hasTrailingSlash = hasTrailingSlash
      self.firstSegmentIsHost = firstSegmentIsHost
      self.options = options
    }
  }

  /// The header and, after it in the same allocation, the segments' offsets.
  @usableFromInline
  final class Storage: ManagedBuffer<Header, Int> {
    // Safety: written once in `make`, before the storage is shared, and only read after. The
    // offsets are plain integers, so nothing needs deinitializing beyond the header.

    static func make(_ bounds: UnsafeBufferPointer<Int>, header: () -> Header) -> Storage {
      let buffer = Storage.create(minimumCapacity: bounds.count) { _ in header() }
      buffer.withUnsafeMutablePointerToElements { elements in
        if let base = bounds.baseAddress { elements.initialize(from: base, count: bounds.count) }
      }
      // `create` is declared to return the base class; the instance is a `Storage`.
      return unsafeDowncast(buffer, to: Storage.self)
    }
  }

  /// The query items in order, decoded; a repeated key keeps every value.
  ///
  /// With `fragmentAsQuery`, the fragment's `key=value` pairs follow the query's.
  ///
  /// The map page's twin: `queryItems` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  public var queryItems: [QueryItem] {
    var items: [QueryItem] = []
    if let rawQuery { URLParser.appendItems(of: rawQuery, to: &items, options: options) }
    if options.fragmentAsQuery, let rawFragment {
      URLParser.appendItems(of: rawFragment, to: &items, options: options)
    }
    return items
  }

  /// The decoded fragment, or `nil` when the URL has none.
  ///
  /// The map page's twin: `fragment` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  public var fragment: String? {
    rawFragment.map { String((try? PercentCoding.decode($0, plusAsSpace: false)) ?? $0) }
  }

  /// The URL as given.
  public var description: String { string }
}
