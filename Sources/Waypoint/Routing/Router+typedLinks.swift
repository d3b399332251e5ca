import Synchronization
public import WaypointMatching

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Router {
  /// Opens the URL `link` prints; see ``open(_:origin:extras:)-(String,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link, printed through its type's table.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The route that handled the URL and the handler's value.
  /// - Throws: The printing's error (`unprintableURL`, `invalidParameter`), or the open's.
  public func open(
    _ link: some RoutableLink, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await open(try link.url, origin: origin, extras: extras)
  }

  /// Whether `open` would find a route for the URL `link` prints; `false` when it does not print.
  ///
  /// - Parameters:
  ///   - link: The link, printed through its type's table.
  ///   - origin: Where it would come from; an external origin reaches only public routes.
  /// - Returns: Whether a route takes the printed URL, as ``canOpen(_:origin:)-(String,_)`` answers.
  public func canOpen(_ link: some RoutableLink, origin: Origin = .internal) -> Bool {
    guard let url = try? link.url else { return false }
    return canOpen(url, origin: origin)
  }
}
