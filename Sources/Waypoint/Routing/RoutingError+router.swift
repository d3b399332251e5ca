public import WaypointMatching

// The codes only the router and the inbox raise, declared with them; an app spells them as
// before (`error.code == .declined`).

extension RoutingError.Code {
  /// The route exists but the caller may not reach it (a scheme allow-list refused the link).
  public static let forbidden: Self = "forbidden"
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
  /// A route's target has no handler registered in code.
  public static let missingHandler: Self = "missingHandler"
  /// A handler cancelled the request (x-callback-url's `x-cancel`).
  public static let cancelled: Self = "cancelled"
  /// The result is not of the type the caller asked for.
  public static let typeMismatch: Self = "typeMismatch"
  /// A notification payload holds no link under the key the app reads.
  public static let missingLink: Self = "missingLink"
  /// The routes lack or change a route a compiled typed-link type needs.
  public static let linkMismatch: Self = "linkMismatch"
  /// A link waiting in a `LinkInbox` will not be opened: superseded by a newer one, expired,
  /// a duplicate, or discarded; the message says which.
  public static let dropped: Self = "dropped"
}

extension RoutingError {
  /// A refusal with a reason, for middleware and observers: `throw RoutingError.rejected("sign in first")`.
  ///
  /// - Parameters:
  ///   - reason: Why the request is refused, which becomes the error's message.
  ///   - url: The URL refused; `nil`, the default, names none.
  /// - Returns: A `rejected` error.
  public static func rejected(_ reason: String, url: String? = nil) -> RoutingError {
    RoutingError(.rejected, reason, url: url)
  }

  /// A cancellation, for handlers whose user backed out; the router calls `x-cancel`.
  public static func cancelled(_ reason: String = "the request was cancelled") -> RoutingError {
    RoutingError(.cancelled, reason)
  }
}
