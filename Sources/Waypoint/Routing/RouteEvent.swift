#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One moment in the life of a link: from the door it came through to its outcome.
///
/// A link handed to a ``LinkInbox`` is `received`, may be `waited` (until the app is ready, or
/// parked behind sign-in) or `dropped`; every open then goes `prepare` → `will` → `did`, with
/// `declined` and `redirected` on the way, or ends `unmatched`, `refused` or `failed`.
///
/// ```swift
/// for await event in router.events() {
///   print(event.timestamp, event.phase, event.routeName ?? "-", event.url)  // sensitive items redacted
/// }
/// ```
public struct RouteEvent: Sendable, CustomStringConvertible {
  /// Which moment.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// A door handed the link to a ``LinkInbox``; ``origin`` says which.
    case received
    /// The link waits: the app is not ready, or a middleware parked it behind sign-in
    /// (``RouteResult/park(_:until:showing:)``); ``reason`` says which.
    case waited
    /// The link will never be opened: superseded by a newer one, expired, a duplicate of one
    /// already received, or discarded; ``reason`` says which.
    case dropped
    /// `open` was called.
    case prepare
    /// A route (or the fallback) matched and is about to run; observers may veto.
    case will
    /// A matching route declined the request (its `canHandle`, or its handler threw
    /// ``RouteDecline``); the event names the route, and its error (code `declined`) says why. The
    /// next matching route, or the fallback, is tried next.
    case declined
    /// A route or middleware sent the open on to ``redirect``.
    case redirected
    /// The handler returned: the link is opened.
    case did
    /// No route matches the URL (`notFound`; an internal route from outside too), and there is
    /// no fallback.
    case unmatched
    /// A check refused the link (`forbidden`, `rejected`, `callbackNotAllowed`): ``check`` names
    /// the middleware or observer.
    case refused
    /// The open failed for another reason (a handler or middleware error, a redirect loop, …).
    case failed

    /// Whether the phase ends a link's life: `did`, `unmatched`, `refused`, `failed`, `dropped`.
    public var isOutcome: Bool {
      switch self {
      case .did, .unmatched, .refused, .failed, .dropped: true
      case .received, .waited, .prepare, .will, .declined, .redirected: false
      }
    }

    /// The failure phase of `error`: `unmatched`, `refused` or `failed`.
    static func ending(_ error: RoutingError) -> Phase {
      switch error.code {
      case .notFound: .unmatched
      case .forbidden, .rejected, .callbackNotAllowed: .refused
      default: .failed
      }
    }
  }

  /// The link this event belongs to; every event of one link (from `received` to its outcome)
  /// has the same number.
  public let openID: UInt64
  /// Which moment.
  public let phase: Phase
  /// When it happened.
  public let timestamp: Date
  /// The URL (after redirects, for `will`, `did` and the failures), with the values of sensitive
  /// query items redacted (see ``LinkRedaction``).
  public let url: String
  /// Where the link comes from.
  public let origin: Origin
  /// The route chosen, when one was.
  public let route: RouteDefinition?
  /// The time since `prepare`, for `did` and the failures.
  public let duration: Duration?
  /// Why the open failed, for `unmatched`, `refused` and `failed` (its URL and message redacted).
  public let error: RoutingError?
  /// Why the link waited or was dropped.
  public let reason: String?
  /// The check that refused the link, for `refused`: a middleware's type name, or
  /// `observer` and the observer's type name.
  public let check: String?
  /// Where a `redirected` event sends the open (redacted).
  public let redirect: String?

  /// Makes an event; the router makes them, tests and recorders may make their own.
  package init(
    openID: UInt64 = 0, phase: Phase, url: String, origin: Origin, route: RouteDefinition? = nil,
    duration: Duration? = nil, error: RoutingError? = nil, reason: String? = nil, check: String? = nil,
    redirect: String? = nil, timestamp: Date = WaypointClock.live.now()
  ) {
    self.openID = openID
    self.phase = phase
    self.timestamp = timestamp
    self.url = url
    self.origin = origin
    self.route = route
    self.duration = duration
    self.error = error
    self.reason = reason
    self.check = check
    self.redirect = redirect
  }

  /// The name of the route chosen, when it has one.
  public var routeName: String? { route?.name }

  /// `#id phase url → route`, then what went wrong or why.
  public var description: String {
    var text = "#\(openID) \(phase.rawValue) \(url)"
    if let route { text += " → \(route)" }
    if let redirect { text += " ⇒ \(redirect)" }
    if let error { text += " ✗ \(error.code)" }
    if let check { text += " by \(check)" }
    if let reason { text += " (\(reason))" }
    return text
  }

  /// The event with its URLs and error redacted by `redaction`.
  func redacted(by redaction: LinkRedaction) -> RouteEvent {
    guard !redaction.names.isEmpty else { return self }
    return RouteEvent(
      openID: openID, phase: phase, url: redaction.apply(to: url), origin: origin, route: route, duration: duration,
      error: error.map { redaction.apply(to: $0) }, reason: reason, check: check,
      redirect: redirect.map { redaction.apply(to: $0) }, timestamp: timestamp)
  }
}
