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
