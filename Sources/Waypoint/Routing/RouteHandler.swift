/// Handles requests for a route and returns a value to the caller of `open`.
///
/// ```swift
/// struct ProfileHandler: RouteHandler {
///   func handle(_ request: RouteRequest) async throws -> any Sendable {
///     try await Profiles.load(id: request.int("id"))
///   }
/// }
/// ```
public protocol RouteHandler: Sendable {
  /// Whether this handler takes `request`; when it does not, the next matching route is tried.
  ///
  /// Must be quick and free of side effects: `canOpen` asks it too. The default takes every request.
  func canHandle(_ request: RouteRequest) -> Bool

  /// Handles the request and returns what `open` gives back to its caller.
  func handle(_ request: RouteRequest) async throws -> any Sendable
}

extension RouteHandler {
  /// Takes every request.
  public func canHandle(_ request: RouteRequest) -> Bool { true }
}
