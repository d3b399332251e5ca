/// Thrown by a handler to pass its request on after looking at it: the router tries the next
/// route that matches the URL, as if `canHandle` had said no.
///
/// `canHandle` must answer at once and cannot throw; a handler that must read a typed value or
/// ask a service before it knows declines from its handling instead:
///
/// ```swift
/// builder.add("myapp://:slug") { request in
///   guard let article = try await Articles.find(slug: request["slug"] ?? "") else {
///     throw RouteDecline("no article is called '\(request["slug"] ?? "")'")
///   }
///   return article
/// }
/// builder.add("myapp://:username") { request in try await Profiles.load(request["username"] ?? "") }
/// ```
///
/// The next route gets a new request made from the URL as it arrived: what the declining
/// handler or its middleware changed (extras, the query) does not reach it. Observers get a
/// ``RouteEvent/Phase/declined`` event naming the route. When no route is left, the open goes to
/// the fallback handler or fails with `declined`, as ``RouterBuilder/whenEveryRouteDeclines`` says.
/// Middleware that catches errors should let this one through.
public struct RouteDecline: Error, Sendable, CustomStringConvertible {
  /// Why the handler declined, for events and messages.
  public let reason: String

  /// A decline, with why for events and messages.
  public init(_ reason: String = "") {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}

/// What an open does with a URL that routes matched and every one of them declined (through
/// `canHandle` or ``RouteDecline``).
public enum DeclinePolicy: Sendable, Hashable {
  /// Sends the URL to the router's fallback handler, whose request lists the routes that declined
  /// (``RouteRequest/declinedRoutes``); without a fallback handler the open fails with `declined`.
  ///
  /// The default: to the app, a URL that no route takes is one it has no screen for, whether no
  /// route matched or every one passed it on, so both reach the same handler (JLRoutes calls its
  /// unmatched-URL handler in both cases, and apps rely on it to show such links in a web view).
  case useFallback
  /// Fails the open with `declined`, naming the routes, even when there is a fallback handler; the
  /// fallback then serves only URLs that no route matches.
  case fail
}
