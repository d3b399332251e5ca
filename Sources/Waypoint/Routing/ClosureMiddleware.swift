/// A middleware made of a closure.
public struct ClosureMiddleware: RouteMiddleware {
  private let body: @Sendable (RouteRequest, RouteNext) async throws -> RouteResult

  /// A middleware that runs `body`.
  public init(_ body: @escaping @Sendable (RouteRequest, RouteNext) async throws -> RouteResult) {
    self.body = body
  }

  /// Runs the body.
  ///
  /// - Parameters:
  ///   - request: The request, handed to the body.
  ///   - next: The rest of the chain, handed to the body.
  /// - Returns: What the body returns.
  /// - Throws: What the body throws.
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    try await body(request, next)
  }
}
