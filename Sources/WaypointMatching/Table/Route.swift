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

/// A route without its payload: what compiling, matching and lint work on, so none of them is
/// generic.
struct RouteInfo: Sendable {
  let index: Int
  let pattern: RoutePattern
  let name: String?
  let priority: Int
}

extension Route {
  init(_ info: RouteInfo, payload: Payload) {
    self.init(index: info.index, pattern: info.pattern, name: info.name, priority: info.priority, payload: payload)
  }
}
