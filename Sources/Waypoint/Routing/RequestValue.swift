/// One name of a request with its value and where the value came from.
///
/// Apps meet it as ``Source``, which says where ``RouteRequest/value(_:from:)`` looks.
public struct RequestValue: Sendable {
  /// Where a request's value comes from.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// An in-process value passed to `open` or added by a middleware.
    case extra
    /// A path parameter the route captured.
    case path
    /// A query item (its first value).
    case query
    /// The route's default.
    case `default`

    /// The lookup order, highest first: the one place it is defined.
    package static let order: [Source] = [.extra, .path, .query, .default]
    /// Every source.
    public static let all = Set(order)
  }

  /// The name.
  package let name: String
  /// The value that wins for the name.
  package let value: any Sendable
  /// Where it came from.
  package let source: Source

  /// The value as text; an extra that is not text is described.
  package var text: String { (value as? String) ?? String(describing: value) }

  /// `name=value (source)`.
  package var description: String { "\(name)=\(text) (\(source.rawValue))" }
}
