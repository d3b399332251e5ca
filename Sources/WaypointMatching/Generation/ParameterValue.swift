/// A value for URL generation: one segment's value, or the list of segments a rest takes.
///
/// ```swift
/// try table.url(for: "files", parameters: ["owner": "ann", "path": ["docs", "a b.txt"]])
/// // "/files/ann/docs/a%20b.txt"
/// ```
public enum ParameterValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
  /// The value of a parameter that fills one segment.
  case value(String)
  /// The segments of a rest parameter.
  case segments([String])

  /// A single value.
  public init(stringLiteral value: String) { self = .value(value) }

  /// A list of segments.
  public init(arrayLiteral elements: String...) { self = .segments(elements) }
}
