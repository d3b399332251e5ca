/// Watches every link: its arrival through a ``LinkInbox``, its wait, and every open.
///
/// Called synchronously, in registration order; keep the work short. Events arrive redacted
/// (see ``LinkRedaction``).
///
/// ```swift
/// struct Analytics: RouteObserver {
///   func didOpen(_ event: RouteEvent) { track(event.route?.name, event.duration) }
/// }
/// ```
public protocol RouteObserver: Sendable {
  /// A door handed a link to a ``LinkInbox``.
  func received(_ event: RouteEvent)
  /// A link waits: the app is not ready, or a middleware parked it.
  func waited(_ event: RouteEvent)
  /// A link will not be opened; the event's `reason` says why.
  func dropped(_ event: RouteEvent)
  /// `open` was called.
  func prepare(_ event: RouteEvent)
  /// A route was chosen; throw to veto (the open fails with your error; other errors become `rejected`).
  ///
  /// Runs before any middleware, the fallback's included. Rules about routes belong in
  /// middleware; the veto is for app-wide switches (see the "Writing middleware" article).
  func willOpen(_ request: RouteRequest) throws
  /// A matching route declined the request; the next one, or the fallback, is tried.
  func declined(_ event: RouteEvent)
  /// A route or middleware sent the open on to another URL.
  func redirected(_ event: RouteEvent)
  /// The handler returned.
  func didOpen(_ event: RouteEvent)
  /// The open failed: the event's phase is `unmatched`, `refused` or `failed`.
  func failed(_ event: RouteEvent)
}

extension RouteObserver {
  /// Does nothing.
  public func received(_ event: RouteEvent) {}
  /// Does nothing.
  public func waited(_ event: RouteEvent) {}
  /// Does nothing.
  public func dropped(_ event: RouteEvent) {}
  /// Does nothing.
  public func redirected(_ event: RouteEvent) {}
  /// Does nothing.
  public func prepare(_ event: RouteEvent) {}
  /// Allows the open.
  public func willOpen(_ request: RouteRequest) throws {}
  /// Does nothing.
  public func declined(_ event: RouteEvent) {}
  /// Does nothing.
  public func didOpen(_ event: RouteEvent) {}
  /// Does nothing.
  public func failed(_ event: RouteEvent) {}
}
