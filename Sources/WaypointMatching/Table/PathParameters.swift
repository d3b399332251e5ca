/// The parameters a match captured from the path, in pattern order, decoded.
///
/// A named rest is included, its segments joined with `/`.
///
/// ```swift
/// let match = try table.match("myapp://user/42/files/a/b")
/// match?.parameters["id"]    // "42"
/// match?.parameters["path"]  // "a/b"
/// ```
public struct PathParameters: Sendable, Sequence, CustomStringConvertible {
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
    if restStart != nil, name == restName, let rest { return rest.joined(separator: "/") }
    return nil
  }

  /// The value of the parameter at `position`.
  func value(at position: Int) -> String {
    let place = captures.place(position)
    // The search accepted the segment, so it holds the parameter's prefix and suffix.
    let bounds = url.bounds(of: Int(place.segment))
    let start = bounds.lowerBound + Int(place.prefixLength)
    let end = bounds.upperBound - Int(place.suffixLength)
    return url.withSegmentBytes { bytes in
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
  }

  /// The rest's segments, when the route ends in one.
  var rest: ArraySlice<Substring>? {
    guard let restStart else { return nil }
    return url.segments(from: restStart)
  }

  /// How many parameters were captured.
  public var count: Int { captures.count + (restStart != nil && restName != nil ? 1 : 0) }

  /// Whether nothing was captured.
  public var isEmpty: Bool { count == 0 }

  /// The captured names, in pattern order.
  public var keys: [String] { map(\.name) }

  /// Iterates `(name, value)` pairs in pattern order.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    var pairs = (0..<captures.count).map { (name: captures.place($0).name, value: value(at: $0)) }
    if let restName, let rest { pairs.append((restName, rest.joined(separator: "/"))) }
    return pairs.makeIterator()
  }

  /// `[name: value, …]`.
  public var description: String {
    "[" + map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }
}
