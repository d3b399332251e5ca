/// What opening a URL gave: the route that took it and the handler's value.
///
/// ```swift
/// let result = try await router.open("myapp://user/42")
/// result.route?.name               // "user"
/// let profile = try result.value(as: Profile.self)
/// ```
public struct RouteResult: Sendable {
  /// The URL that was finally handled, after any redirects.
  public var url: String
  /// The route that handled it, or `nil` when the fallback handler did.
  public var route: RouteDefinition?
  /// What the handler returned.
  public var value: any Sendable
  /// When set, the router opens this URL instead, through the whole pipeline again.
  public var redirect: String?

  /// A result carrying `value` for `request`.
  public init(_ value: any Sendable, for request: RouteRequest) {
    self.url = request.url.string
    self.route = request.route
    self.value = value
    self.redirect = nil
  }

  /// A result that sends the request on to `url`: the router opens it through every middleware
  /// again, so a redirect can never skip a check.
  public static func redirect(to url: String, from request: RouteRequest) -> RouteResult {
    var result = RouteResult((), for: request)
    result.redirect = url
    return result
  }

  /// The value as `type`.
  ///
  /// - Throws: `typeMismatch` naming both types when the value is of another type.
  public func value<Value>(as type: Value.Type) throws(RoutingError) -> Value {
    guard let typed = value as? Value else {
      throw RoutingError(
        .typeMismatch, "the result of '\(url)' is a \(Swift.type(of: value)), not a \(Value.self)", url: url)
    }
    return typed
  }
}
