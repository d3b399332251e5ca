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

  private struct State {
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
  private let state = Locked(State())

  /// An inbox for `router`, not ready until ``setReady(_:reason:)``.
  ///
  /// - Parameters:
  ///   - router: The router every link goes through.
  ///   - policy: The waiting rule, expiry, duplicate window and campaign keys.
  ///   - now: The clock for expiry and duplicates (tests pass their own).
  public init(
    router: RouterHolder, policy: Policy = Policy(),
    now: @escaping @Sendable () -> Date = { Date() }
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
    let run = UUID().uuidString
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
  private func handParkedCompletion(_ held: Held, gate: String, otherwise result: Result<RouteResult, RoutingError>) {
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
  private func hadParkResult(_ openID: UInt64, gate: String) {
    state.withLock { state in
      state.endedOnItsWay[openID] = nil
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }) else { return }
      state.parked[gate]?[index].completionOnItsWay = false
    }
  }

  /// Forgets the arrival of the link `openID` for duplicate detection: its delivery failed.
  private func forgetArrival(_ openID: UInt64) {
    state.withLock { $0.recent.removeAll { $0.openID == openID } }
  }

  /// Drops the link `openID` if it is still waiting for the app to be ready.
  private func expireWaiting(_ openID: UInt64, because reason: String) {
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

  // MARK: - Parking

  /// Opens again, in order, the links parked until `gate` (sign-in done).
  ///
  /// They wait if the app is not ready, their wait counted from now. Those parked longer than
  /// ``Policy/maxParked`` are dropped as expired instead.
  public func resume(_ gate: String) {
    let moment = now()
    let limit = Self.seconds(policy.maxParked)
    let (start, expired) = state.withLock { state -> (Bool, [Held]) in
      let parked = state.parked.removeValue(forKey: gate) ?? []
      let expired = parked.filter { moment.timeIntervalSince($0.received) > limit }
      // A resumed link waits afresh: sign-in may take longer than `maxWait`.
      state.waiting += parked.filter { moment.timeIntervalSince($0.received) <= limit }.map { held in
        Held(
          openID: held.openID, url: held.url, origin: held.origin, received: moment, extras: held.extras,
          completion: held.completion)
      }
      return (startDraining(&state), expired)
    }
    for held in expired { drop(held, because: Self.expiredParking(gate, policy.maxParked)) }
    if start { drainInTask() }
  }

  private static func expiredParking(_ gate: String, _ limit: Duration) -> String {
    "expired: it was parked until '\(gate)' longer than \(limit)"
  }

  /// Drops the link `openID` parked until `gate` once it has been parked for ``Policy/maxParked``.
  private func expireParked(_ openID: UInt64, gate: String) {
    let limit = Self.seconds(policy.maxParked)
    let moment = now()
    let held = state.withLock { state -> Held? in
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }),
        let found = state.parked[gate]?[index], moment.timeIntervalSince(found.received) >= limit
      else { return nil }
      state.parked[gate]?.remove(at: index)
      if state.parked[gate]?.isEmpty == true { state.parked[gate] = nil }
      return found
    }
    if let held { drop(held, because: Self.expiredParking(gate, policy.maxParked)) }
  }

  /// The screen shown in place of the link `openID` parked until `gate` (the sign-in screen)
  /// left: when the gate still holds (`stillClosed`, asked now), that link is dropped with
  /// `reason`; links parked behind the same gate in another window stay.
  private func gateScreenLeft(
    _ gate: String, openID: UInt64, reason: String, stillClosed: (@Sendable () async -> Bool)?
  ) async {
    if let stillClosed, await !stillClosed() { return }
    dropParked(openID, gate: gate, because: reason)
  }

  /// Drops the link `openID` parked until `gate`, if it still is, with `reason`.
  private func dropParked(_ openID: UInt64, gate: String, because reason: String) {
    let held = state.withLock { state -> Held? in
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }) else { return nil }
      let found = state.parked[gate]?.remove(at: index)
      if state.parked[gate]?.isEmpty == true { state.parked[gate] = nil }
      return found
    }
    if let held { drop(held, because: "\(reason) (parked until '\(gate)')") }
  }

  /// Why a link parked behind a gate is dropped when the screen shown in its place (`screen`)
  /// left while the gate still held: the user cancelled (a Cancel that closed it, a swipe), or a
  /// link took its place.
  @MainActor
  static func gateScreenReason(tookOff: Bool, cause: ScreenEvent.Cause?, screen: String) -> String {
    guard tookOff else { return cancelledSignIn }
    switch cause {
    case .user?, nil: return cancelledSignIn
    case .link(_, let url, _, _)?: return "the link '\(url)' took the place of the sign-in screen '\(screen)'"
    case .app?, .restore?, .background?, .foreground?:
      return "the app took the sign-in screen '\(screen)' away while the gate still held"
    }
  }

  /// The reason a link parked behind a gate gives when the user cancels the screen shown in its
  /// place (a Cancel button that closes it, a swipe down).
  package static let cancelledSignIn = "the user cancelled sign-in"

  /// Drops the links parked until `gate` (the user gave up signing in), each with a `dropped`
  /// event giving `reason`.
  ///
  /// - Parameters:
  ///   - gate: The gate the links wait behind (`signIn`); nothing happens when none waits.
  ///   - reason: Why they are dropped; each event gives it with the gate. `discarded` by default.
  public func discard(_ gate: String, reason: String = "discarded") {
    let dropped = state.withLock { $0.parked.removeValue(forKey: gate) ?? [] }
    for held in dropped { drop(held, because: "\(reason) (parked until '\(gate)')") }
  }

  // MARK: - Deferred links

  /// Asks `source` once for the link that brought the user to install the app, and sends it
  /// through the inbox with the ``Origin/deferred(source:)`` origin.
  ///
  /// The source is asked only the first time `ledger` lets it claim the source's name (once per
  /// install, with a ledger that persists), and once per inbox. A link older than `maxAge`
  /// or past its own expiry is dropped as expired; a source that fails gives a `dropped` event
  /// and releases its claim, so the next launch asks again, unless it throws a
  /// ``DeferredLinkRefusal`` (there is no link and never will be), whose reason the event gives.
  ///
  /// - Parameters:
  ///   - source: Where the link comes from; the ledger claims its ``DeferredLinkSource/name``.
  ///   - ledger: Remembers which sources were asked; with one that outlives the process, a
  ///     source is asked once per install.
  ///   - maxAge: How long after ``DeferredLink/created`` the link is still opened; one day by
  ///     default. A link with no creation date is never too old.
  /// - Returns: The number of the link's events, or `nil` when no link was received.
  @discardableResult
  public func receiveDeferredLink(
    from source: some DeferredLinkSource, ledger: some DeferredLinkLedger, maxAge: Duration = .seconds(86_400)
  ) async -> UInt64? {
    let first = state.withLock { $0.deferredSources.insert(source.name).inserted }
    guard first, ledger.claim(source.name) else { return nil }
    let origin = Origin.deferred(source: source.name)
    let found: DeferredLink?
    do {
      found = try await source.deferredLink()
    } catch let refusal as DeferredLinkRefusal {
      // No link now or later: the claim stays, so the source is not asked again.
      report(
        RouteEvent(
          openID: router.router.hub.nextOpenID(), phase: .dropped, url: "", origin: origin,
          reason: refusal.reason, timestamp: now()))
      return nil
    } catch {
      ledger.release(source.name)
      report(
        RouteEvent(
          openID: router.router.hub.nextOpenID(), phase: .dropped, url: "", origin: origin,
          reason: "the deferred link source '\(source.name)' failed: \(error)", timestamp: now()))
      return nil
    }
    guard let deferred = found else { return nil }
    var withCampaign = origin
    withCampaign.campaign = deferred.campaign
    let moment = now()
    let expired =
      deferred.expires.map { $0 < moment } ?? false
      || deferred.created.map { moment.timeIntervalSince($0) > Self.seconds(maxAge) } ?? false
    guard !expired else {
      let openID = router.router.hub.nextOpenID()
      report(RouteEvent(openID: openID, phase: .received, url: deferred.link, origin: withCampaign, timestamp: moment))
      report(
        RouteEvent(
          openID: openID, phase: .dropped, url: deferred.link, origin: withCampaign,
          reason: "expired: the deferred link is older than \(maxAge)", timestamp: moment))
      return openID
    }
    return receive(deferred.link, origin: withCampaign)
  }

  // MARK: - The pipeline

  /// Takes a link in: the path of every way in.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: Its door.
  ///   - extras: In-process values.
  ///   - id: What identifies the arrival at its door.
  ///   - delivery: Which delivery of the identified arrival this is (a notification's delivery
  ///     date): two of one identifier are one only when neither or both name the same delivery.
  ///   - completesWhenParked: Whether `completion` hears the screen shown when the link is parked.
  ///   - waitsWhenParkedUnshown: With `completesWhenParked`, whether a park whose screen could not
  ///     be shown leaves `completion` to how the link itself ends.
  ///   - given: The number the link was given already (a screen's link the router was asked
  ///     about first); `nil` for a new one.
  ///   - resolvedShortLink: Whether `link` is what the link service answered for a short link
  ///     received before: its `received` event is out already, and it is no short link again.
  ///   - completion: Hears how the link ended.
  /// - Returns: The number every event of the link carries.
  func accept(
    _ link: String, origin: Origin, extras: [String: any Sendable], id: String?, delivery: String? = nil,
    completesWhenParked: Bool = false, waitsWhenParkedUnshown: Bool = false, openID given: UInt64? = nil,
    resolvedShortLink: Bool = false, completion: Completion?
  ) -> UInt64 {
    let router = router.router
    let openID = given ?? router.hub.nextOpenID()
    let moment = now()
    // A link over the router's length limit is read no further: the router refuses it anyway.
    let readable = link.utf8.count <= router.options.maxURLLength
    var (url, origin) = readable ? prepare(link, origin: origin) : (link, origin)
    var short = ShortLinkArrival.none
    if readable, !resolvedShortLink, let shortLinks = policy.shortLinks {
      (url, origin, short) = expand(url, origin: origin, in: shortLinks, router: router)
    }
    if !resolvedShortLink {
      report(RouteEvent(openID: openID, phase: .received, url: link, origin: origin, timestamp: moment))
    }
    let held = Held(
      openID: openID, url: url, origin: origin, received: moment, extras: extras, completion: completion,
      completesWhenParked: completesWhenParked, waitsWhenParkedUnshown: waitsWhenParkedUnshown)
    // One identifier space per door: a notification's request identifier is its id whichever
    // recipe hands it over (the scene's connection options, the notification center's delegate,
    // `id:` or only the origin), so a launching tap reported both ways opens once.
    let identifier = id ?? (origin.kind == "notification" ? origin.details["identifier"] : nil)
    // The app's own links are never taken for a second report of a tap (two windows may each
    // open their first screen); only an identifier makes them duplicates.
    let key = identifier.map { "id \(origin.kind) \($0)" } ?? (origin.isExternal ? "\(origin.kind) \(link)" : nil)
    let window = Self.seconds(identifier == nil ? policy.duplicateInterval : policy.identifiedDuplicateInterval)
    switch (short, policy.shortLinks) {
    case (.missing(let code, let web), let shortLinks?):
      resolve(held, code: code, web: web, in: shortLinks)
      return openID
    case (.removed(let code), _):
      drop(held, because: "the short link '\(code)' was removed (the link service's change feed says so)")
      return openID
    default: break
    }
    let decision = admit(held, key: key, delivery: identifier == nil ? nil : delivery, window: window)
    switch decision {
    case .duplicate(let earlier):
      drop(held, because: "\(Self.duplicateReason)\(earlier)")
    case .queued(let superseded, let waits, let reason, let drain):
      let supersededAtOnce = superseded.contains { $0.openID == openID }
      // An open of the table's, unless this very link was superseded at once.
      if case .found(let link) = short, !supersededAtOnce {
        policy.shortLinks?.service?.recordOpen(of: link, source: origin.kind, at: moment)
      }
      if waits, !supersededAtOnce {
        report(RouteEvent(openID: openID, phase: .waited, url: url, origin: origin, reason: reason, timestamp: moment))
      }
      for old in superseded {
        drop(old, because: old.openID == openID ? "superseded: an earlier link waits" : "superseded by #\(openID)")
      }
      if drain { drainInTask() }
    }
    return openID
  }

  /// `url` as `table` has it: the link a short link stands for (with its code in the origin's
  /// details), or `url` itself, and the code and `#web` form of a link on the site the table
  /// lacks.
  private func expand(_ url: String, origin: Origin, in table: ShortLinks, router: Router) -> (
    String, Origin, ShortLinkArrival
  ) {
    switch table.lookup(url) {
    case .notShort:
      return (url, origin, .none)
    case .found(let short):
      var origin = origin
      origin.details["shortLink"] = short.code
      let (expanded, prepared) = prepare(short.url, origin: origin)
      return (expanded, prepared, .found(short))
    case .missing(let code, let web):
      // A path one of the app's own routes takes (an internal one too, which the router then
      // refuses from outside) is no short link.
      return (url, origin, router.resolve(url, origin: .internal).route == nil ? .missing(code: code, web: web) : .none)
    case .removed(let code):
      return (url, origin, router.resolve(url, origin: .internal).route == nil ? .removed(code: code) : .none)
    }
  }

  /// What an arriving link is to the short links table.
  private enum ShortLinkArrival {
    /// No short link (or one of the app's own paths).
    case none
    /// A short link of the table (or of its change feed), opening `link`.
    case found(ShortLink)
    /// A code the table lacks, asked of the service.
    case missing(code: String, web: String)
    /// A code the change feed removed.
    case removed(code: String)
  }

  /// Whether a link from outside arrived after the link `openID` (within the duplicate windows'
  /// memory of 256 arrivals): the user's later tap, which a short link still being resolved must
  /// not take the place of.
  func hasExternalArrival(after openID: UInt64) -> Bool {
    state.withLock { $0.recent.contains { $0.openID > openID } }
  }

  /// What becomes of an arriving link: a duplicate of one seen under its key within the
  /// duplicate window, or queued (to open at once when the app is ready, else to wait as the
  /// waiting rule says, superseding the links it supersedes).
  private enum Admission {
    case duplicate(of: UInt64)
    case queued(superseded: [Held], waits: Bool, reason: String, drain: Bool)
  }

  /// Takes `held` in, under the lock; see ``Admission``.
  private func admit(_ held: Held, key: String?, delivery: String?, window: Double) -> Admission {
    state.withLock { state -> Admission in
      if let key {
        if let earlier = state.recent.last(where: {
          $0.key == key && held.received.timeIntervalSince($0.at) <= window
            && ($0.delivery == nil || delivery == nil || $0.delivery == delivery)
        }) {
          return .duplicate(of: earlier.openID)
        }
        state.recent.append((key, held.received, held.openID, delivery))
        if state.recent.count > 256 { state.recent.removeFirst(state.recent.count - 256) }
      }
      guard !state.isReady else {
        state.waiting.append(held)
        return .queued(superseded: [], waits: false, reason: "", drain: startDraining(&state))
      }
      // The app's own links (its first screen) never compete with the user's.
      let competing = held.origin.isExternal ? state.waiting.filter(\.origin.isExternal) : []
      var superseded: [Held] = []
      switch policy.waitingRule {
      case _ where !held.origin.isExternal:
        state.waiting.append(held)
      case .newestWins:
        superseded = competing
        state.waiting = state.waiting.filter { !$0.origin.isExternal } + [held]
      case .firstWins:
        if competing.isEmpty { state.waiting.append(held) } else { superseded = [held] }
      case .keepAll(let limit):
        state.waiting.append(held)
        let over = competing.count + 1 - max(limit, 1)
        if over > 0 {
          superseded = Array(competing.prefix(over))
          let gone = Set(superseded.map(\.openID))
          state.waiting.removeAll { gone.contains($0.openID) }
        }
      }
      return .queued(superseded: superseded, waits: true, reason: state.notReadyReason, drain: false)
    }
  }

  /// The URL the router sees and the origin: a widget's mark read and taken off, and an external
  /// link's campaign items read into the origin (the URL keeps them, so a signature over it
  /// still holds; requests leave them out, see ``RouteRequest/query``).
  func prepare(_ link: String, origin: Origin) -> (String, Origin) {
    var origin = origin
    var text = LinkText(link)
    if let mark = text.remove(where: { $0.name == WidgetMark.name }).last,
      origin.kind == "external" || origin.kind == "universalLink"
    {
      origin = .widget(kind: mark.value)
    }
    guard origin.isExternal, let items = text.items else { return (text.string, origin) }
    let keys = policy.campaignKeys
    for raw in items {
      guard let item = LinkText.decode(raw), item.name.hasPrefix("utm_") || keys.contains(item.name),
        origin.campaign[item.name] == nil
      else { continue }
      origin.campaign[item.name] = item.value
    }
    return (text.string, origin)
  }

  /// Whether the app is ready and no link waits or opens: one opened now keeps its turn.
  var isIdle: Bool {
    state.withLock { $0.isReady && !$0.draining && $0.waiting.isEmpty }
  }

  /// Whether a drainer should start; marks one as running when so.
  private func startDraining(_ state: inout State) -> Bool {
    guard state.isReady, !state.draining, !state.waiting.isEmpty else { return false }
    state.draining = true
    return true
  }

  private func drainInTask() {
    Task { await drain() }
  }

  /// Opens the waiting links one after another until none is left or the app stops being ready.
  private func drain() async {
    let maxWait = Self.seconds(policy.maxWait)
    while true {
      let next = state.withLock { state -> Held? in
        guard state.isReady, !state.waiting.isEmpty else {
          state.draining = false
          return nil
        }
        return state.waiting.removeFirst()
      }
      guard let held = next else { return }
      let waited = now().timeIntervalSince(held.received)
      if waited > maxWait {
        drop(held, because: "expired: it waited \(Int(waited)) s, longer than \(policy.maxWait)")
        continue
      }
      let outcome = await open(held)
      // A delivery that failed leaves no mark: the same link or tap reported again (a scene
      // connected for it, say) is a delivery of its own, not a duplicate (fourth adapter review,
      // E1).
      if case .failure = outcome.result, outcome.parked == nil { forgetArrival(held.openID) }
      if let parked = outcome.parked {
        watch(outcome.result, shownFor: parked, openID: held.openID)
        if held.completesWhenParked {
          if case .failure = outcome.result, held.waitsWhenParkedUnshown {
            // The sign-in screen could not be shown: the parked link keeps the completion.
            handParkedCompletion(held, gate: parked.gate, otherwise: outcome.result)
          } else {
            hadParkResult(held.openID, gate: parked.gate)
            held.completion?(outcome.result)
          }
        }
      } else {
        held.completion?(outcome.result)
      }
    }
  }

  /// Opens `held` through the router; a link a middleware parks is kept the moment it parks,
  /// so it stays parked even when showing the screen it waits behind (sign-in) then fails.
  private func open(_ held: Held) async -> (result: Result<RouteResult, RoutingError>, parked: ParkedLink?) {
    var parked: ParkedLink?
    let keep: (ParkedLink) -> Void = { parking in
      parked = parking
      // Its completion now waits for how the link itself ends (unless it heard the park).
      var kept = Held(
        openID: held.openID, url: parking.url, origin: parking.origin, received: self.now(), extras: parking.extras,
        completion: held.completesWhenParked ? nil : held.completion)
      kept.completionOnItsWay = held.completesWhenParked && held.waitsWhenParkedUnshown
      self.state.withLock { $0.parked[parking.gate, default: []].append(kept) }
      let limit = self.policy.maxParked
      Task { [weak self] in
        try? await Task.sleep(for: limit)
        self?.expireParked(held.openID, gate: parking.gate)
      }
    }
    do throws(RoutingError) {
      let result = try await router.router.open(
        held.url, origin: held.origin, extras: held.extras, openID: held.openID, parking: keep)
      return (.success(result), parked)
    } catch {
      return (.failure(error), parked)
    }
  }

  /// Watches the screen shown in place of `parked` for leaving while the gate holds.
  ///
  /// The screen is the sign-in screen's module, when the result holds one; the link `openID` is
  /// then dropped with the reason (the user cancelled, or a link took its place). The app closing the screen
  /// after sign-in (`leavesPastGate`) drops nothing.
  private func watch(_ result: Result<RouteResult, RoutingError>, shownFor parked: ParkedLink, openID: UInt64) {
    guard case .success(let shown) = result, case .value(let value) = shown.outcome,
      let module = value as? ShownModule
    else { return }
    let (gate, stillClosed, stillClosedNow) = (parked.gate, parked.stillClosed, parked.stillClosedNow)
    Task { @MainActor in
      let screen = module.screen.id
      module.whenRemoved { tookOff in
        guard !module.leavesPastGate else { return }
        let reason = Self.gateScreenReason(tookOff: tookOff, cause: module.lastChangeCause, screen: screen)
        if let stillClosedNow {
          // Decided now, on the session as it is while the screen leaves.
          if stillClosedNow() { self.dropParked(openID, gate: gate, because: reason) }
          return
        }
        Task { await self.gateScreenLeft(gate, openID: openID, reason: reason, stillClosed: stillClosed) }
      }
    }
  }

  func drop(_ held: Held, because reason: String) {
    report(
      RouteEvent(
        openID: held.openID, phase: .dropped, url: held.url, origin: held.origin, reason: reason, timestamp: now()))
    let error = RoutingError(.dropped, "'\(held.url)' was not opened: \(reason)", url: held.url)
    if held.completionOnItsWay { state.withLock { $0.endedOnItsWay[held.openID] = error } }
    held.completion?(.failure(error))
  }

  func report(_ event: RouteEvent) {
    router.router.emit(event)
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
