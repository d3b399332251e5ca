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

/// A handler made of closures.
public struct ClosureHandler: RouteHandler {
  private let accepts: @Sendable (RouteRequest) -> Bool
  private let body: @Sendable (RouteRequest) async throws -> any Sendable

  /// A handler that runs `body` for the requests `canHandle` accepts (all, by default).
  ///
  /// - Parameters:
  ///   - canHandle: Whether the handler takes a request; one it declines goes to the next
  ///     matching route. Every request, by default.
  ///   - body: Handles a request; what it returns is the result's value, and what it throws
  ///     fails the open.
  public init(
    canHandle: @escaping @Sendable (RouteRequest) -> Bool = { _ in true },
    _ body: @escaping @Sendable (RouteRequest) async throws -> any Sendable
  ) {
    self.accepts = canHandle
    self.body = body
  }

  /// Asks the `canHandle` closure.
  public func canHandle(_ request: RouteRequest) -> Bool { accepts(request) }

  /// Runs the body.
  public func handle(_ request: RouteRequest) async throws -> any Sendable { try await body(request) }
}

/// A handler that can handle a request within the caller's main-actor turn.
///
/// A screen's link that no middleware makes wait then changes the state before the call returns
/// (the router's `open(now:openID:)`). The navigation's handlers are; any other handler runs in a task, as
/// ``RouteHandler/handle(_:)`` says.
package protocol HandlesNow: RouteHandler {
  /// Whether ``handleNow(_:)`` can handle `request` now; asked before anything of the open is
  /// done, and free of effects.
  @MainActor func canHandleNow(_ request: RouteRequest) -> Bool
  /// Handles `request` as ``RouteHandler/handle(_:)`` does, within the caller's turn.
  @MainActor func handleNow(_ request: RouteRequest) throws -> any Sendable
}
