/// One `name=value` item of a URL's query, decoded.
///
/// A key without `=` has the value `""`.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
  /// The decoded key.
  public var name: String
  /// The decoded value; `""` for a key without `=`.
  public var value: String

  /// Makes a query item.
  ///
  /// - Parameters:
  ///   - name: The decoded key; a printed URL percent-encodes it.
  ///   - value: The decoded value; `""` prints as `name=`.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  /// `name=value`, undecoded for reading.
  public var description: String { "\(name)=\(value)" }
}
