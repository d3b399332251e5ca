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
  let names: [String]
  /// Where the values lie: byte ranges of the URL's segment text.
  let url: ParsedURL?
  let ranges: CapturedRanges
  package let restName: String?
  /// The first segment of the rest, when the route ends in one.
  let restStart: Int?

  /// The value captured for `name`, or `nil`.
  ///
  /// - Complexity: O(n) in the number of parameters (a route has few).
  public subscript(name: String) -> String? {
    if let position = names.firstIndex(of: name), position < ranges.count { return value(at: position) }
    if name == restName, let rest { return rest.joined(separator: "/") }
    return nil
  }

  /// The value of the parameter at `position`.
  func value(at position: Int) -> String {
    guard let url else { return "" }
    var text = url.segmentText
    let range = ranges[position]
    return text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  /// The rest's segments, when the route ends in one.
  var rest: ArraySlice<Substring>? {
    guard let url, let restStart else { return nil }
    return url.segments(from: restStart)
  }

  /// How many parameters were captured.
  public var count: Int { ranges.count + (restName != nil && restStart != nil ? 1 : 0) }

  /// Whether nothing was captured.
  public var isEmpty: Bool { count == 0 }

  /// The captured names, in pattern order.
  public var keys: [String] { map(\.name) }

  /// Iterates `(name, value)` pairs in pattern order.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    var pairs = (0..<Swift.min(names.count, ranges.count)).map { (name: names[$0], value: value(at: $0)) }
    if let restName, let rest { pairs.append((restName, rest.joined(separator: "/"))) }
    return pairs.makeIterator()
  }

  /// `[name: value, …]`.
  public var description: String {
    "[" + map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }
}

/// The byte ranges of captured values, the first three kept inline so a match with few
/// parameters allocates nothing for them.
struct CapturedRanges: Sendable {
  private var inline: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
  private var overflow: [Range<Int>] = []
  private(set) var count = 0

  mutating func append(_ range: Range<Int>) {
    if count < 3 {
      withUnsafeMutableBytes(of: &inline) { raw in
        let slots = raw.bindMemory(to: Int.self)
        slots[2 * count] = range.lowerBound
        slots[2 * count + 1] = range.upperBound
      }
    } else {
      overflow.append(range)
    }
    count += 1
  }

  subscript(position: Int) -> Range<Int> {
    if position >= 3 { return overflow[position - 3] }
    return withUnsafeBytes(of: inline) { raw in
      let slots = raw.bindMemory(to: Int.self)
      return slots[2 * position]..<slots[2 * position + 1]
    }
  }
}
