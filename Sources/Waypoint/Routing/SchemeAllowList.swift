/// Refuses links whose scheme is not on a list, with `forbidden`.
///
/// ```swift
/// builder.use(SchemeAllowList(["notes", "https"]))   // for external links only, by default
/// ```
public struct SchemeAllowList: RouteMiddleware {
  /// The allowed schemes, in lowercase.
  package let schemes: Set<String>
  /// Whether in-app paths without a scheme (`/user/42`) pass.
  package let allowsNoScheme: Bool
  /// Whether the list applies to internal origins too.
  package let appliesToInternal: Bool

  /// A list of allowed schemes; by default it checks external links only and lets in-app paths pass.
  ///
  /// - Parameters:
  ///   - schemes: The schemes a link may have, compared in any case.
  ///   - allowsNoScheme: Whether links without a scheme (in-app paths such as `/user/42`) pass.
  ///     Default `true`.
  ///   - appliesToInternal: Whether links from an origin that is not external are checked too.
  ///     Default `false`.
  public init(_ schemes: [String], allowsNoScheme: Bool = true, appliesToInternal: Bool = false) {
    self.schemes = Set(schemes.map { $0.lowercased() })
    self.allowsNoScheme = allowsNoScheme
    self.appliesToInternal = appliesToInternal
  }

  /// Lets the app's own links through now when the list does not apply to them.
  ///
  /// - Parameter request: The request on its way to the handler.
  /// - Returns: Whether the list leaves `request` alone.
  @MainActor public func passesNow(_ request: RouteRequest) -> Bool {
    !request.origin.isExternal && !appliesToInternal
  }

  /// Refuses the request when its scheme is not allowed, else goes on.
  ///
  /// - Parameters:
  ///   - request: The request, whose URL's scheme is checked when its origin is external (any
  ///     origin, with `appliesToInternal`).
  ///   - next: The rest of the chain, called when the scheme passes or is not checked.
  /// - Returns: What `next` returns.
  /// - Throws: `forbidden` when the scheme is not on the list, or when the URL has none and
  ///   `allowsNoScheme` is `false`; otherwise what `next` throws.
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    guard request.origin.isExternal || appliesToInternal else { return try await next(request) }
    guard let scheme = request.url.scheme?.lowercased() else {
      if allowsNoScheme { return try await next(request) }
      throw RoutingError(
        .forbidden, "links without a scheme are not allowed: '\(request.url.string)'", url: request.url.string)
    }
    guard schemes.contains(scheme) else {
      throw RoutingError(
        .forbidden, "the scheme '\(scheme)' of '\(request.url.string)' is not allowed", url: request.url.string)
    }
    return try await next(request)
  }
}
