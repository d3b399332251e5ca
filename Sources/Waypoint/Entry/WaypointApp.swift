#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An app's navigation in one object: its routes, its screens and its first state, made into
/// the module registry, the router, the link inbox and one screen coordinator per window, in the
/// order that works, and kept alive for as long as the app holds it.
///
/// ```swift
/// var routes = RouterBuilder()
/// routes.add("notes://note/<int:id>", target: "NoteEditor", tab: "notes", under: ["NoteList"],
///            exposure: .public)
/// let app = try WaypointApp(routes: routes, start: tabs) { screens in
///   screens.registerScreen(NoteListController.self, target: "NoteList") { _ in NoteListController() }
///   screens.registerScreen(NoteEditorController.self, target: "NoteEditor") { _, link in
///     NoteEditorController(id: try link.int("id"))
///   }
/// }
/// try await app.open("notes://note/42")
/// ```
///
/// - **Windows.** `SceneLinks(app:window:session:options:)` (UIKit) and `WaypointHost(app:)`
///   (SwiftUI) open a window each: a ``ScreenCoordinator`` over the window's navigator, starting on
///   ``start``. A link opens in the window it arrived in, else in the one last opened or made
///   active (``activateWindow(_:)``).
/// - **Links.** Every door hands its links to ``inbox``; they wait until the app is ready, which
///   it becomes when its first window shows ``start`` (unless ``readyOnFirstWindow`` is `false`:
///   then call ``setReady(_:reason:)``). ``open(_:origin:window:)-(String,_,_)`` goes through the inbox too.
/// - **Sign-in.** Links a ``SignInGate`` parked open on ``resume(_:)``.
/// - **Notifications.** ``receiveNotification(link:identifier:action:window:completion:)`` is the one way in for a
///   tap, whichever delegate reports it; a tap reported twice (the scene's connection options
///   and the notification center's delegate) opens once.
/// - **Screens reach it.** A factory makes `WaypointApp` from its resolver
///   (`try resolver.make(WaypointApp.self)`) to open links and ``close(_:)`` its own screen,
///   without a global.
/// - **Checked when built.** A route whose target no screen has, whose tab ``start`` lacks, or
///   whose screen takes a configuration no binding fills from the link (it would open with its
///   defaults) is a `BuildError`, as is every problem of the routes and screens themselves.
///
/// The parts stay public: ``registry``, ``router``, ``inbox`` and ``windows`` for what the app
/// object does not say.
@MainActor
public final class WaypointApp {
  /// The window a single-window app opens, and the one `open` uses when no window is named.
  public static let mainWindow = "main"

  /// Where every window's screens come from.
  public let registry: ModuleRegistry
  /// The router every link goes through.
  public nonisolated let router: RouterHolder
  /// Where every door's links wait until the app is ready.
  public nonisolated let inbox: LinkInbox
  /// The screen coordinator of each open window.
  public let windows: WindowCoordinators
  /// Which screens the user sees in every open window, and why that changed: screen events for
  /// analytics, breadcrumbs, traces and metrics, their parameters redacted as link events are.
  public let screenViews: ScreenViews
  /// The state every window starts on: the tab bar, or the first screen.
  public let start: NavigationState
  /// What a link does when a window shows a sheet or another presentation, unless its route
  /// says otherwise.
  ///
  /// ``PresentedPolicy/dismiss`` by default, since a link from outside names where the user
  /// should be (its tab, the screens under it), which a sheet over the tab bar would hide. Each
  /// window opened after a change takes it.
  public var presentedPolicy: PresentedPolicy = .dismiss
  /// Whether the app becomes ready (opens the links that waited) when its first window shows
  /// ``start``; `false` for an app that first has to load something, which then calls
  /// ``setReady(_:reason:)``.
  public var readyOnFirstWindow = true
  /// Whether a window said it shows ``start``, which made the app ready once.
  private var firstWindowShown = false
  /// Whether links wait because the last window closed: the next window shown lets them open.
  private var waitsForAWindow = false
  /// The badges on the tabs, which every window shows.
  package let tabBadges: TabBadges
  /// The routes' sign-in gates, which a restored state's screens pass before they are shown.
  let gates: [SignInGate]
  #if canImport(UserNotifications) && !os(tvOS)
  /// How the UI adapter reads the scene a notification response targets, once it set it.
  package nonisolated let notificationScene = Locked<NotificationSceneReader?>(nil)
  #endif

  /// Makes the app.
  ///
  /// - Parameters:
  ///   - routes: The routes (in code, from a manifest or typed links), middleware and
  ///     observers; the app registers a handler for each screen's target.
  ///   - start: The state every window starts on; its tab ids are the ones routes may name.
  ///   - policy: How the inbox waits, drops and reads campaigns.
  ///   - screens: Registers the screens (`registerScreen(_:target:factory:)` of ``ModuleRegistryBuilder``)
  ///     and any other module.
  /// - Throws: A `BuildError` with every problem: the registry's, the router's (a target no
  ///   screen has is `missingHandler`), `unknownTab` for a route's tab that `start` lacks,
  ///   `notRegistered` for a screen a route's `under` names that no screen registers, and
  ///   `missingConfiguration` for a route to a screen that would never see the link's values: its
  ///   configuration no binding fills (it would open with its defaults, whatever the link says),
  ///   or it is made without the link and the route's pattern gives it values.
  public init(
    routes: RouterBuilder = RouterBuilder(), start: NavigationState = NavigationState(),
    policy: LinkInbox.Policy = .init(), screens: (inout ModuleRegistryBuilder) -> Void
  ) throws(BuildError) {
    let holder = AppHolder()
    var builder = ModuleRegistryBuilder()
    builder.register(WaypointApp.self, scope: .shared) { _ in
      guard let app = holder.app else {
        throw ModuleError(.factoryFailed, "the WaypointApp is gone", module: "WaypointApp")
      }
      return app
    }
    screens(&builder)
    let registry = try builder.build()
    let windows = WindowCoordinators(registry: registry)
    var routes = routes
    windows.registerTargets(in: &routes)
    let screens = Set(registry.targets)
    let gates = routes.signInGates
    let router: RouterHolder
    do {
      router = try RouterHolder(builder: routes)
    } catch {
      // The routes do not build: their problems, with those of the first state and the gates.
      let declared = routes.allEntries().map(\.route)
      let more =
        Self.startProblems(start, screens: screens)
        + Self.missingNames(in: declared, tabs: start.tabs?.ids, screens: screens).map(\.error)
        + Self.gateProblems(gates, router: nil, screens: screens)
      throw BuildError(error.diagnostics + more.map { Diagnostic(.error, $0) })
    }
    let routesMade = router.router.routes
    let problems: [any WaypointError] =
      Self.startProblems(start, screens: screens)
      + Self.missingNames(in: routesMade, tabs: start.tabs?.ids, screens: screens).map(\.error)
      + Self.gateProblems(gates, router: router.router, screens: screens)
      + Self.unboundScreens(in: routesMade, registry: registry, options: router.router.options)
    guard problems.isEmpty else { throw BuildError(errors: problems) }
    self.registry = registry
    self.windows = windows
    self.router = router
    self.start = start
    self.inbox = LinkInbox(router: router, policy: policy)
    self.screenViews = ScreenViews(redaction: router.router.redaction)
    windows.redaction = router.router.redaction
    self.tabBadges = TabBadges(start: start)
    self.gates = gates
    holder.app = self
    windows.refusalNow = { [weak self] request, target in self?.refusalNow(request, target: target) }
  }

  /// Makes a tab-bar app: every window starts on `tabs`, the first selected.
  ///
  /// ```swift
  /// let app = try WaypointApp(routes: notesRoutes(), tabs: [
  ///   NavigationTab("notes", root: "Notes", title: "Notes", systemImage: "note.text"),
  ///   NavigationTab("settings", root: "Settings", title: "Settings", systemImage: "gear"),
  /// ]) { screens in
  ///   screens.registerScreen(NotesController.self, target: "Notes") { NotesController() }
  ///   screens.registerScreen(SettingsController.self, target: "Settings") { SettingsController() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - routes: The routes, middleware and observers.
  ///   - tabs: The tabs, each with its first screen and its title, image and badge.
  ///   - policy: How the inbox waits, drops and reads campaigns.
  ///   - screens: Registers the screens.
  /// - Throws: What ``init(routes:start:policy:screens:)`` throws.
  public convenience init(
    routes: RouterBuilder = RouterBuilder(), tabs: [NavigationTab], policy: LinkInbox.Policy = .init(),
    screens: (inout ModuleRegistryBuilder) -> Void
  ) throws(BuildError) {
    try self.init(routes: routes, start: NavigationState(tabs: tabs), policy: policy, screens: screens)
  }

  /// The routes to a screen that never sees the link's values: one whose configuration no binding
  /// fills (it would open with its defaults, note 0, whatever the link says), or one made without
  /// the link (`registerScreen(_:target:) { _ in … }`) that a route gives path values to.
  private static func unboundScreens(
    in routes: [RouteDefinition], registry: ModuleRegistry, options: MatchingOptions
  ) -> [ModuleError] {
    routes.compactMap { route in
      guard let target = route.target, let key = try? registry.key(for: target),
        let registration = registry.registrations[key], registry.storage.bindings[key] == nil
      else { return nil }
      let given = (try? RoutePattern(route.pattern, options: options))?.parameterNames ?? []
      if registration.isUnconfigured {
        guard !given.isEmpty else { return nil }
        return ModuleError(
          .missingConfiguration,
          "the route \(route.description) gives '\(target)' its \(given.map { "'\($0)'" }.joined(separator: ", ")), "
            + "which its screen never reads: it is made without the link; register it with a factory that reads "
            + "its link (registerScreen(_:target:) { resolver, link in … }), or take the values out of the pattern",
          module: target)
      }
      let required = registration.configurationType.init().missingValues()
      guard !required.isEmpty || !given.isEmpty else { return nil }
      let lost =
        required.isEmpty
        ? "the link's \(given.map { "'\($0)'" }.joined(separator: ", ")) would never reach it"
        : "its required \(required.map { "'\($0)'" }.joined(separator: ", ")) would never be filled"
      return ModuleError(
        .missingConfiguration,
        "the route \(route.description) opens '\(target)', whose \(registration.configurationType) no binding "
          + "fills: \(lost); bind it (ModuleRegistryBuilder.bind), or register the screen with a factory that "
          + "reads its link",
        module: target)
    }
  }

  // MARK: - Windows

  /// Opens the window `id` over `navigator` (which should start on ``start``: a
  /// `HeadlessNavigator(state: app.start)`, or a UIKit navigator the adapter restores to it),
  /// makes it the last active, and returns its screen coordinator.
  ///
  /// A window open under `id` with another navigator is replaced: UIKit may disconnect a scene
  /// to reclaim memory and connect it again later with the same session, and a new window;
  /// links then open in the new one. The same navigator again keeps the window as it is.
  ///
  /// - Parameters:
  ///   - id: The window's name (a scene session's identifier); ``mainWindow`` by default.
  ///   - navigator: What shows the window's screens; the app's screen views follow it.
  /// - Returns: The window's screen coordinator.
  @discardableResult
  public func addWindow(_ id: String = WaypointApp.mainWindow, navigator: any Navigator) -> ScreenCoordinator {
    if let open = windows.coordinator(for: id) {
      if open.navigator === navigator {
        windows.activate(id)
        return open
      }
      // The screen views go on from what the old window showed (`watch` below).
      windows.close(id)
    }
    // A headless navigator (SwiftUI's) is drawn from its state as it is: a screen a closed gate
    // protects leaves it before any view reads it.
    if let headless = navigator as? HeadlessNavigator {
      let kept = guarded(headless.state)
      if kept != headless.state { headless.showAtOnce(kept) }
    }
    let coordinator = windows.add(id, navigator: navigator)
    coordinator.presentedPolicy = presentedPolicy
    coordinator.startAsGatesAre = { [weak self] state in self?.asGatesAreNow(state) ?? state }
    screenViews.watch(navigator, window: id)
    return coordinator
  }

  /// Makes the window `id` the last active (its scene became active): links that name no window
  /// (a notification tap, an App Intent) open there.
  public func activateWindow(_ id: String) {
    windows.activate(id)
  }

  /// Says the window `id` shows ``start``, or its saved state.
  ///
  /// The first one makes the app ready, when ``readyOnFirstWindow`` (also when the window could
  /// not show its state: links then open on what it shows). A later window, or the same one
  /// appearing again, leaves readiness to the app, so a `setReady(false)` (signing out) is not
  /// undone by a window.
  public func windowIsShown(_ id: String = WaypointApp.mainWindow) {
    if waitsForAWindow, coordinator(for: id) != nil {
      waitsForAWindow = false
      inbox.setReady(true)
    }
    guard readyOnFirstWindow, !firstWindowShown else { return }
    firstWindowShown = true
    inbox.setReady(true)
  }

  /// The state to open a window on from what an earlier run of the app saved for it (the JSON of
  /// ``WindowCoordinators/state(of:)``), or ``start`` when nothing was saved.
  ///
  /// A state saved by an earlier version may name screens, routes, tabs or columns this one no
  /// longer has: what cannot be shown is left out (a screen whose target no screen registers now,
  /// or whose route is gone, with the screens over it; a tab or column ``start`` lacks; a
  /// presented level whose root is left out, with those over it), and each is reported to the
  /// router's observers as a `dropped` event of origin ``Origin/restoredState`` with its reason.
  /// Data that is not a state, a saved root of another kind than ``start``'s, or two screens with
  /// one id start fresh, with one such event. A screen a closed sign-in gate with a main-actor
  /// session protects is kept out as ``lock(_:)`` keeps it out.
  ///
  /// ```swift
  /// let saved = UserDefaults.standard.data(forKey: "window-\(id)")
  /// let navigator = HeadlessNavigator(state: app.restoredState(from: saved))
  /// app.addWindow(id, navigator: navigator)
  /// ```
  public func restoredState(from saved: Data?) -> NavigationState {
    guard let saved else { return guarded(start) }
    let state: NavigationState
    do {
      state = try JSONDecoder().decode(NavigationState.self, from: saved)
    } catch {
      report([.init(reason: "the saved state could not be read (\(error)); the app starts fresh")])
      return guarded(start)
    }
    return restoredState(from: state)
  }

  /// The state to open a window on from a state an earlier run saved; see
  /// ``restoredState(from:)-(Data?)``.
  public func restoredState(from saved: NavigationState) -> NavigationState {
    restoredState(from: saved, leavingOutAsyncGated: false)
  }

  /// The state to open a window on from `saved`; with `leavingOutAsyncGated`, also without the
  /// screens an asynchronous gate protects (a SwiftUI window, drawn before such a gate can be
  /// asked).
  func restoredState(from saved: NavigationState, leavingOutAsyncGated: Bool) -> NavigationState {
    let routes = router.router.routes
    let names = Set(routes.compactMap(\.name) + routes.map(\.pattern))
    let registry = registry
    let (state, leftOut) = saved.restored(onto: start) { screen in
      guard registry.contains(target: screen.target) else {
        return "its screen '\(screen.target)' is not in this version of the app"
      }
      if let route = screen.route, !names.contains(route) { return "its route '\(route)' is gone" }
      return nil
    }
    report(leftOut)
    return guardedRestoring(state ?? start, leavingOutAsyncGated: leavingOutAsyncGated)
  }

  /// Tells the router's observers what of a saved state was left out.
  func report(_ leftOut: [NavigationState.LeftOut]) {
    let router = router.router
    for part in leftOut {
      router.emit(
        RouteEvent(
          openID: router.hub.nextOpenID(), phase: .dropped, url: part.screen?.link ?? "",
          origin: .restoredState,
          reason: part.screen.map { "the saved screen '\($0.id)' is left out: " }.map { $0 + part.reason }
            ?? part.reason))
    }
  }

  /// Closes the window `id` (its scene disconnected); links no longer open there.
  ///
  /// Closing the last window open makes links wait, as when the app is not ready (UIKit may
  /// disconnect a background app's only scene to reclaim memory; a Mac app runs on with every
  /// window closed): a notification tap, an App Intent or a deferred link then opens once, in the
  /// next window shown (``windowIsShown(_:)``), rather than failing (fourth adapter review, E1). A
  /// `setReady(false)` of the app's own is left as it is.
  public func closeWindow(_ id: String) {
    windows.close(id)
    screenViews.stopWatching(window: id)
    tabBadges.forgetClosedWindows()
    // A screen's link still waiting to open in this window never will (independent read, R8).
    inbox.dropWaiting(pinnedTo: id, because: "its window '\(id)' closed before it could open")
    if windows.windowIDs.isEmpty, inbox.isReady {
      waitsForAWindow = true
      inbox.setReady(false, reason: "no window is open")
    }
  }

  /// The screen coordinator of the window `id`.
  public func coordinator(for id: String = WaypointApp.mainWindow) -> ScreenCoordinator? {
    windows.coordinator(for: id)
  }

  // MARK: - Links

  /// Whether links open now rather than wait.
  public var isReady: Bool { inbox.isReady }

  /// Lets the links that waited open (`true`), or makes new ones wait (`false`, with the reason
  /// their `waited` events give).
  ///
  /// - Parameters:
  ///   - ready: Whether links open now.
  ///   - reason: Why links wait, when `ready` is `false`; `nil` says the app is not ready.
  public func setReady(_ ready: Bool, reason: String? = nil) {
    // The app's own word over the wait for a window: a hold of its own is not lifted by the
    // next window shown, and readiness with no window open waits for one (independent read, R6).
    if ready, windows.windowIDs.isEmpty {
      waitsForAWindow = true
      return
    }
    waitsForAWindow = false
    inbox.setReady(ready, reason: reason)
  }

  /// Opens `link` through the inbox (waiting until the app is ready) and returns the result.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - origin: Where it came from; the app's own links are `internal`.
  ///   - window: The window to open it in; `nil` for the one last active.
  /// - Returns: The route that handled it and the handler's value (a shown screen's
  ///   ``ShownModule``).
  /// - Throws: What ``LinkInbox/open(_:origin:extras:id:)-(String,_,_,_)`` throws.
  @discardableResult
  public func open(
    _ link: String, origin: Origin = .internal, window: String? = nil
  ) async throws(RoutingError) -> RouteResult {
    try await inbox.open(link, origin: origin, extras: Self.extras(window: window))
  }

  /// Opens a typed link; see ``open(_:origin:window:)-(String,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link; the inbox opens its ``RoutableLink/url``.
  ///   - origin: Where it came from; the app's own links are `internal`.
  ///   - window: The window to open it in; `nil` for the one last active.
  /// - Returns: The route that handled it and the handler's value (a shown screen's
  ///   ``ShownModule``).
  /// - Throws: What ``RoutableLink/url`` throws for a value no URL can carry, then what
  ///   ``LinkInbox/open(_:origin:extras:id:)-(String,_,_,_)`` throws.
  @discardableResult
  public func open(
    _ link: some RoutableLink, origin: Origin = .internal, window: String? = nil
  ) async throws(RoutingError) -> RouteResult {
    try await open(try link.url, origin: origin, window: window)
  }

  /// Opens again, in order, the links parked until `gate` (sign-in done), once every window has
  /// its protected first screens back in the places the sign-in screen held (see
  /// ``lock(_:)``) and the gate's sign-in screen has closed in every window: it closes whether or
  /// not a link waited behind it.
  public func resume(_ gate: String = SignInGate.signIn) {
    passGate(gate) { [inbox] in inbox.resume(gate) }
  }

  /// Drops the links parked until `gate` (the user gave up), each with its reason.
  ///
  /// - Parameters:
  ///   - gate: The gate the links wait behind; ``SignInGate/signIn`` by default.
  ///   - reason: Why they are dropped; each `dropped` event gives it with the gate. `discarded` by
  ///     default.
  public func discard(_ gate: String = SignInGate.signIn, reason: String = "discarded") {
    inbox.discard(gate, reason: reason)
  }

  /// The action a notification response carries when the user dismissed it (its category's
  /// `customDismissAction`): `UNNotificationDismissActionIdentifier`, which opens nothing.
  package nonisolated static let dismissAction = LinkInbox.Policy.dismissNotificationAction

  /// Opens a notification's link once, from its parts.
  ///
  /// For code that has no `UNNotificationResponse` (a test, a notification of the app's own
  /// kind). A tap from the notification center's delegate goes to
  /// `receiveNotification(_:completion:)`, which reads the response.
  ///
  /// - Parameters:
  ///   - link: The link the payload carries; `nil` opens nothing (a notification without one).
  ///   - identifier: The notification request's identifier.
  ///   - action: The action the user chose. A plain tap (`UNNotificationDefaultActionIdentifier`),
  ///     no action, or one of the policy's ``LinkInbox/Policy/notificationLinkActions`` opens the
  ///     link; a dismissal or any other action (a background one such as "Mark as read") opens
  ///     nothing, and `completion` hears `dropped` with the reason.
  ///   - window: The window it arrived in.
  ///   - completion: Hears how the link ended, once.
  public nonisolated func receiveNotification(
    link: String?, identifier: String, action: String? = nil, window: String? = nil,
    completion: LinkInbox.Completion? = nil
  ) {
    guard let link else { return }
    if let refusal = inbox.policy.refusal(ofNotificationAction: action) {
      completion?(.failure(RoutingError(.dropped, "'\(link)' was not opened: \(refusal)")))
      return
    }
    inbox.receive(
      link, origin: .notification(identifier: identifier, action: action), extras: Self.extras(window: window),
      completion: completion)
  }

  /// Removes the screen whose destination is `screen` (a view controller or a model the registry
  /// made) from whichever window shows it: how a screen closes itself, whoever showed it.
  ///
  /// ```swift
  /// screens.registerScreen(ComposeController.self, target: "Compose") { resolver in
  ///   ComposeController(app: try resolver.make(WaypointApp.self))
  /// }
  /// // in ComposeController, when the user sends:
  /// try await app.close(self)
  /// ```
  ///
  /// - Throws: `screenGone` when no window shows it; else what ``ShownModule/remove()`` throws.
  public func close(_ screen: AnyObject) async throws(NavigationError) {
    for id in windows.windowIDs {
      if let shown = windows.coordinator(for: id)?.shownModule(showing: screen) {
        try await shown.remove()
        return
      }
    }
    throw NavigationError(.screenGone, "no window shows the screen '\(type(of: screen))'")
  }

  nonisolated static func extras(window: String?) -> [String: any Sendable] {
    window.map { [WindowCoordinators.windowExtra: $0] } ?? [:]
  }
}
