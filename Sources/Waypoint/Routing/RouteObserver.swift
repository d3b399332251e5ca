/// Watches every open.
///
/// Called synchronously, in registration order; keep the work short.
///
/// ```swift
/// struct Analytics: RouteObserver {
///   func didOpen(_ event: RouteEvent) { track(event.route?.name, event.duration) }
/// }
/// ```
public protocol RouteObserver: Sendable {
  /// `open` was called.
  func prepare(_ event: RouteEvent)
  /// A route was chosen; throw to veto (the open fails with your error; other errors become `rejected`).
  ///
  /// Runs before any middleware, the fallback's included. Rules about routes belong in
  /// middleware; the veto is for app-wide switches (see the "Writing middleware" article).
  func willOpen(_ request: RouteRequest) throws
  /// A matching route declined the request; the next one, or the fallback, is tried.
  func declined(_ event: RouteEvent)
  /// The handler returned.
  func didOpen(_ event: RouteEvent)
  /// The open failed.
  func failed(_ event: RouteEvent)
}

extension RouteObserver {
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
