public import CoreMetrics
import Synchronization
public import Waypoint

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts links and screen views on swift-metrics, and times how long a link takes to show its
/// screen and how long each screen stays.
///
/// | metric | kind | dimensions |
/// |---|---|---|
/// | `waypoint_links` | counter, one per link's outcome | `door` (the origin's kind), `outcome` (`did`, `unmatched`, `refused`, `failed`, `dropped`) |
/// | `waypoint_screen_views` | counter, one per screen shown | `screen` (its route's name, else its target) |
/// | `waypoint_time_to_screen` | timer, from a link's arrival to its screen shown | `route`, `door` |
/// | `waypoint_time_on_screen` | timer, from a screen shown to hidden | `screen` |
///
/// A screen uncovered again (the sheet over it went away) is counted as a view only with
/// `countsUncovered`. Observe it on both sides:
///
/// ```swift
/// let metrics = MetricsObserver()
/// routes.observe(metrics)                 // links
/// app.screenViews.observe(metrics)        // screens
/// ```
public final class MetricsObserver: RouteObserver, ScreenObserver {
  /// Where the metrics are made: the bootstrapped backend unless given.
  private let factory: any MetricsFactory
  /// Whether a screen uncovered again counts as a view.
  public let countsUncovered: Bool
  /// When each link still open arrived, and through which door, by its number.
  private let arrivals = Mutex<[UInt64: (date: Date, door: String)]>([:])
  /// The most links kept waiting for their screen: a link that never shows one is let go.
  private static let arrivalLimit = 256

  /// Metrics made by `factory` (the backend `MetricsSystem.bootstrap` set, by default).
  ///
  /// - Parameters:
  ///   - factory: Where the metrics are made; tests pass their own.
  ///   - countsUncovered: Whether a screen uncovered again (the sheet over it went away) counts
  ///     as a view in `waypoint_screen_views`; `false` by default.
  public init(factory: any MetricsFactory = MetricsSystem.factory, countsUncovered: Bool = false) {
    self.factory = factory
    self.countsUncovered = countsUncovered
  }

  /// Notes when the link arrived at a door.
  public func received(_ event: RouteEvent) { arrived(event) }
  /// Notes when the link's open began, if it came through no door.
  public func prepare(_ event: RouteEvent) { arrived(event) }
  /// Counts the link as opened.
  public func didOpen(_ event: RouteEvent) { ended(event) }
  /// Counts the link as unmatched, refused or failed.
  public func failed(_ event: RouteEvent) { ended(event) }
  /// Counts the link as dropped.
  public func dropped(_ event: RouteEvent) { ended(event) }

  /// Counts a screen view and, for the first screen a link shows, the time since it arrived.
  public func shown(_ event: ScreenEvent) {
    guard !event.isUncovered || countsUncovered else { return }
    Counter(label: "waypoint_screen_views", dimensions: [("screen", event.screenName)], factory: factory)
      .increment()
    guard case .link(let openID, _, _, let route) = event.cause,
      let arrival = arrivals.withLock({ $0.removeValue(forKey: openID) })
    else { return }
    CoreMetrics.Timer(
      label: "waypoint_time_to_screen", dimensions: [("route", route ?? event.screenName), ("door", arrival.door)],
      factory: factory
    ).recordNanoseconds(Self.nanoseconds(from: arrival.date, to: event.timestamp))
  }

  /// Times how long the screen was on screen.
  public func hidden(_ event: ScreenEvent) {
    guard let time = event.timeOnScreen else { return }
    CoreMetrics.Timer(label: "waypoint_time_on_screen", dimensions: [("screen", event.screenName)], factory: factory)
      .recordNanoseconds(time.components.seconds * 1_000_000_000 + time.components.attoseconds / 1_000_000_000)
  }

  private func arrived(_ event: RouteEvent) {
    arrivals.withLock { arrivals in
      guard arrivals[event.openID] == nil else { return }
      if arrivals.count >= Self.arrivalLimit, let oldest = arrivals.min(by: { $0.value.date < $1.value.date }) {
        arrivals[oldest.key] = nil
      }
      arrivals[event.openID] = (event.timestamp, event.origin.kind)
    }
  }

  private func ended(_ event: RouteEvent) {
    // A link that showed its screen was let go then; one that showed none (the same link
    // again, a failure) is let go now.
    arrivals.withLock { _ = $0.removeValue(forKey: event.openID) }
    Counter(
      label: "waypoint_links", dimensions: [("door", event.origin.kind), ("outcome", event.phase.rawValue)],
      factory: factory
    ).increment()
  }

  private static func nanoseconds(from start: Date, to end: Date) -> Int64 {
    Int64(max(0, end.timeIntervalSince(start)) * 1_000_000_000)
  }
}
