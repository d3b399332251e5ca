#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LinkInbox {
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
  func expand(_ url: String, origin: Origin, in table: ShortLinks, router: Router) -> (
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
  enum ShortLinkArrival {
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
  enum Admission {
    case duplicate(of: UInt64)
    case queued(superseded: [Held], waits: Bool, reason: String, drain: Bool)
  }

  /// Takes `held` in, under the lock; see ``Admission``.
  func admit(_ held: Held, key: String?, delivery: String?, window: Double) -> Admission {
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
  func startDraining(_ state: inout State) -> Bool {
    guard state.isReady, !state.draining, !state.waiting.isEmpty else { return false }
    state.draining = true
    return true
  }

  func drainInTask() {
    Task { await drain() }
  }

  /// Opens the waiting links one after another until none is left or the app stops being ready.
  func drain() async {
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
  func open(_ held: Held) async -> (result: Result<RouteResult, RoutingError>, parked: ParkedLink?) {
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
  func watch(_ result: Result<RouteResult, RoutingError>, shownFor parked: ParkedLink, openID: UInt64) {
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

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
