#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// What apps really receive from the system: a Foundation `URL` (notification payloads are the
// doors', in Entry/Router+notifications.swift).

extension Router {
  /// Opens a Foundation `URL`, as the system hands it over (`onOpenURL`, a scene's URL
  /// contexts); the same as opening its `absoluteString`.
  ///
  /// - Throws: What ``open(_:origin:extras:)-(String,_,_)`` throws.
  public func open(
    _ url: URL, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await open(url.absoluteString, origin: origin, extras: extras)
  }

  /// Whether a Foundation `URL` would be handled; see ``canOpen(_:origin:)-(String,_)``.
  public func canOpen(_ url: URL, origin: Origin = .internal) -> Bool {
    canOpen(url.absoluteString, origin: origin)
  }
}
