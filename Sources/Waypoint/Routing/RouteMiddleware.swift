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

  /// Whether the middleware lets `request` through as it is, decided now on the main actor:
  /// `true` says ``handle(_:next:)`` would call `next` with `request` unchanged and return what
  /// it returns, and so may be left out, letting a screen's link change the state before the
  /// screen's call returns. The default, `false`, always runs ``handle(_:next:)``.
  ///
  /// ```swift
  /// @MainActor func passesNow(_ request: RouteRequest) -> Bool {
  ///   !request.origin.isExternal  // this middleware checks only links from outside
  /// }
  /// ```
  ///
  /// - Parameter request: The request on its way to the handler.
  /// - Returns: Whether `request` would go on unchanged; when unsure, `false`.
  @MainActor func passesNow(_ request: RouteRequest) -> Bool
}

extension RouteMiddleware {
  /// Never decided now: ``handle(_:next:)`` runs for every request.
  ///
  /// - Parameter request: The request on its way to the handler.
  /// - Returns: `false`.
  @MainActor public func passesNow(_ request: RouteRequest) -> Bool { false }
}
