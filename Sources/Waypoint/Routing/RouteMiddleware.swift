/// The rest of the chain after a middleware: the next middleware, and at the end the handler.
public typealias RouteNext = @Sendable (RouteRequest) async throws -> RouteResult

/// A step every request passes through on its way to the handler.
///
/// It may rewrite the request (add extras, change parameters), redirect it, reject it, or observe it and its result.
///
/// ```swift
/// struct RequireAdult: RouteMiddleware {
///   let session: Session  // a @MainActor model: middleware runs off the main actor
///   func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
///     guard await session.isAdult else {
///       let next = QueryItem(name: "next", value: request.url.string)  // percent-encoded
///       return .redirect(to: LinkText.appending([next], to: "myapp://age-check"), from: request)
///     }
///     return try await next(request)
///   }
/// }
/// ```
///
/// For sign-in, use ``SignInGate``, which also parks the link until sign-in is done.
public protocol RouteMiddleware: Sendable {
  /// Handles `request`, calling `next` to go on (or not, to short-circuit).
  ///
  /// - Parameters:
  ///   - request: The request on its way to the handler.
  ///   - next: The rest of the chain: the next middleware, and at the end the handler. Call it
  ///     with `request`, or a changed copy, to go on.
  /// - Returns: What `next` returned, or a result of the middleware's own (a redirect, a parked
  ///   link) that ends the chain here.
  /// - Throws: What `next` threw, or an error of the middleware's own: a `RoutingError`
  ///   (`rejected`, `forbidden`) ends the open as it is, any other error as `middlewareFailed`.
  func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult
}

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
