extension RoutingError.Code {
  /// Every candidate's handler declined the request.
  public static let declined: Self = "declined"
  /// A middleware or an observer refused the request; the message gives the reason.
  public static let rejected: Self = "rejected"
  /// A handler threw an error that is not a ``RoutingError``.
  public static let handlerFailed: Self = "handlerFailed"
  /// A middleware threw an error that is not a ``RoutingError``.
  public static let middlewareFailed: Self = "middlewareFailed"
  /// A callback URL's scheme or host is not on the allow-list.
  public static let callbackNotAllowed: Self = "callbackNotAllowed"
  /// A route's redirect is malformed or uses parameters its route does not have.
  public static let invalidRedirect: Self = "invalidRedirect"
  /// Redirects went round in a loop or past the limit.
  public static let redirectLoop: Self = "redirectLoop"
  /// A manifest route's target has no handler registered in code.
  public static let missingHandler: Self = "missingHandler"
  /// A handler cancelled the request (x-callback-url's `x-cancel`).
  public static let cancelled: Self = "cancelled"
  /// The result is not of the type the caller asked for.
  public static let typeMismatch: Self = "typeMismatch"
}

extension RoutingError {
  /// A refusal with a reason, for middleware and observers: `throw RoutingError.rejected("sign in first")`.
  public static func rejected(_ reason: String, url: String? = nil) -> RoutingError {
    RoutingError(.rejected, reason, url: url)
  }

  /// A cancellation, for handlers whose user backed out; the router calls `x-cancel`.
  public static func cancelled(_ reason: String = "the request was cancelled") -> RoutingError {
    RoutingError(.cancelled, reason)
  }
}

extension RoutingError {
  /// The one answer for a URL no route takes, whether none exists or none may be reached.
  public static func notFound(_ url: String) -> RoutingError {
    RoutingError(.notFound, "no route matches '\(url)'", url: url)
  }
}
