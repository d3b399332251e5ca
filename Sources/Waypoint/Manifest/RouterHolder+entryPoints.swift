#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension RouterHolder {
  /// Opens a Foundation `URL` with the current router; see ``Router/open(_:origin:extras:)-(URL,_,_)``.
  public func open(
    _ url: URL, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.open(url, origin: origin, extras: extras)
  }

  /// Asks the current router about a Foundation `URL`.
  public func canOpen(_ url: URL, origin: Origin = .internal) -> Bool {
    router.canOpen(url, origin: origin)
  }

  /// Opens a notification's link with the current router; see
  /// ``Router/openNotification(_:key:extras:)``.
  public func openNotification(
    _ payload: [AnyHashable: Any], key: String = "link", extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await router.openNotification(payload, key: key, extras: extras)
  }
}
