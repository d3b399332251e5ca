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
