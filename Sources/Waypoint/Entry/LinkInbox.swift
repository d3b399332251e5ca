#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The one way into the app: every door (URL scheme, universal link, notification, quick action,
/// Spotlight, Handoff, widget, App Clip, App Intent, deferred link) hands its link here with its
/// ``Origin``, and the inbox opens it through the router when the app is ready.
///
/// ```swift
/// let inbox = LinkInbox(router: holder)
/// inbox.receive("notes://note/7", origin: .opened("notes://note/7"))   // at launch: waits
/// // … onboarding, session restored, first screen shown:
/// inbox.setReady(true)                                                  // opens note 7
/// ```
///
/// **Waiting.** Links received before ``setReady(_:reason:)`` (or after `setReady(false)`, such as
/// during sign-out) wait in order; when several external links wait, ``WaitingRule`` decides
/// which are kept (the newest, by default). The app's own (``Origin/internal``) links, such as
/// its first screen, are always kept, in their place. A link that waited longer than ``Policy/maxWait`` is dropped
/// when the app becomes ready. Links are opened one after another, in the order they came.
///
/// **Parking.** A middleware that sends the user to sign-in returns
/// ``RouteResult/park(_:until:showing:)``; the inbox keeps the original link and opens it again,
/// with its origin and extras, on ``resume(_:)``. It drops it, with a `dropped` event giving the
/// reason, on ``discard(_:reason:)``, once it has been parked longer than ``Policy/maxParked``,
/// or when the screen shown in its place (the sign-in screen) leaves while the gate still holds:
/// the user cancelled ("the user cancelled sign-in"), or another link took its place. A parked
/// link's completion hears how the link itself finally ends.
///
/// **Once.** One tap reported twice (launch options and a delegate, a scene's connection options
/// and `didReceive`) is opened once: by the identifier the door gives (a notification's request
/// identifier) within ``Policy/identifiedDuplicateInterval``, or, for links from outside, by the
/// same link from the same door within ``Policy/duplicateInterval``. A notification posted again
/// under its identifier later is a new tap.
///
/// **Campaigns.** An external link's campaign items (`utm_*` and ``Policy/campaignKeys``)
/// are read into ``Origin/campaign``; the URL keeps them (a signature over it still holds), and
/// a request leaves them out of its query unless the route asks for them by naming them in its
/// `defaults`. A widget's mark (``Origin/widgetLink(_:kind:)``) is taken off and read into the
/// origin.
///
/// **Events.** Every link is `received`, may be `waited` or `dropped` (with the reason), then goes
/// through the router's events (see ``RouteEvent/Phase``), all under one number, through the
/// router's observers and ``RouterHolder/events(bufferingNewest:)``. Nothing is dropped silently.
///
/// The inbox is `Sendable`: doors may hand it links from any thread or task; ``receive(_:origin:extras:id:)``
/// keeps the order of its calls.
public final class LinkInbox: Sendable {
  /// Which waiting links are kept when several arrive before the app is ready.
  public enum WaitingRule: Sendable, Hashable {
    /// The newest link wins: each link received while waiting drops those before it
    /// (`superseded`). The default: the user's last tap is what they want to see.
    case newestWins
    /// The first link wins: later ones are dropped while it waits.
    case firstWins
    /// Every link is kept and opened in order, the oldest dropped past `limit` waiting.
    case keepAll(limit: Int)
  }

  /// How the inbox waits, drops and reads campaigns.
  public struct Policy: Sendable {
    /// Which waiting links are kept.
    ///
    /// Default ``WaitingRule/newestWins``.
    public var waitingRule = WaitingRule.newestWins
    /// How long a link may wait for the app to be ready before it is dropped as expired.
    ///
    /// Default 10 minutes.
    public var maxWait = Duration.seconds(600)
    /// How long after a link the same link from the same door counts as the same tap reported twice.
    ///
    /// Default 2 seconds.
    public var duplicateInterval = Duration.seconds(2)
    /// How long after an arrival with an identifier (`id:`, or a notification's request
    /// identifier) another arrival with the same identifier from the same door counts as the
    /// same one reported twice: long enough for a launching tap reported by the scene and by the
    /// notification delegate, short enough that a notification the app posts again under the
    /// same identifier (a repeating or replaced one) opens when tapped again.
    ///
    /// Default 60 seconds.
    public var identifiedDuplicateInterval = Duration.seconds(60)
    /// How long a link stays parked behind a gate (sign-in) before it is dropped as expired: a
    /// link the user tapped an hour ago does not open at the next sign-in.
    ///
    /// Default 10 minutes.
    public var maxParked = Duration.seconds(600)
    /// Query item names read into ``Origin/campaign`` besides every `utm_*` item.
    public var campaignKeys: Set<String> = []
    /// The custom notification actions that open their notification's link, besides a plain tap.
    ///
    /// List those the app registered with the `.foreground` option, such as "View". A plain tap
    /// (`UNNotificationDefaultActionIdentifier`) always opens the link; any other action (a
    /// background one such as "Mark as read", which the app handles without coming to the
    /// front) and a dismissal open nothing.
    ///
    /// Default none.
    public var notificationLinkActions: Set<String> = []
    /// The key a notification's payload holds its link under, for every way a tap comes in (the
    /// notification center's delegate, `WaypointApp.receiveNotification(_:completion:)`, and a
    /// scene's connection options).
    ///
    /// Default `link`.
    public var notificationLinkKey = "link"

    /// The app's table of its short links, which the inbox looks each link up in before
    /// anything else (see ``ShortLinks``).
    ///
    /// Default `nil`: no link is a short link.
    public var shortLinks: ShortLinks?

    /// The defaults.
    public init() {}

    /// Why a notification response with `action` opens nothing, or `nil` when it opens its
    /// link: no action given (the caller's tap), a plain tap, or one of
    /// ``notificationLinkActions``.
    package func refusal(ofNotificationAction action: String?) -> String? {
      guard let action, action != Self.defaultNotificationAction, !notificationLinkActions.contains(action) else {
        return nil
      }
      if action == Self.dismissNotificationAction { return "the user dismissed the notification" }
      return "the notification's action '\(action)' is not one that opens its link (notificationLinkActions)"
    }

    /// `UNNotificationDefaultActionIdentifier`: the user tapped the notification.
    package static let defaultNotificationAction = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: the user dismissed it (its category's
    /// `customDismissAction`).
    package static let dismissNotificationAction = "com.apple.UNNotificationDismissActionIdentifier"
  }

  /// A link the inbox holds: waiting for the app, or parked behind a gate.
  package struct Held: Sendable {
    /// The number all the link's events carry.
    package let openID: UInt64
    /// The link, as the router will see it.
    package let url: String
    /// Where it came from.
    package let origin: Origin
    /// When the inbox received it; for a parked link, when it was parked.
    package let received: Date
    let extras: [String: any Sendable]
    let completion: Completion?
    /// Whether `completion` hears the result of the screen shown when the link is parked (an
    /// `open` that returns then), rather than how the link itself ends.
    var completesWhenParked = false
    /// With `completesWhenParked`: whether a park whose screen could not be shown leaves the
    /// completion to how the link itself ends (a screen's own link: its outcome must say what
    /// became of it, and it stays parked: second independent read, S6).
    var waitsWhenParkedUnshown = false
    /// Whether this parked copy's completion is still with the open that parked it (its
    /// sign-in screen on its way): a drop of it meanwhile is kept for that completion.
    var completionOnItsWay = false

    /// This link, its completion `completion`.
    func completing(with completion: Completion?) -> Held {
      Held(
        openID: openID, url: url, origin: origin, received: received, extras: extras, completion: completion)
    }
  }

  /// Hears how a link ended: the router's result or error, or `dropped`.
  public typealias Completion = @Sendable (Result<RouteResult, RoutingError>) -> Void

  struct State {
    var isReady = false
    var notReadyReason = "the app is not ready"
    var waiting: [Held] = []
    var draining = false
    /// The arrivals of the duplicate windows: a key (door and identifier, or door and link), when,
    /// the link's number, and the delivery an identifier came with, if any.
    var recent: [(key: String, at: Date, openID: UInt64, delivery: String?)] = []
    var parked: [String: [Held]] = [:]
    var deferredSources: Set<String> = []
    /// How parked links whose completion was still on its way ended (``Held/completionOnItsWay``).
    var endedOnItsWay: [UInt64: RoutingError] = [:]
  }

  /// The router links go to.
  package let router: RouterHolder
  /// How the inbox waits, drops and reads campaigns.
  package let policy: Policy
  let now: @Sendable () -> Date
  let state = Locked(State())

  /// An inbox for `router`, not ready until ``setReady(_:reason:)``.
  ///
  /// - Parameters:
  ///   - router: The router every link goes through.
  ///   - policy: The waiting rule, expiry, duplicate window and campaign keys.
  ///   - now: The clock for expiry and duplicates (tests pass their own).
  public init(
    router: RouterHolder, policy: Policy = Policy(),
    now: @escaping @Sendable () -> Date = { WaypointClock.live.now() }
  ) {
    self.router = router
    self.policy = policy
    self.now = now
  }

  /// Drops what still waits or is parked, so no caller waits for ever on a link of an inbox that
  /// is gone.
  deinit {
    let (waiting, parked) = state.withLock { ($0.waiting, $0.parked.values.flatMap { $0 }) }
    for held in waiting + parked { drop(held, because: "the inbox was released") }
  }

  // MARK: - Readiness

  /// Whether links are opened as they arrive.
  public var isReady: Bool { state.withLock { $0.isReady } }

  /// Says whether the app can show links now: `true` opens the links that waited (dropping
  /// those that expired), `false` makes new ones wait (a link being opened finishes).
  ///
  /// - Parameters:
  ///   - ready: Whether the app is ready.
  ///   - reason: Why it is not, for the `waited` events (`"signing out"`).
  public func setReady(_ ready: Bool, reason: String? = nil) {
    let start = state.withLock { state -> Bool in
      state.isReady = ready
      if !ready { state.notReadyReason = reason ?? "the app is not ready" }
      return startDraining(&state)
    }
    if start { drainInTask() }
  }

  /// The links waiting for the app to be ready, oldest first.
  package var waiting: [Held] { state.withLock { $0.waiting } }

  /// How the reason of a link dropped as a duplicate starts (the number of the first follows).
  package static let duplicateReason = "a duplicate of #"

  /// Whether `error` ended a link the inbox dropped as a duplicate of one it had (one tap
  /// reported by two doors): the first one is the one that opens.
  package static func isDuplicate(_ error: RoutingError) -> Bool {
    error.code == .dropped && error.message.contains(duplicateReason)
  }

  /// The links parked until `gate` is passed, oldest first.
  package func parked(until gate: String) -> [Held] { state.withLock { $0.parked[gate] ?? [] } }

  // MARK: - Receiving

  /// Takes a link from a door: opens it now if the app is ready, after the links before it,
  /// or keeps it until it is.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: The door it came through (``Origin/opened(_:)`` when only the URL is known).
  ///   - extras: In-process values for the handler.
  ///   - id: What identifies this arrival at its door: a second arrival from the same door
  ///     (``Origin/kind``) with the same identifier within ``Policy/identifiedDuplicateInterval``
  ///     is a duplicate. A notification's request identifier in its origin
  ///     (``Origin/notification(identifier:action:payload:)``) is its id already.
  ///   - completion: Hears how the link ended, once: the router's result or error, or
  ///     `dropped`.
  /// - Returns: The number every event of this link carries.
  @discardableResult
  public func receive(
    _ link: String, origin: Origin, extras: [String: any Sendable] = [:], id: String? = nil,
    completion: Completion? = nil
  ) -> UInt64 {
    accept(link, origin: origin, extras: extras, id: id, completion: completion)
  }

  /// Takes a typed link from a door (an App Intent, a quick action).
  ///
  /// - Parameters:
  ///   - link: The link; the inbox receives its ``RoutableLink/url``.
  ///   - origin: The door it came through.
  ///   - extras: In-process values for the handler.
  ///   - id: What identifies this arrival at its door: a second arrival from the same door with
  ///     the same identifier within ``Policy/identifiedDuplicateInterval`` is a duplicate.
  /// - Returns: The number every event of this link carries.
  /// - Throws: What ``RoutableLink/url`` throws for a value no URL can carry.
  @discardableResult
  public func receive(
    _ link: some RoutableLink, origin: Origin, extras: [String: any Sendable] = [:], id: String? = nil
  ) throws(RoutingError) -> UInt64 {
    receive(try link.url, origin: origin, extras: extras, id: id)
  }

  /// Takes a link and waits until it is opened (after the app becomes ready, if it is not),
  /// for callers that need the outcome: an App Intent's `perform`, a test.
  ///
  /// A parked link returns the result of what was shown instead (``RouteResult/parked`` says
  /// so).
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: The door it came through.
  ///   - extras: In-process values for the handler.
  ///   - id: What identifies this arrival at its door: a second arrival from the same door with
  ///     the same identifier within ``Policy/identifiedDuplicateInterval`` is dropped as a
  ///     duplicate, and its call throws `dropped`.
  /// - Returns: The router's result.
  /// - Throws: What ``Router/open(_:origin:extras:)-(String,_,_)`` throws, or `dropped` when the
  ///   link is superseded, expired, a duplicate or discarded.
  public func open(
    _ link: String, origin: Origin, extras: [String: any Sendable] = [:], id: String? = nil
  ) async throws(RoutingError) -> RouteResult {
    let outcome = await withCheckedContinuation { waiter in
      _ = accept(link, origin: origin, extras: extras, id: id, completesWhenParked: true) {
        waiter.resume(returning: $0)
      }
    }
    return try outcome.get()
  }

  /// Takes a link and waits until it is opened, at most `timeout`.
  ///
  /// A link still waiting for the app to be ready then is dropped as expired, so the caller and
  /// the inbox agree that it never opens. An App Intent's `perform` waits so, as the system
  /// shows a spinner meanwhile. Each call is one run: the same link opened twice in a row opens
  /// twice, never taken for a door's second report of one tap.
  ///
  /// - Throws: What ``open(_:origin:extras:id:)-(String,_,_,_)`` throws; `dropped` when the app
  ///   was not ready within `timeout`.
  package func open(_ link: String, origin: Origin, within timeout: Duration) async throws(RoutingError) -> RouteResult
  {
    // Each call is one run (an intent run twice opens twice), never a door reporting one tap
    // twice: its own identifier keeps the same-link rule from taking it for a duplicate.
    let run = WaypointClock.live.newID()
    var deadline: Task<Void, Never>?
    let outcome = await withCheckedContinuation { waiter in
      let openID = accept(link, origin: origin, extras: [:], id: run, completesWhenParked: true) {
        waiter.resume(returning: $0)
      }
      deadline = Task { [weak self] in
        // Cancelled once the link ended: nothing is left to expire.
        guard (try? await Task.sleep(for: timeout)) != nil else { return }
        self?.expireWaiting(openID, because: "expired: the app was not ready within \(timeout)")
      }
    }
    deadline?.cancel()
    return try outcome.get()
  }

  /// Drops, with `reason`, the links waiting that a screen of the window `window` opened (pinned
  /// to it): the window closed, so they can open nowhere.
  package func dropWaiting(pinnedTo window: String, because reason: String) {
    let gone = state.withLock { state -> [Held] in
      let pinned = state.waiting.filter {
        $0.extras[WindowCoordinators.pinnedExtra] as? Bool == true
          && $0.extras[WindowCoordinators.windowExtra] as? String == window
      }
      guard !pinned.isEmpty else { return [] }
      let ids = Set(pinned.map(\.openID))
      state.waiting.removeAll { ids.contains($0.openID) }
      return pinned
    }
    for held in gone { drop(held, because: reason) }
  }

  /// Gives the parked copy of `held` its completion, which then hears how the link ends
  /// (opened on resume, or dropped with its reason).
  ///
  /// The gate may have been passed while its sign-in screen was on its way (from another
  /// window): the link then waits to open, and its waiting copy takes the completion. One
  /// dropped meanwhile (discarded, expired) tells the completion why (independent read, U6).
  func handParkedCompletion(_ held: Held, gate: String, otherwise result: Result<RouteResult, RoutingError>) {
    let (handed, ended) = state.withLock { state -> (Bool, RoutingError?) in
      let ended = state.endedOnItsWay.removeValue(forKey: held.openID)
      if let index = state.parked[gate]?.firstIndex(where: { $0.openID == held.openID }),
        let kept = state.parked[gate]?[index]
      {
        state.parked[gate]?[index] = kept.completing(with: held.completion)
        return (true, nil)
      }
      if let index = state.waiting.firstIndex(where: { $0.openID == held.openID }) {
        state.waiting[index] = state.waiting[index].completing(with: held.completion)
        return (true, nil)
      }
      return (false, ended)
    }
    if !handed { held.completion?(ended.map { .failure($0) } ?? result) }
  }

  /// Says the completion of the link `openID` parked until `gate` heard the park: how its
  /// parked copy ends is no longer kept for it.
  func hadParkResult(_ openID: UInt64, gate: String) {
    state.withLock { state in
      state.endedOnItsWay[openID] = nil
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }) else { return }
      state.parked[gate]?[index].completionOnItsWay = false
    }
  }

  /// Forgets the arrival of the link `openID` for duplicate detection: its delivery failed.
  func forgetArrival(_ openID: UInt64) {
    state.withLock { $0.recent.removeAll { $0.openID == openID } }
  }

  /// Drops the link `openID` if it is still waiting for the app to be ready.
  func expireWaiting(_ openID: UInt64, because reason: String) {
    let held = state.withLock { state -> Held? in
      guard let index = state.waiting.firstIndex(where: { $0.openID == openID }) else { return nil }
      return state.waiting.remove(at: index)
    }
    if let held { drop(held, because: reason) }
  }

  /// Takes a typed link and waits until it is opened; see ``open(_:origin:extras:id:)-(String,_,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link; the inbox opens its ``RoutableLink/url``.
  ///   - origin: The door it came through.
  ///   - extras: In-process values for the handler.
  ///   - id: What identifies this arrival at its door, as for
  ///     ``open(_:origin:extras:id:)-(String,_,_,_)``.
  /// - Returns: The router's result.
  /// - Throws: What ``RoutableLink/url`` throws for a value no URL can carry, then what
  ///   ``open(_:origin:extras:id:)-(String,_,_,_)`` throws.
  public func open(
    _ link: some RoutableLink, origin: Origin, extras: [String: any Sendable] = [:], id: String? = nil
  ) async throws(RoutingError) -> RouteResult {
    try await open(try link.url, origin: origin, extras: extras, id: id)
  }
}
