// Screen views into an analytics SDK's own "screen" call: the few lines an app writes.
public import Waypoint

/// An analytics SDK's screen call, as most have one (a `screen(name, properties)` method, or a
/// `screen_view` event with the screen's name).
public protocol ScreenAnalytics: Sendable {
  /// Records that the user saw the screen `name`.
  func screen(_ name: String, properties: [String: String])
}

/// Sends each screen the user sees to an analytics SDK, once per view.
///
/// A screen uncovered again (the sheet over it went away) is not a new view unless
/// `countsUncovered`; a screen a link built under another and never showed, a cancelled back
/// swipe and a link opened twice send nothing, since ``ScreenViews`` makes no event for them.
///
/// ```swift
/// app.screenViews.observe(AnalyticsScreens(analytics: MySDKAnalytics()))
/// ```
public struct AnalyticsScreens: ScreenObserver {
  /// The SDK.
  public let analytics: any ScreenAnalytics
  /// Whether a screen uncovered again counts as a view.
  public let countsUncovered: Bool

  /// Sends to `analytics`.
  public init(analytics: any ScreenAnalytics, countsUncovered: Bool = false) {
    self.analytics = analytics
    self.countsUncovered = countsUncovered
  }

  /// Calls the SDK's screen call with the screen's name, its (redacted) parameters, the screen
  /// before it, the tab and what caused the view.
  public func shown(_ event: ScreenEvent) {
    guard !event.isUncovered || countsUncovered else { return }
    var properties = event.screen.parameters
    properties["previous_screen"] = event.previous.map { $0.route ?? $0.target }
    properties["tab"] = event.tab
    switch event.cause {
    case .link(_, _, let origin, _): properties["source"] = origin.kind
    case .user(let action): properties["source"] = action.rawValue
    case .app, .restore: properties["source"] = "app"
    // Later releases may add causes (`background` and `foreground` came in 0.2.0).
    default: properties["source"] = event.cause.description
    }
    analytics.screen(event.screenName, properties: properties)
  }
}
