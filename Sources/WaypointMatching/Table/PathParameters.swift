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
  let values: [Substring]
  package let restName: String?
  let rest: ArraySlice<Substring>?

  /// The value captured for `name`, or `nil`.
  ///
  /// - Complexity: O(n) in the number of parameters (a route has few).
  public subscript(name: String) -> String? {
    if let position = names.firstIndex(of: name), position < values.count {
      return String(values[position])
    }
    if name == restName, let rest { return rest.joined(separator: "/") }
    return nil
  }

  /// How many parameters were captured.
  public var count: Int { values.count + (restName != nil && rest != nil ? 1 : 0) }

  /// Whether nothing was captured.
  public var isEmpty: Bool { count == 0 }

  /// The captured names, in pattern order.
  public var keys: [String] { map(\.name) }

  /// Iterates `(name, value)` pairs in pattern order.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    var pairs = zip(names, values).map { (name: $0, value: String($1)) }
    if let restName, let rest { pairs.append((restName, rest.joined(separator: "/"))) }
    return pairs.makeIterator()
  }

  /// `[name: value, …]`.
  public var description: String {
    "[" + map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }
}
