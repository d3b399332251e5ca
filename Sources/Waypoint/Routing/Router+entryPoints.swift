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
  /// - Parameters:
  ///   - url: The URL as the system hands it over.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The route that handled the URL and the handler's value.
  /// - Throws: What ``open(_:origin:extras:)-(String,_,_)`` throws.
  public func open(
    _ url: URL, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await open(url.absoluteString, origin: origin, extras: extras)
  }

  /// Whether a Foundation `URL` would be handled; see ``canOpen(_:origin:)-(String,_)``.
  ///
  /// - Parameters:
  ///   - url: The URL as the system hands it over; its `absoluteString` is resolved.
  ///   - origin: Where it would come from; an external origin reaches only public routes.
  /// - Returns: Whether a route takes the URL, the fallback handler aside.
  public func canOpen(_ url: URL, origin: Origin = .internal) -> Bool {
    canOpen(url.absoluteString, origin: origin)
  }
}
