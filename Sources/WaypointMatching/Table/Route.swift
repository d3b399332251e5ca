/// A registered route: its pattern, name, priority and the caller's payload.
public struct Route<Payload: Sendable>: Sendable {
  /// The 0-based registration index; earlier registration wins ties.
  public let index: Int
  /// The parsed pattern.
  public let pattern: RoutePattern
  /// The route's unique name, used for URL generation, or `nil`.
  public let name: String?
  /// The route's priority; higher wins before anything else.
  ///
  /// Default 0.
  public let priority: Int
  /// What the caller registered with the route (a handler, a target, manifest fields…).
  public let payload: Payload
}
