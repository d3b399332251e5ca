#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// RouterHolder repeated the router's entry points; it now forwards through `router`. The old
// entry points stay for one release (see CHANGELOG).

extension RouterHolder {
  /// Opens `url` with the current router.
  @available(*, deprecated, message: "use holder.router.open(_:origin:extras:)")
  public func open(
    _ url: String, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.open(url, origin: origin, extras: extras)
  }

  /// Asks the current router.
  @available(*, deprecated, message: "use holder.router.canOpen(_:origin:)")
  public func canOpen(_ url: String, origin: Origin = .internal) -> Bool {
    router.canOpen(url, origin: origin)
  }

  /// Opens a Foundation `URL` with the current router.
  @available(*, deprecated, message: "use holder.router.open(_:origin:extras:)")
  public func open(
    _ url: URL, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.open(url, origin: origin, extras: extras)
  }

  /// Asks the current router about a Foundation `URL`.
  @available(*, deprecated, message: "use holder.router.canOpen(_:origin:)")
  public func canOpen(_ url: URL, origin: Origin = .internal) -> Bool {
    router.canOpen(url, origin: origin)
  }

  /// Opens a notification's link with the current router.
  @available(*, deprecated, message: "use holder.router.openNotification(_:key:extras:)")
  public func openNotification(
    _ payload: [AnyHashable: Any], key: String = "link", extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.openNotification(payload, key: key, extras: extras)
  }
}
