/// One moment in the life of an open: prepare → will → did, or failed; a route that declines
/// adds `declined` before the next route's `will`.
public struct RouteEvent: Sendable, CustomStringConvertible {
  /// Which moment.
  public enum Phase: String, Sendable, Hashable {
    /// `open` was called.
    case prepare
    /// A route (or the fallback) was chosen and is about to run; observers may veto.
    case will
    /// A matching route declined the request (its `canHandle`, or its handler threw
    /// ``RouteDecline``); the event names the route, and its error (code `declined`) says why. The
    /// next matching route, or the fallback, is tried next.
    case declined
    /// The handler returned.
    case did
    /// The open failed.
    case failed
  }

  /// The open this event belongs to; every event of one open has the same number.
  public let openID: UInt64
  /// Which moment.
  public let phase: Phase
  /// The URL being opened (after redirects, for `will`, `did` and `failed`).
  public let url: String
  /// Where the request comes from.
  public let origin: Origin
  /// The route chosen, when one was.
  public let route: RouteDefinition?
  /// The time since `prepare`, for `did` and `failed`.
  public let duration: Duration?
  /// Why the open failed, for `failed`.
  public let error: RoutingError?

  /// Makes an event; the router makes them, tests and recorders may make their own.
  public init(
    openID: UInt64 = 0, phase: Phase, url: String, origin: Origin, route: RouteDefinition? = nil,
    duration: Duration? = nil,
    error: RoutingError? = nil
  ) {
    self.openID = openID
    self.phase = phase
    self.url = url
    self.origin = origin
    self.route = route
    self.duration = duration
    self.error = error
  }

  /// `phase url → route`.
  public var description: String {
    "#\(openID) \(phase.rawValue) \(url)" + (route.map { " → \($0)" } ?? "") + (error.map { " ✗ \($0.code)" } ?? "")
  }
}
