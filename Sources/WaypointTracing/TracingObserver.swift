import Synchronization
public import Tracing
public import Waypoint

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Traces links and screen visits on swift-distributed-tracing.
///
/// Each link is a span, `waypoint.link`, from its arrival at a door (or its open) to the first
/// screen it shows, or to its outcome when it shows none, with a child span for each part of its
/// way:
///
/// - `waypoint.link.waiting`: from its arrival to its open (the app not ready, sign-in);
/// - `waypoint.link.middleware`: from its route chosen to the navigator's turn (middleware and
///   handler);
/// - `waypoint.link.placement`: the navigator working out where the screens go and making them;
/// - `waypoint.link.transition`: the UI showing them.
///
/// Each screen visit is a span, `waypoint.screen`, from shown to hidden. The spans are made with
/// the times the events carry once a link or visit ends, so a tracer exports them whole.
///
/// ```swift
/// let tracing = TracingObserver(tracer: InstrumentationSystem.tracer)
/// routes.observe(tracing)                 // links
/// app.screenViews.observe(tracing)        // screens and the links' ends
/// ```
public final class TracingObserver<T: Tracer>: RouteObserver, ScreenObserver {
  /// Where the spans go.
  public let tracer: T
  private let state = Mutex(Trail())

  /// What is known of the links under way and the screens on view.
  private struct Trail {
    var links: [UInt64: Link] = [:]
    var visits: [UInt64: T.Span] = [:]
  }

  /// A link under way: when each part of its way began.
  private struct Link {
    var url: String
    var door: String
    var arrived: Date
    var opened: Date?
    var chosen: Date?
    var route: String?
  }

  /// The most links and visits kept open: beyond it, the oldest link is let go untraced.
  private static var limit: Int { 256 }

  /// Spans made by `tracer`.
  public init(tracer: T) {
    self.tracer = tracer
  }

  /// Notes the link's arrival at a door.
  public func received(_ event: RouteEvent) { note(event) }

  /// Notes the link's open (its arrival, when it came through no door).
  public func prepare(_ event: RouteEvent) {
    note(event)
    state.withLock { $0.links[event.openID]?.opened = event.timestamp }
  }

  /// Notes when the route was chosen.
  public func willOpen(_ request: RouteRequest) throws {
    let openID = request.openID
    guard openID != 0 else { return }
    let route = request.route.map { $0.name ?? $0.pattern }
    state.withLock { trail in
      trail.links[openID]?.chosen = WaypointClock.live.now()
      trail.links[openID]?.route = route
    }
  }

  /// Ends the link's span when it showed no screen.
  public func didOpen(_ event: RouteEvent) { finish(event) }
  /// Ends the link's span with its error.
  public func failed(_ event: RouteEvent) { finish(event) }
  /// Ends the link's span: it will not be opened.
  public func dropped(_ event: RouteEvent) { finish(event) }

  /// Starts the visit's span and, for the first screen a link shows, ends the link's.
  public func shown(_ event: ScreenEvent) {
    let span = tracer.startSpan(
      "waypoint.screen", context: .topLevel, ofKind: .internal, at: Self.instant(event.timestamp))
    span.updateAttributes { attributes in
      attributes["waypoint.screen.name"] = event.screenName
      attributes["waypoint.screen.target"] = event.screen.target
      attributes["waypoint.screen.id"] = event.screen.id
      attributes["waypoint.window"] = event.window
      attributes["waypoint.cause"] = "\(event.cause)"
      if let tab = event.tab { attributes["waypoint.tab"] = tab }
      if let presentation = event.presentation { attributes["waypoint.presentation"] = "\(presentation)" }
      if event.isUncovered { attributes["waypoint.screen.uncovered"] = true }
      if let previous = event.previous { attributes["waypoint.screen.previous"] = previous.id }
    }
    let (link, evicted) = state.withLock { trail -> (Link?, T.Span?) in
      trail.visits[event.visit] = span
      var evicted: T.Span?
      if trail.visits.count > Self.limit, let oldest = trail.visits.keys.min() {
        evicted = trail.visits.removeValue(forKey: oldest)
      }
      // A screen a link only uncovered is not the one it opened.
      guard case .link(let openID, _, _, _) = event.cause, !event.isUncovered else { return (nil, evicted) }
      return (trail.links.removeValue(forKey: openID), evicted)
    }
    evicted?.end(at: Self.instant(event.timestamp))
    if let link { trace(link, to: event) }
  }

  /// Ends the visit's span.
  public func hidden(_ event: ScreenEvent) {
    let span = state.withLock { $0.visits.removeValue(forKey: event.visit) }
    if event.isCovered { span?.attributes["waypoint.screen.covered"] = true }
    span?.end(at: Self.instant(event.timestamp))
  }

  // MARK: - Links

  private func note(_ event: RouteEvent) {
    state.withLock { trail in
      guard trail.links[event.openID] == nil else { return }
      if trail.links.count >= Self.limit, let oldest = trail.links.min(by: { $0.value.arrived < $1.value.arrived }) {
        trail.links[oldest.key] = nil
      }
      trail.links[event.openID] = Link(url: event.url, door: event.origin.kind, arrived: event.timestamp)
    }
  }

  /// The link's spans, ended at `event` (the first screen it showed).
  private func trace(_ link: Link, to event: ScreenEvent) {
    let end = event.timestamp
    let root = start("waypoint.link", link, at: link.arrived, parent: nil)
    root.attributes["waypoint.screen.name"] = event.screenName
    let shownAt = end.addingTimeInterval(-Self.seconds(event.timing?.transition ?? .zero))
    let placedAt = shownAt.addingTimeInterval(-Self.seconds(event.timing?.placement ?? .zero))
    if let opened = link.opened, opened > link.arrived {
      child("waypoint.link.waiting", of: root, link.arrived, opened)
    }
    if let chosen = link.chosen { child("waypoint.link.middleware", of: root, chosen, max(chosen, placedAt)) }
    if event.timing != nil {
      child("waypoint.link.placement", of: root, placedAt, shownAt)
      child("waypoint.link.transition", of: root, shownAt, end)
    }
    root.end(at: Self.instant(max(end, link.arrived)))
  }

  /// Ends the span of a link that showed no screen.
  private func finish(_ event: RouteEvent) {
    guard let link = state.withLock({ $0.links.removeValue(forKey: event.openID) }) else { return }
    let root = start("waypoint.link", link, at: link.arrived, parent: nil)
    root.attributes["waypoint.link.outcome"] = event.phase.rawValue
    if let opened = link.opened, opened > link.arrived {
      child("waypoint.link.waiting", of: root, link.arrived, opened)
    }
    if let chosen = link.chosen { child("waypoint.link.middleware", of: root, chosen, event.timestamp) }
    if let error = event.error {
      root.recordError(error)
      root.setStatus(SpanStatus(code: .error, message: "\(error.code)"))
    } else if let reason = event.reason {
      root.attributes["waypoint.link.reason"] = reason
    }
    root.end(at: Self.instant(max(event.timestamp, link.arrived)))
  }

  private func start(_ name: String, _ link: Link, at date: Date, parent: T.Span?) -> T.Span {
    let span = tracer.startSpan(
      name, context: parent?.context ?? .topLevel, ofKind: .internal, at: Self.instant(date))
    span.updateAttributes { attributes in
      attributes["waypoint.link.url"] = link.url
      attributes["waypoint.link.door"] = link.door
      if let route = link.route { attributes["waypoint.route"] = route }
    }
    return span
  }

  private func child(_ name: String, of parent: T.Span, _ start: Date, _ end: Date) {
    let span = tracer.startSpan(name, context: parent.context, ofKind: .internal, at: Self.instant(start))
    span.end(at: Self.instant(max(start, end)))
  }

  private static func instant(_ date: Date) -> DefaultTracerClock.Timestamp {
    DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: UInt64(max(0, date.timeIntervalSince1970) * 1_000_000_000))
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
