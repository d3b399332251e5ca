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
