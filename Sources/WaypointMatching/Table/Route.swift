/// A registered route: its pattern, name, priority and the caller's payload.
public struct Route<Payload: Sendable>: Sendable {
  @usableFromInline let info: RouteInfo
  /// What the caller registered with the route (a handler, a target, manifest fields…).
  public let payload: Payload

  /// The 0-based position in registration order; earlier registration wins ties.
  public var position: Int { info.position }
  /// The parsed pattern.
  public var pattern: RoutePattern { info.pattern }
  /// The route's unique name, used for URL generation, or `nil`.
  public var name: String? { info.name }
  /// The route's priority; higher wins before anything else (default 0).
  public var priority: Int { info.priority }
}

/// A route without its payload: what compiling, matching and lint work on, so none of them is
/// generic.
///
/// A class, so a match hands out one reference instead of copying the pattern's fields.
@usableFromInline
final class RouteInfo: Sendable {
  let position: Int
  let pattern: RoutePattern
  let name: String?
  let priority: Int

  init(position: Int, pattern: RoutePattern, name: String?, priority: Int) {
    self.position = position
    self.pattern = pattern
    self.name = name
    self.priority = priority
  }
}

extension Route {
  @usableFromInline
  init(_ info: RouteInfo, payload: Payload) {
    self.info = info
    self.payload = payload
  }
}
