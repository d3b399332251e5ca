public import Observation

/// Shows modules: makes them through a ``ModuleRegistry`` and shows them on a ``Navigator``,
/// returning a ``ShownModule`` that can remove them again.
///
/// ```swift
/// let coordinator = ScreenCoordinator(registry: registry, navigator: HeadlessNavigator())
/// let list = try await coordinator.show(NoteList.self, .replaceRoot)
/// let editor = try await coordinator.show(
///   NoteEditor.self, .push, parameters: ["id": "42"], configuration: NoteEditorConfiguration.self
/// ) { $0.noteID = 42 }
/// try await editor.remove()   // pops, without the caller knowing it was a push
/// ```
///
/// Order: the presentation and the source are checked, then the factory, the module's prepare,
/// the caller's prepare, `didMake`, then `willShow` and `didShow`. A refused presentation
/// or source makes nothing and sends one `failedToShow`.
///
/// When the navigator is `@Observable` (``HeadlessNavigator`` is), the screen coordinator watches
/// it and moves the shown modules whose screens were taken off by something else to `removed`; with
/// another navigator, call ``refreshShownModules()`` after changing it.
///
/// It is `@Observable` so SwiftUI can hand it down the view hierarchy
/// (`.environment(coordinator)`, `@Environment(ScreenCoordinator.self)`); what changes is its
/// navigator's state.
@MainActor
@Observable
public final class ScreenCoordinator {
  /// Where modules come from.
  public let registry: ModuleRegistry
  /// Where they are shown.
  public let navigator: any Navigator
  /// What a link does when something is presented, unless its route says otherwise
  /// (``Placement/presented``): `keep` (the default) shows it over the top.
  public var presentedPolicy: PresentedPolicy = .keep
  @ObservationIgnored private var lastNumber = 0
  /// The modules shown here that are still alive, to tell them when their screens leave.
  @ObservationIgnored private var shownModules: [WeakShown] = [] {
    didSet { settledOn = nil }
  }
  /// The navigator's state the shown modules were last settled on; `nil` once a module was added.
  @ObservationIgnored private var settledOn: NavigationState?
  /// The state the window is to start on, not shown yet: the first link is placed on it, and
  /// the navigator reaches both in one plan (see ``startOn(_:)``).
  @ObservationIgnored package internal(set) var pendingStart: NavigationState?
  /// The screens' own closes asked and not yet carried out (``close(_:window:)``): a link opened
  /// meanwhile waits for its turn after them, never within the caller's (independent read, U1).
  @ObservationIgnored package internal(set) var closesUnderWay = 0
  /// Why a link's screen may not be placed now though its gate let it through (the user signed
  /// out since), asked in the navigator's turn; the window list (``WindowCoordinators``) sets it.
  @ObservationIgnored package var refusesLink: (@MainActor (RouteRequest, String) -> String?)?

  /// Says the window starts on `state` (its first state, or a restored one), not shown yet.
  ///
  /// The first link then opens on it, in one plan of the navigator, so none of its screens is
  /// shown before the link's. ``showPendingStart()`` shows it when no link came.
  package func startOn(_ state: NavigationState) {
    pendingStart = state
  }

  /// The state a window starts on as the app's sign-in gates are when it is taken, in the
  /// navigator's turn (the user may have signed in or out while it waited: independent read,
  /// W1); the app sets it (`WaypointApp.addWindow`), and `nil` takes the state as it is.
  @ObservationIgnored package var startAsGatesAre: (@MainActor (NavigationState) -> NavigationState)?

  /// ``pendingStart`` as the gates are now.
  var startNow: NavigationState? { pendingStart.map { startAsGatesAre?($0) ?? $0 } }

  /// Says the window starts on `state` instead of what ``startOn(_:)`` said, unless a link
  /// opened on that already: what a window is restored to can be known only after it opened (an
  /// asynchronous gate's answer), and a link that reached the window meanwhile keeps it, as a
  /// launch link does (independent read, U5).
  package func settleStart(on state: NavigationState) {
    guard pendingStart != nil else { return }
    pendingStart = state
  }

  /// Destinations made before the window's first plan (to know each screen can be made), by
  /// screen id; ``destination(for:)`` hands each one over once.
  @ObservationIgnored package var prebuilt: [String: MadeModule] = [:]

  /// Shows the state ``startOn(_:)`` set, unless a link already opened on it.
  package func showPendingStart() async throws(NavigationError) {
    // What was made for the first state and not shown (a launch link took the window) goes.
    defer { prebuilt = [:] }
    guard pendingStart != nil else { return }
    // Decided in the navigator's turn: a link placed before it took the state already.
    _ = try await navigator.carryOut { base in
      let state = self.startNow ?? base
      self.pendingStart = nil
      return NavigationPlan(from: base, to: state)
    }
    refreshShownModules()
  }

  /// A screen coordinator over `registry` and `navigator`.
  ///
  /// - Parameters:
  ///   - registry: Where the modules it shows are made.
  ///   - navigator: What shows them: the coordinator watches it when it is `@Observable`, and
  ///     becomes the destination source of a navigator that makes screens again.
  public init(registry: ModuleRegistry, navigator: any Navigator) {
    self.registry = registry
    self.navigator = navigator
    (navigator as? any RebuildingNavigator)?.destinationSource = self
    watchNavigator()
  }

  /// Makes and shows `key`'s module.
  ///
  /// - Parameters:
  ///   - key: The module's key.
  ///   - presentation: How to show it.
  ///   - source: The screen to show it from; `nil` for the top screen.
  ///   - parameters: Parameters to keep on the screen and the shown module.
  ///   - prepare: The caller's preparation of the made module, after the module's own; kept to
  ///     prepare a new destination when the module is shown again.
  /// - Returns: The shown module, which can remove the module later.
  /// - Throws: `unsupportedPresentation` when the module does not allow `presentation`, the
  ///   navigator's `invalidSource`…, or `moduleFailed` with the ``ModuleError`` of making the
  ///   module as its `underlying`.
  public func show<Key>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    prepare: @escaping (inout Key) throws -> Void = { _ in }
  ) async throws(NavigationError) -> ShownModule {
    let registry = self.registry
    return try await showModule(ModuleKey(key), presentation, from: source, parameters: parameters, routeName: nil) {
      MadeModule(try registry.make(key, chain: [], configure: nil, prepare: prepare))
    }
  }

  /// Makes `key`'s module with a configuration the caller fills, and shows it.
  ///
  /// The configuration's type is named, so the configuring closure is never taken for `prepare`:
  /// `show(NoteList.self, .push, configuration: NoteListConfiguration.self) { $0.folder = "Inbox" }`.
  ///
  /// - Parameters:
  ///   - key: The module's key.
  ///   - presentation: How to show it.
  ///   - source: The screen to show it from; `nil` for the top screen.
  ///   - parameters: Parameters to keep on the screen and the shown module.
  ///   - configuration: The module's configuration type, as registered.
  ///   - configure: Fills the configuration before the module is made; kept, as `prepare` is,
  ///     to make a new destination when the module is shown again.
  ///   - prepare: The caller's preparation of the made module, after the module's own.
  /// - Returns: The shown module, which can remove the module later.
  /// - Throws: What ``show(_:_:from:parameters:prepare:)`` throws.
  public func show<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    configuration: Configuration.Type, _ configure: @escaping (inout Configuration) -> Void,
    prepare: @escaping (inout Key) throws -> Void = { _ in }
  ) async throws(NavigationError) -> ShownModule {
    let registry = self.registry
    return try await showModule(ModuleKey(key), presentation, from: source, parameters: parameters, routeName: nil) {
      MadeModule(try registry.make(key, chain: [], configuring: configure, prepare: prepare))
    }
  }

  /// Makes and shows the module registered as `target`; with a `request`, the module's
  /// binding fills its configuration from it.
  ///
  /// - Parameters:
  ///   - target: The target the module is registered as (a manifest route's `target`).
  ///   - presentation: How to show it.
  ///   - source: The screen to show it from; `nil` for the top screen.
  ///   - parameters: Parameters to keep on the screen and the shown module.
  ///   - request: The request whose values the module's binding reads, and whose route and URL
  ///     the screen keeps; `nil` (the default) binds nothing.
  /// - Returns: The shown module, which can remove the module later.
  /// - Throws: What ``show(_:_:from:parameters:prepare:)`` throws; `moduleFailed` around
  ///   `notRegistered` for an unknown target, or `bindingFailed` when the request does not fill
  ///   the configuration.
  public func show(
    target: String, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    request: RouteRequest? = nil
  ) async throws(NavigationError) -> ShownModule {
    let key: ModuleKey
    do {
      key = try registry.key(for: target)
    } catch {
      throw NavigationError.showing(error)
    }
    let registry = self.registry
    let configure = registry.configure(key, from: request)
    return try await showModule(
      key, presentation, from: source, parameters: parameters, routeName: request?.route.map { $0.name ?? $0.pattern },
      link: request?.url.string
    ) {
      try registry.observedInstance(key, configure: configure)
    }
  }

  /// Shows an instance made elsewhere (a view controller from a storyboard, a screen a parent
  /// built) as `key`'s module, so it gets a ``ShownModule``, events and removal like any other.
  ///
  /// Nothing is made, so no make events are sent. The module holds the instance as it holds a
  /// made one; showing it again after the instance was released fails with `screenGone`.
  ///
  /// - Parameters:
  ///   - instance: What was made elsewhere; the module holds it as it holds a made one.
  ///   - key: The registered module it is shown as.
  ///   - presentation: How to show it.
  ///   - source: The screen to show it from; `nil` for the top screen.
  ///   - parameters: Parameters to keep on the screen and the shown module.
  /// - Returns: The shown module, which can remove the module later.
  /// - Throws: What ``show(_:_:from:parameters:prepare:)`` throws; `moduleFailed` around
  ///   `notRegistered` for a key the registry does not know, whose screen could not be made
  ///   again later (a restored state).
  public func show<Key>(
    _ instance: Key, as key: Key.Type, _ presentation: Presentation, from source: String? = nil,
    parameters: [String: String] = [:]
  ) async throws(NavigationError) -> ShownModule {
    guard registry.registrations[ModuleKey(key)] != nil else {
      let error = NavigationError.showing(
        ModuleError(
          .notRegistered,
          "'\(ModuleKey(key))' is not registered, so its screen could not be made again; register it to show an "
            + "instance of it", module: ModuleKey(key).name))
      // The key is known, so the observers hear the refusal as the module's lone event.
      notifier(for: ModuleKey(key))(.failedToShow, error)
      throw error
    }
    return try await showModule(
      ModuleKey(key), presentation, from: source, parameters: parameters, routeName: nil,
      made: MadeModule(instance), make: nil)
  }

  /// Takes in a change the UI made on its own, and moves the shown modules whose screens left to
  /// `removed` at once, each with one `didRemove`; returns the screens that left.
  ///
  /// ```swift
  /// // the user swiped back from the editor
  /// try coordinator.reconcile(.poppedTo(screen: list.screen.id))
  /// editor.state        // .removed; try await editor.remove() throws screenGone
  /// ```
  ///
  /// - Throws: `invalidEdit` from ``Navigator/reconcile(_:)``; nothing changes then.
  @discardableResult
  public func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] {
    let gone = try navigator.reconcile(edit)
    refreshShownModules()
    return gone
  }

  /// The destination a live module shown here holds for the screen `id`; makes nothing.
  package func shownDestination(of id: String) -> MadeModule? {
    shownModules.lazy.compactMap(\.module).first { $0.screen.id == id && $0.state == .shown }?.heldDestination
  }

  /// The live modules shown here.
  var liveModules: [ShownModule] { shownModules.compactMap(\.module) }

  /// Keeps `module` (one a link found already shown) so it hears when its screen leaves.
  func track(_ module: ShownModule) {
    shownModules.append(WeakShown(module: module, kept: module.state == .shown && !module.isMakeOnly ? module : nil))
  }

  /// The shown module whose destination is the object `destination`, while it is shown: how a
  /// screen finds its own shown module to close itself (see `WaypointApp.close(_:)`).
  func shownModule(showing destination: AnyObject) -> ShownModule? {
    liveModules.first { $0.state == .shown && $0.destination(as: AnyObject.self) === destination }
  }

  /// Moves every module shown here whose screen is no longer shown to `removed`.
  ///
  /// Runs by itself after each change of an `@Observable` navigator, and after each removal.
  /// A module whose screen is shown is kept alive here until it leaves, even when whoever showed
  /// it (a link's caller) let it go, so the screen can still be found and closed.
  public func refreshShownModules() {
    // A plan publishes once, and is heard twice (the change's own end, the observation of the
    // navigator): the second time finds nothing new.
    let shown = navigator.state
    guard shown != settledOn else { return }
    shownModules.removeAll { $0.module == nil }
    for entry in shownModules { entry.module?.settle() }
    for index in shownModules.indices {
      let module = shownModules[index].module
      shownModules[index].kept = module?.state == .shown && module?.isMakeOnly == false ? module : nil
    }
    settledOn = shown
  }

  // MARK: - Showing

  /// Makes `key`'s module for a screen this coordinator places itself (a link's root, a
  /// restored screen), configured from `request`: marked as started on the main actor, as every
  /// make of a screen is, so a main-actor factory runs wherever the main actor's executor is.
  func makeScreenModule(_ key: ModuleKey, from request: RouteRequest?) throws -> MadeModule {
    let configure = registry.configure(key, from: request)
    let registry = self.registry
    return try ModuleRegistry.startOnMainActor { try registry.observedInstance(key, configure: configure) }
  }

  private func showModule(
    _ key: ModuleKey, _ presentation: Presentation, from source: String?, parameters: [String: String],
    routeName: String?, link: String? = nil, made: MadeModule? = nil,
    make: (@MainActor () throws -> MadeModule)?
  ) async throws(NavigationError) -> ShownModule {
    let notify = notifier(for: key)
    if let refusal = registry.refusal(of: presentation, for: key) {
      let error = NavigationError(.unsupportedPresentation, refusal)
      notify(.failedToShow, error)
      throw error
    }
    let name = registry.screenName(of: key)
    let screen = Screen(
      id: "\(name)#\(nextNumber())", target: name, parameters: parameters, route: routeName, link: link)
    let shown = ShownModule(
      screen: screen, presentation: presentation, source: source, key: key, made: made, make: make,
      navigator: navigator, notify: notify)
    try await shown.show()
    shownModules.append(WeakShown(module: shown))
    refreshShownModules()
    return shown
  }

  /// Sends `key`'s route events to the registry's observers.
  func notifier(for key: ModuleKey) -> @MainActor (ModuleEvent.Phase, (any Error)?) -> Void {
    let target = registry.registrations[key]?.target
    let registry = self.registry
    return { [weak self] phase, error in
      if !registry.storage.observers.isEmpty {
        registry.notify(ModuleEvent(phase: phase, key: key, target: target, requester: nil, error: error))
      }
      // Removing one route can take others' screens with it (a dismissed sheet's stack).
      if phase == .didRemove { self?.refreshShownModules() }
    }
  }

  /// Watches an `@Observable` navigator's state, and refreshes the shown modules after each change.
  private func watchNavigator() {
    withObservationTracking {
      _ = navigator.state
    } onChange: { [weak self] in
      Task { @MainActor in
        self?.refreshShownModules()
        self?.watchNavigator()
      }
    }
  }

  /// A screen number never used before by this navigator, and above every number shown (so
  /// numbers stay unique after a restore): a stale shown module can never match a new screen.
  func nextNumber() -> Int {
    let shown = navigator.state.allScreens.compactMap { screen in
      screen.id.split(separator: "#").last.flatMap { Int($0) }
    }
    lastNumber = max(lastNumber, shown.max() ?? 0) + 1
    return lastNumber
  }
}

/// A module shown here: kept alive while its screen is shown (``kept``), and watched weakly
/// after, so a removed module lives only as long as its caller keeps it.
private struct WeakShown {
  weak var module: ShownModule?
  var kept: ShownModule?
}
