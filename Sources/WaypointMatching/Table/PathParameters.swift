/// The parameters a match captured from the path, in pattern order, decoded: the one form path
/// parameters take from the table's search to a route's request.
///
/// A named rest is included, its segments joined with `/`. Values are decoded from the URL when
/// read, so a match that is never asked for them costs nothing. Tests and clients make their own
/// from an array, a dictionary or a literal.
///
/// ```swift
/// let match = try table.match("myapp://user/42/files/a/b")
/// match?.parameters["id"]    // "42"
/// match?.parameters["path"]  // "a/b"
///
/// let given: PathParameters = ["id": "42"]
/// given == PathParameters([(name: "id", value: "42")])  // true
/// ```
public struct PathParameters: Sendable, Sequence, Equatable, CustomStringConvertible, ExpressibleByDictionaryLiteral {
  // Two references and a number: a match is made, copied and released on every lookup, and
  // a small one is copied and destroyed in place instead of through the runtime's value witnesses.
  // They are usable from inlinable code so that clients know the layout.
  /// The URL the values lie in.
  @usableFromInline let url: ParsedURL
  /// The names, and the segments the values lie in; shared by the routes that capture alike.
  @usableFromInline let captures: Captures
  /// The matched route's place in its table's routes (and payloads).
  @usableFromInline let storedPosition: Int32

  @usableFromInline
  init(url: ParsedURL, captures: Captures, position: Int32) {
    self.url = url
    self.captures = captures
    self.storedPosition = position
  }

  /// Parameters a client gives, in order; `rest` is the segments of a rest (a named rest's
  /// joined value, if wanted by name, is one of `pairs`).
  package init(_ pairs: [(name: String, value: String)], rest: [String]? = nil) {
    self.init(url: Self.noURL, captures: Captures(given: pairs, rest: rest), position: -1)
  }

  /// Parameters a client gives by name, in name order.
  package init(_ values: [String: String]) {
    self.init(values.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
  }

  /// Parameters written as a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { (name: $0.0, value: $0.1) })
  }

  /// What given parameters carry in place of a URL; never read.
  private static let noURL: ParsedURL = {
    do {
      return try ParsedURL("/")
    } catch {
      preconditionFailure("'/' is a URL: \(error)")
    }
  }()

  /// The matched route's place in its table's routes.
  @inlinable var position: Int { Int(storedPosition) }

  package var restName: String? { captures.restName }
  /// The first segment of the rest, when the route ends in one.
  var restStart: Int? { captures.restStart }

  /// The value captured for `name`, or `nil`.
  ///
  /// - Complexity: O(n) in the number of parameters (a route has few).
  public subscript(name: String) -> String? {
    if let position = captures.index(of: name) { return value(at: position) }
    // The rest's start lies next to the captures' reference count, its name further on.
    if restStart != nil, name == restName, let rest = restSegments { return rest.joined(separator: "/") }
    return nil
  }

  /// The value of the parameter at `position`.
  func value(at position: Int) -> String {
    if let given = captures.given { return given.values[position] }
    let place = captures.place(position)
    // The search accepted the segment, so it holds the parameter's prefix and suffix.
    let bounds = url.bounds(of: Int(place.segment))
    let start = bounds.lowerBound + Int(place.prefixLength)
    let end = bounds.upperBound - Int(place.suffixLength)
    return url.withSegmentBytes { bytes in
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
  }

  /// The segments a rest (`*`, `*name`, `<path:name>`) matched, decoded; `nil` when the route
  /// has no rest.
  public var rest: [String]? {
    if let given = captures.given { return given.rest }
    return restSegments.map { $0.map(String.init) }
  }

  /// The rest's segments where they lie in the URL, when the route ends in one.
  private var restSegments: ArraySlice<Substring>? {
    guard let restStart, captures.given == nil else { return nil }
    return url.segments(from: restStart)
  }

  /// How many parameters were captured.
  public var count: Int { captures.count + (restStart != nil && restName != nil ? 1 : 0) }

  /// Whether nothing was captured.
  public var isEmpty: Bool { count == 0 }

  /// The captured names, in pattern order.
  package var keys: [String] { map(\.name) }

  /// Iterates `(name, value)` pairs in pattern order.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    var pairs = (0..<captures.count).map { (name: captures.place($0).name, value: value(at: $0)) }
    if let restName, let rest = restSegments { pairs.append((restName, rest.joined(separator: "/"))) }
    return pairs.makeIterator()
  }

  /// Whether both hold the same names and values in the same order, and the same rest.
  public static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
    lhs.count == rhs.count && lhs.rest == rhs.rest
      && zip(lhs, rhs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }

  /// The values by name (the first of a repeated name).
  package var dictionary: [String: String] {
    Dictionary(map { ($0.name, $0.value) }) { first, _ in first }
  }

  /// `[name: value, …]`.
  public var description: String {
    "[" + map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }
}
