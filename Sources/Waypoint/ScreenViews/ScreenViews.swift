import Observation

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Screen views from the navigation state: which screens the user sees, in every window, and
/// why that changed.
///
/// It watches each window's navigator and compares the screens its state shows with the ones
/// it showed before, so there is exactly one event per change of what the user sees: a screen
/// a plan builds under another and never shows, a back swipe the user cancelled, a tab tapped
/// again on its root and a link opened twice make none. A screen a presentation covers is
/// `hidden` (``ScreenEvent/isCovered``) and `shown` again when it is uncovered
/// (``ScreenEvent/isUncovered``). A ``WaypointApp`` has one, watching its windows:
///
/// ```swift
/// app.screenViews.observe(Breadcrumbs())
/// for await event in app.screenViews.events() where event.phase == .shown {
///   print(event)   // shown Editor#3 ← List#1 (link #2 notes://note/42 (external) note) @main
/// }
/// ```
///
/// Waypoint's navigators say why each state changed: a link (its number, URL, origin and
/// route), the app's code, or what the user did in the UI. Any other `@Observable` navigator is
/// followed when its state changes, one turn of the main actor later, as the app's own change;
/// a navigator that is neither calls ``record(_:window:cause:timing:)`` itself.
@MainActor
public final class ScreenViews {
  /// The query items whose values are redacted in the events' screens (as in link events).
  public var redaction: LinkRedaction
  private var observers: [any ScreenObserver] = []
  private let hub = EventHub<ScreenEvent>()
  private var windows: [String: Window] = [:]
  private var lastVisit: UInt64 = 0
  private let now: @Sendable () -> ContinuousClock.Instant

  /// What one window shows.
  private struct Window {
    /// The visible screens, with the number and start of their visits.
    var visible: [Visit] = []
    /// The window's top screen: the one the user looks at.
    var focus: Screen?
    /// The screens hidden by a presentation over them, still in the state.
    var covered: Set<String> = []
    /// The state last seen.
    var state = NavigationState()
    /// The navigator watched, if any.
    weak var navigator: (any Navigator)?
    /// Whether the window's scene is in the background: its screens are hidden, and the states
    /// it takes meanwhile make no events.
    var inBackground = false
  }

  /// A screen's visit in progress.
  private struct Visit {
    var shown: VisibleScreen
    var number: UInt64
    var start: ContinuousClock.Instant
    /// The tab selected when it was shown.
    var tab: String?
  }

  /// Screen views with `redaction` applied to the screens' parameters and links; `now` is the
  /// clock visits are timed with.
  ///
  /// - Parameters:
  ///   - redaction: The query items whose values are redacted; `sig` and `token` by default.
  ///   - now: The clock for each visit's time on screen (tests pass their own).
  public init(
    redaction: LinkRedaction = .standard,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { WaypointClock.live.instant() }
  ) {
    self.redaction = redaction
    self.now = now
  }

  /// Adds an observer; it hears every later event.
  public func observe(_ observer: any ScreenObserver) {
    observers.append(observer)
  }

  /// Every later event, as a stream; the oldest are dropped beyond `limit` unread.
  public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<ScreenEvent> {
    hub.stream(bufferingNewest: limit)
  }

  /// The screens the user sees in `window` now, the one they look at last.
  public func visibleScreens(in window: String = "main") -> [Screen] {
    windows[window]?.visible.map(\.shown.screen) ?? []
  }

  /// Watches `navigator` as the window `window`: what it shows now is `shown` (cause `restore`
  /// when something is shown), and each later state is compared with the one before.
  ///
  /// A window watched already, over another navigator (a scene connected again), goes on from
  /// what it showed: only what differs makes events.
  ///
  /// - Parameters:
  ///   - navigator: The window's navigator: one of Waypoint's, which says why each state
  ///     changed, or an `@Observable` one, followed as the app's own changes. Any other is read
  ///     only now; it reports its later states with ``record(_:window:cause:timing:)``.
  ///   - window: The window's name; `main` by default.
  public func watch(_ navigator: any Navigator, window: String = "main") {
    if let old = windows[window]?.navigator, old !== navigator {
      (old as? any PublishesStates)?.statesPublished.stopListening(self)
    }
    windows[window, default: Window()].navigator = navigator
    record(navigator.state, window: window, cause: .restore)
    if let feed = (navigator as? any PublishesStates)?.statesPublished {
      feed.listen(self) { [weak self] state, cause, timing in
        self?.record(state, window: window, cause: cause, timing: timing)
      }
    } else if navigator is any Observable {
      follow(navigator, window: window)
    }
  }

  /// Stops watching the window `window`: its visible screens are `hidden` (cause `app`).
  public func stopWatching(window: String) {
    if let feed = (windows[window]?.navigator as? any PublishesStates)?.statesPublished { feed.stopListening(self) }
    record(NavigationState(), window: window, cause: .app)
    windows[window] = nil
  }

  /// The window `window`'s scene went to the background: its visible screens are `hidden` (cause
  /// `background`), so no visit counts the time the app was away, and what it shows meanwhile
  /// makes no event until ``enterForeground(window:)``.
  package func enterBackground(window: String) {
    guard let kept = windows[window], !kept.inBackground else { return }
    record(NavigationState(), window: window, cause: .background)
    windows[window]?.state = kept.state
    windows[window]?.inBackground = true
  }

  /// The window `window`'s scene came back: what it shows is `shown` again (cause `foreground`).
  package func enterForeground(window: String) {
    guard let kept = windows[window], kept.inBackground else { return }
    windows[window]?.inBackground = false
    record(kept.state, window: window, cause: .foreground)
  }

  /// Takes in the state `window` shows now, changed because of `cause` (in `timing`, when a
  /// navigator carried the change out), and sends the events for what the user sees
  /// differently: first the screens no longer visible, then the new ones.
  ///
  /// - Parameters:
  ///   - state: The state the window shows now; while the window's scene is in the background,
  ///     it is kept and makes no events.
  ///   - window: The window's name; `main` by default. A window not seen before counts as having
  ///     shown nothing.
  ///   - cause: Why the state changed, given in each event; a link's URL is redacted.
  ///   - timing: How long the navigator took over the change, when it carried it out; `nil`
  ///     otherwise.
  public func record(
    _ state: NavigationState, window: String = "main", cause: ScreenEvent.Cause, timing: ScreenEvent.Timing? = nil
  ) {
    if windows[window]?.inBackground == true {
      windows[window]?.state = state
      return
    }
    var shown = windows[window] ?? Window()
    let seen = state.visibleScreens
    let tab = state.tabs?.selected
    let instant = now()
    let date = WaypointClock.live.now()
    let coveredNow = state.coveredScreenIDs
    var events: [ScreenEvent] = []
    for visit in shown.visible where !seen.contains(where: { $0.screen.id == visit.shown.screen.id }) {
      let isCovered = coveredNow.contains(visit.shown.screen.id)
      if isCovered { shown.covered.insert(visit.shown.screen.id) }
      events.append(
        event(
          .hidden, visit.shown, cause: cause, window: window, tab: visit.tab, isCovered: isCovered,
          timeOnScreen: instant - visit.start, visit: visit.number, timing: timing, at: date))
    }
    let previous = shown.focus
    var visible: [Visit] = []
    for screen in seen {
      if let visit = shown.visible.first(where: { $0.shown.screen.id == screen.screen.id }) {
        visible.append(Visit(shown: screen, number: visit.number, start: visit.start, tab: visit.tab))
        continue
      }
      lastVisit += 1
      let isUncovered = shown.covered.remove(screen.screen.id) != nil
      visible.append(Visit(shown: screen, number: lastVisit, start: instant, tab: tab))
      events.append(
        event(
          .shown, screen, previous: previous?.id == screen.screen.id ? nil : previous, cause: cause, window: window,
          tab: tab, isUncovered: isUncovered, visit: lastVisit, timing: timing, at: date))
    }
    // A screen no longer under a presentation (the sheet went while another tab was chosen) is
    // shown again as a plain view, not as uncovered.
    shown.covered.formIntersection(coveredNow)
    shown.visible = visible
    shown.focus = seen.last?.screen ?? (seen.isEmpty ? nil : shown.focus)
    shown.state = state
    windows[window] = shown
    for event in events { deliver(event) }
  }

  /// An event about `shown`, its screen redacted.
  private func event(
    _ phase: ScreenEvent.Phase, _ shown: VisibleScreen, previous: Screen? = nil, cause: ScreenEvent.Cause,
    window: String, tab: String?, isUncovered: Bool = false, isCovered: Bool = false,
    timeOnScreen: Duration? = nil, visit: UInt64, timing: ScreenEvent.Timing?, at date: Date
  ) -> ScreenEvent {
    var cause = cause
    if case .link(let openID, let url, let origin, let route) = cause, !redaction.names.isEmpty {
      cause = .link(openID: openID, url: redaction.apply(to: url), origin: origin, route: route)
    }
    return ScreenEvent(
      phase: phase, screen: redacted(shown.screen), previous: previous.map(redacted), cause: cause,
      window: window, tab: tab, presentation: shown.presentation, level: shown.level, isUncovered: isUncovered,
      isCovered: isCovered, timeOnScreen: timeOnScreen, visit: visit, timing: timing, timestamp: date)
  }

  /// `screen` with the values of the redacted names and its link's redacted.
  private func redacted(_ screen: Screen) -> Screen {
    guard !redaction.names.isEmpty else { return screen }
    var copy = screen
    for name in redaction.names where copy.parameters[name] != nil { copy.parameters[name] = "REDACTED" }
    copy.link = copy.link.map { redaction.apply(to: $0) }
    return copy
  }

  private func deliver(_ event: ScreenEvent) {
    for observer in observers {
      switch event.phase {
      case .shown: observer.shown(event)
      case .hidden: observer.hidden(event)
      }
    }
    hub.send(event)
  }

  /// Follows an `@Observable` navigator of the app's own: its state is read one turn after it
  /// changes.
  private func follow(_ navigator: any Navigator, window: String) {
    let followed = ObjectIdentifier(navigator)
    withObservationTracking {
      _ = navigator.state
    } onChange: { [weak self] in
      Task { @MainActor in
        guard let self, let navigator = self.windows[window]?.navigator, ObjectIdentifier(navigator) == followed
        else { return }
        self.record(navigator.state, window: window, cause: .app)
        self.follow(navigator, window: window)
      }
    }
  }
}
