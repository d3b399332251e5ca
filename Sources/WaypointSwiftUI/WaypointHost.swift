#if canImport(SwiftUI)
import Foundation
public import SwiftUI
public import Waypoint
import WaypointAdapterSupport

#if canImport(CoreSpotlight) && !os(tvOS) && !os(watchOS)
import CoreSpotlight
#endif

/// A SwiftUI view that shows a ``Waypoint/HeadlessNavigator``'s state: a `NavigationStack` bound
/// to each level's path, and `.sheet(item:)`, `.fullScreenCover(item:)` and `.popover(item:)`
/// bound to what each level presents, recursively (a presented screen has its own stack).
///
/// ```swift
/// WindowGroup { WaypointHost(app: Self.app) }
/// ```
///
/// **Windows.** Made with an app and no window id, each window of a `WindowGroup` gets its own
/// navigation state: the host keeps an id for its scene and the window's state (in
/// `@SceneStorage`, so a window the system reconnects or restores at the next launch keeps both,
/// and opens on its saved state through `WaypointApp.addWindow(_:restoring:)`: the sign-in gate
/// and the check that each screen can still be made included), opens that window in the app when
/// it first appears, and closes it when it goes away (the window closed, or its scene disconnected),
/// so no link opens in a window that is gone. A link that names no window (a notification tap,
/// an App Intent) opens in the window the user is in (it appears active: `appearsActive`), else
/// the one whose scene last became active.
///
/// **Tabs.** A root level with tabs is a `TabView(selection:)` of `Tab`s, each labelled with its
/// ``Waypoint/TabItem`` (its title and image; its badge, which `WaypointApp.setBadge(_:onTab:)`
/// changes, where SwiftUI shows tab badges), or with the label view ``tabLabel(_:)`` gives. A
/// split view is a `NavigationSplitView`, with a `NavigationStack` per tab and column bound to
/// its stack: the tab the user selects, and a stack the user pops, are written back as
/// ``Waypoint/NavigationEdit/selectedTab(_:)`` and ``Waypoint/NavigationEdit/replacedStack(level:stack:location:)``.
/// Selecting the selected tab again is ``Waypoint/NavigationEdit/reselectedTab(_:)`` on iOS, which
/// pops it to its root. A `NavigationSplitView` collapses on its own in a compact width; a
/// collapsed two-column one shows its secondary column on top while that holds screens, and the
/// user going back to the primary column empties it. The state's `isCollapsed` is what the app
/// or a `UIKitNavigator` reports.
///
/// **Screens.** Each screen is drawn by `destination` with what the module registry made for it
/// (or, for `WaypointApp.swiftUI` apps, as the view its factory made): the shown module's
/// destination while it is shown, else one the host makes when the screen appears in the state
/// (a restored state), outside `body` but for the window's first state, made when the window
/// opens, the first time SwiftUI reads the host; `nil` until then, or when it could not be made.
///
/// Each binding is the SwiftUI projection of the state (`NavigationState.levels`):
/// reading gives a level's path or presented item, and what SwiftUI writes back (the user went
/// back, swiped a sheet down) is reported through ``ScreenCoordinator/reconcile(_:)``, so
/// the routes of the screens that left become removed; a write the state refuses goes to
/// `refused`. SwiftUI presents one level per update, so several presented levels at once (a
/// restore), or a presentation replacing another at one level, are shown one after another:
/// each once the one under it has finished presenting and its slot is free
/// (`PresentationStaging`). A presentation that leaves keeps its last content while
/// it slides away.
///
/// **Links.** They go to a ``Waypoint/LinkInbox`` (the app's `inbox`, or one of the host's own over
/// `router`, ready at once): from `onOpenURL`, `http` and `https` ones (universal links, which
/// SwiftUI delivers there) as `universalLink`, widget links (``Waypoint/Origin/widgetLink(_:kind:)``)
/// as `widget`, others as `external`; from `onContinueUserActivity`, web-browsing activities (with
/// their referrer, when SwiftUI delivers one there rather than to `onOpenURL`; the inbox opens a
/// link that arrives both ways once) and, where Core Spotlight exists, Spotlight results (the
/// item's identifier is the link unless `spotlightLink` says otherwise). A notification tap
/// reaches the app through the notification center's delegate, which hands it to
/// `WaypointApp.receiveNotification(_:)`. Any view below reads the screen coordinator with
/// `@Environment(ScreenCoordinator.self)`.
///
/// **From a screen.** Every view below opens a link in this window with
/// `@Environment(\.openLink)` (`openLink("/note/7")`: no `Task`, `try` or `await`), and each
/// screen's view closes its own screen with `@Environment(\.closeScreen)` (`closeScreen()`).
public struct WaypointHost<Destination: View>: View {
  /// What the host shows a window of.
  private enum Source {
    /// The coordinator it was made with (``init(modules:router:inbox:window:tabTitles:failed:refused:destination:)``).
    case modules(ScreenCoordinator)
    /// A window of the app: the one of a fixed id, or (`nil`) one per scene.
    case app(WaypointApp, fixed: ScreenCoordinator?)
  }
  private let source: Source
  /// Where links from outside go; `nil` to leave them to the app.
  public let router: RouterHolder?
  /// The inbox links go to, when the app has one (links then wait until it is ready); without
  /// one, links go to an inbox of the host's own over ``router``.
  public let inbox: LinkInbox?
  /// The link of a Spotlight result, from its item's unique identifier; by default the
  /// identifier itself.
  public var spotlightLink: @MainActor (String) -> String? = { $0 }
  /// The view of each screen, from the screen and its destination.
  public let destination: (Screen, MadeModule?) -> Destination
  /// Called with each link that could not be opened, or was dropped (code `dropped`).
  public var failed: @MainActor (String, RoutingError) -> Void
  /// Called with each change SwiftUI wrote back that the state refused (such as a path with
  /// two screens of one id); the binding then shows the state again.
  public var refused: @MainActor (NavigationEdit, NavigationError) -> Void
  /// The window this host shows, when it was given one.
  ///
  /// Links from `onOpenURL` carry it as the ``Waypoint/WindowCoordinators/windowExtra``, so a
  /// router over ``Waypoint/WindowCoordinators`` opens them here. `nil` for a host of an app that
  /// keeps a window per scene (the default).
  public var window: String?
  /// The title of each tab by its id, over its ``Waypoint/TabItem``'s title.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: declare each tab's title with it
  /// (`NavigationTab(_:root:title:systemImage:image:badge:)`).
  @available(*, deprecated, message: "declare each tab's title with it: NavigationTab(_:root:title:systemImage:)")
  public var tabTitles: [String: String] {
    get { titles }
    set { titles = newValue }
  }
  private var titles: [String: String] = [:]
  /// The label view of each tab, over the one made from its item.
  private var label: (@MainActor (NavigationTab) -> AnyView)?
  /// Whether this is an App Clip, whose invocations (web-browsing activities) are `appClip`
  /// links rather than universal links.
  public var isAppClip = false
  @State private var shared = HostState()
  /// The id the scene keeps for its window, across launches; empty until the host first appeared.
  @SceneStorage("waypoint.window") private var sceneWindow = ""
  /// The state of the window, as JSON, kept with the scene: a window the system reconnects, or
  /// the next launch, opens on it again; empty until the window first showed a state.
  @SceneStorage("waypoint.state") private var sceneState = ""
  /// The phase of the window's scene: when it becomes active, links that name no window open here.
  @Environment(\.scenePhase) private var scenePhase
  /// Whether the window is the one the user is in (the focused, key window): links that name no
  /// window open here (https://developer.apple.com/documentation/swiftui/environmentvalues/appearsactive).
  @Environment(\.appearsActive) private var appearsActive
  /// The app whose window this host shows, when made with ``init(app:window:failed:refused:destination:)``.
  private var app: WaypointApp? {
    guard case .app(let app, _) = source else { return nil }
    return app
  }
  /// Whether the host keeps a window of the app per scene, opened and closed with it.
  private var keepsSceneWindow: Bool {
    guard case .app(_, nil) = source else { return false }
    return true
  }

  /// The window of `app` this host shows, each screen drawn by `destination`.
  ///
  /// ```swift
  /// WindowGroup {
  ///   WaypointHost(app: app) { screen, destination in
  ///     if let model = destination?.value(as: NoteModel.self) { NoteView(model: model) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - app: The app, which keeps the window's screen coordinator and the links' inbox.
  ///   - window: The window's id; `nil` (the default) for one window per scene, with an id the
  ///     scene keeps. A given id makes every window of the `WindowGroup` show one state.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  ///   - destination: The view of each screen.
  public init(
    app: WaypointApp, window: String? = nil,
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in },
    @ViewBuilder destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    let fixed = window.map { id in app.coordinator(for: id) ?? app.openHeadlessWindow(id).modules }
    self.init(
      source: .app(app, fixed: fixed), router: app.inbox.router, inbox: app.inbox, window: window, failed: failed,
      refused: refused, destination: destination)
  }

  /// The window `window` of `app`, with tab titles by id.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: declare each tab's title with it.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - window: The window's id.
  ///   - tabTitles: The title of each tab by id.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  ///   - destination: The view of each screen.
  @available(*, deprecated, message: "declare each tab's title with it: NavigationTab(_:root:title:systemImage:)")
  @_disfavoredOverload
  public init(
    app: WaypointApp, window: String = WaypointApp.mainWindow, tabTitles: [String: String],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in },
    @ViewBuilder destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    self.init(app: app, window: window, failed: failed, refused: refused, destination: destination)
    self.titles = tabTitles
  }

  /// A host over `modules`, rendering each screen with `destination`.
  ///
  /// - Parameters:
  ///   - modules: The window's screen coordinator, over a ``Waypoint/HeadlessNavigator``.
  ///   - router: Where links from outside go; `nil` to leave them to the app.
  ///   - inbox: The inbox links go to; without one, an inbox of the host's own over `router`.
  ///   - window: The window links arriving here name.
  ///   - tabTitles: The title of each tab by id, over its item's.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  ///   - destination: The view of each screen.
  public init(
    modules: ScreenCoordinator, router: RouterHolder? = nil, inbox: LinkInbox? = nil, window: String? = nil,
    tabTitles: [String: String] = [:],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in },
    @ViewBuilder destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    self.init(
      source: .modules(modules), router: router ?? inbox?.router, inbox: inbox, window: window, failed: failed,
      refused: refused, destination: destination)
    self.titles = tabTitles
  }

  private init(
    source: Source, router: RouterHolder?, inbox: LinkInbox?, window: String?,
    failed: @escaping @MainActor (String, RoutingError) -> Void,
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void,
    destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    self.source = source
    self.router = router
    self.inbox = inbox
    self.window = window
    self.failed = failed
    self.refused = refused
    self.destination = destination
  }

  /// The screen coordinator of the window the host shows.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: a host of an app keeps a window per scene, whose
  /// coordinator is known once it appears; read it inside the host with
  /// `@Environment(ScreenCoordinator.self)`. Here it is the coordinator the host was given, else
  /// the app's window last active.
  @available(*, deprecated, message: "read it inside the host with @Environment(ScreenCoordinator.self)")
  public var modules: ScreenCoordinator {
    switch source {
    case .modules(let modules), .app(_, fixed: let modules?): return modules
    case .app(let app, fixed: nil):
      if let last = app.windows.windowIDs.last, let coordinator = app.coordinator(for: last) { return coordinator }
      return app.coordinator() ?? app.openHeadlessWindow(WaypointApp.mainWindow).modules
    }
  }

  /// The label of each tab, made by `label` from the tab (its id and ``Waypoint/TabItem``), in
  /// place of the title and image of its item; the badge still comes from the app.
  ///
  /// ```swift
  /// WaypointHost(app: app).tabLabel { tab in
  ///   Label(tab.item?.title ?? tab.id, systemImage: tab.id == "inbox" ? "tray" : "gear")
  /// }
  /// ```
  ///
  /// - Parameter label: The label view of a tab.
  /// - Returns: The host, labelling its tabs with `label`.
  public func tabLabel<Label: View>(@ViewBuilder _ label: @escaping @MainActor (NavigationTab) -> Label)
    -> WaypointHost
  {
    var host = self
    host.label = { AnyView(label($0)) }
    return host
  }

  /// The root level, with links and the environment.
  public var body: some View {
    let modules = coordinator
    LevelView(host: context(modules), levelIndex: 0, item: nil)
      .environment(modules)
      .environment(\.openLink, openLinkAction)
      .onAppear { appeared() }
      .onDisappear { disappeared() }
      .onChange(of: scenePhase, initial: true) { scenePhaseChanged(scenePhase) }
      .onChange(of: appearsActive, initial: true) { appearsActiveChanged(appearsActive) }
      .onOpenURL { url in receive(url) }
      .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in receive(activity) }
      .continuingSpotlight { identifier in receive(spotlight: identifier) }
      .takingExternalEvents()
      .readingScene { scene in sceneAppeared(scene) }
  }

  /// The id of the window this host shows: the one it was given, else the one its scene keeps
  /// (a new one, kept from the first appearance on, for a scene that has none yet).
  package var windowID: String {
    if let window { return window }
    return sceneWindow.isEmpty ? shared.freshWindowID : sceneWindow
  }

  /// The screen coordinator of the window this host shows: the one it was given, else the app's
  /// window of ``windowID``, opened over the host's own navigator when it is not open.
  package var coordinator: ScreenCoordinator {
    switch source {
    case .modules(let modules), .app(_, fixed: let modules?): modules
    case .app(let app, fixed: nil):
      shared.window(windowID, of: app, restoring: sceneState.isEmpty ? nil : Data(sceneState.utf8))
    }
  }

  /// The state the scene keeps for the window, as JSON; empty when it keeps none.
  package var keptState: String { sceneState }

  /// The window appeared: the scene keeps its id, the host follows the state, and the app learns
  /// its window is shown.
  package func appeared() {
    if keepsSceneWindow, sceneWindow.isEmpty { sceneWindow = windowID }
    shared.start(coordinator)
    if keepsSceneWindow, let app {
      let kept = _sceneState
      shared.save(window: windowID, of: app) { kept.wrappedValue = $0 }
    }
    followFrontmost()
    app?.windowIsShown(windowID)
  }

  /// The host's root view disappeared.
  ///
  /// On the Mac that is the window closing: a host that keeps a window per scene closes it in the
  /// app, so no link opens there; it opens again, over the same navigator, when the host appears
  /// again. On iPhone, iPad, Vision Pro and Apple TV the root also disappears under a full-screen
  /// cover (UIKit takes the presenting views out of the window:
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen), so
  /// there the window stays open, and closes when its scene disconnects (`sceneAppeared(_:)`).
  package func disappeared() {
    #if os(macOS)
    guard keepsSceneWindow, let app else { return }
    shared.close(windowID, of: app)
    #endif
  }

  /// The window's scene became active (the user is in it): links that name no window (a
  /// notification tap, an App Intent) open here rather than in the window made last.
  package func becameActive() {
    app?.activateWindow(windowID)
  }

  /// The window became the one the user is in (`appearsActive`), or stopped being it: while it
  /// is, a link that names no window opens here, even when another window's scene is active too
  /// (the Mac, iPad side by side, Vision Pro: fourth adapter review, E4).
  package func appearsActiveChanged(_ active: Bool) {
    shared.appearsActive = active
    followFrontmost()
    if active { app?.activateWindow(windowID) }
  }

  /// Tells the app how to know whether the user is in this window: again each time the window
  /// opens (a Mac window closed and shown again: independent read, R14).
  private func followFrontmost() {
    guard let app else { return }
    let shared = shared
    app.windows.follow(frontmost: { [weak shared] in shared?.appearsActive == true }, of: windowID)
  }

  /// The window's scene changed phase: active, it takes the links that name no window, and its
  /// screens are seen again after the background; in the background, its screens are hidden
  /// from the screen views (third adapter review, B16).
  package func scenePhaseChanged(_ phase: ScenePhase) {
    switch phase {
    case .active:
      becameActive()
      app?.screenViews.enterForeground(window: windowID)
    case .background:
      app?.screenViews.enterBackground(window: windowID)
    default:
      break
    }
  }

  /// The window's UIKit scene, once the host is in it: a notification the system shows there
  /// opens in this window, and the window closes when the scene disconnects.
  package func sceneAppeared(_ scene: AnyObject) {
    guard let app else { return }
    shared.follow(scene: scene, window: windowID, of: app, closesWindow: keepsSceneWindow)
  }

  /// A URL from `onOpenURL`: a universal link (an App Clip's invocation, in an App Clip), a
  /// widget's link, or another app's.
  package func receive(_ url: URL) {
    let link = url.absoluteString
    var origin = Origin.opened(link)
    if isAppClip, origin.kind == Origin.universalLink.kind { origin = .appClip(invocation: link) }
    open(link, origin: origin)
  }

  /// A web-browsing activity from `onContinueUserActivity`: a universal link with its referrer,
  /// or an App Clip's invocation.
  package func receive(_ activity: NSUserActivity) {
    guard let url = activity.webpageURL?.absoluteString else { return }
    open(
      url,
      origin: isAppClip ? .appClip(invocation: url) : .universalLink(referrer: activity.referrerURL?.absoluteString))
  }

  /// What the path binding of the stack at `location` gives SwiftUI.
  package func readPath(at location: StackLocation) -> [Screen] { context(coordinator).readPath(at: location) }

  /// What SwiftUI writing `path` to the stack at `location` does.
  package func write(path: [Screen], at location: StackLocation) {
    context(coordinator).write(path: path, at: location)
  }

  /// What the item bindings of the level at `levelIndex` give SwiftUI.
  package func readItem(levelIndex: Int) -> PresentedItem? {
    let levels = coordinator.navigator.state.levels
    return shared.readItem(levelIndex < levels.count ? levels[levelIndex].presented : nil, levelIndex: levelIndex)
  }

  /// What SwiftUI clearing the item binding of the level at `levelIndex` does.
  package func writeNoItem(levelIndex: Int) {
    context(coordinator).dismissItem(levelIndex: levelIndex, styles: [.sheet, .fullScreenCover, .popover])
  }

  /// A Spotlight result the user chose, by its item's identifier.
  package func receive(spotlight identifier: String) {
    guard let link = spotlightLink(identifier) else { return }
    open(link, origin: .spotlight(identifier: identifier))
  }

  /// The label the host draws for `tab`: the app's ``tabLabel(_:)``, else a `Label` of its item's
  /// title (a deprecated `tabTitles` entry first, the id when it has none) and image.
  package func tabLabelView(_ tab: NavigationTab) -> AnyView {
    if let label { return label(tab) }
    let title = titles[tab.id] ?? tab.item?.title ?? tab.id
    switch tab.item?.image {
    case .system(let name)?:
      return AnyView(
        Label {
          Text(verbatim: title)
        } icon: {
          Image(systemName: name)
        })
    case .named(let name)?:
      return AnyView(
        Label {
          Text(verbatim: title)
        } icon: {
          Image(name)
        })
    case nil: return AnyView(Text(verbatim: title))
    }
  }

  /// The badge the host draws on the tab `id`: the app's, else the one its item declares.
  package func tabBadge(_ tab: NavigationTab) -> String? {
    app.map { $0.badge(onTab: tab.id) } ?? tab.item?.badge
  }

  private func context(_ modules: ScreenCoordinator) -> HostContext<Destination> {
    HostContext(
      modules: modules, shared: shared, destination: destination, refused: refused,
      tabLabel: tabLabelView, tabBadge: tabBadge, closeScreen: closeScreenAction)
  }

  /// The `openLink` of the host's views: links land in this window (the app's window of
  /// ``windowID``, or the host's own navigator), never another.
  package var openLinkAction: OpenLinkAction {
    if let app { return app.openLinkAction(window: windowID) }
    guard let inbox = shared.inbox(inbox, router: router) else { return .outside }
    let window = window
    return OpenLinkAction(window: window) { link, presentation, extras in
      inbox.open(link, fromWindow: window, presentation: presentation, extras: extras) { true }
    }
  }

  /// The `closeScreen` of the view of `screen`: it closes that screen in this window.
  package func closeScreenAction(_ screen: Screen) -> CloseScreenAction {
    if let app { return app.closeScreenAction(screen: screen.id, window: windowID) }
    let modules = coordinator
    let window = window
    return CloseScreenAction(screen: screen.id, window: window) { modules.close(screen.id, window: window) }
  }

  private func open(_ link: String, origin: Origin) {
    guard let inbox = shared.inbox(inbox, router: router) else { return }
    let failed = failed
    // Links name the window they arrived in, when the host shows one of the app's or was given one.
    let named = app != nil || window != nil
    let extras: [String: any Sendable] = named ? [WindowCoordinators.windowExtra: windowID] : [:]
    inbox.receive(link, origin: origin, extras: extras) { outcome in
      guard case .failure(let error) = outcome else { return }
      Task { @MainActor in failed(link, error) }
    }
  }
}

extension WaypointHost where Destination == AnyView {
  /// A window of `app`, each screen drawn as the SwiftUI view its target's factory made: register
  /// views as the screens (`registerScreen(NoteView.self, target: "Note") { _, link in
  /// NoteView(id: try link.int("id")) }`) and the host needs no `destination` closure, and no
  /// switch over what each screen is.
  ///
  /// ```swift
  /// WindowGroup { WaypointHost(app: app) }
  /// ```
  ///
  /// A screen whose module is not a view shows its target's name and what it is instead, so a
  /// registration of the wrong kind is seen on the first run; one not made yet (a restored
  /// screen, for a moment) shows nothing.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - window: The window's id; `nil` (the default) for one window per scene.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  public init(
    app: WaypointApp, window: String? = nil,
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in }
  ) {
    self.init(app: app, window: window, failed: failed, refused: refused) { screen, destination in
      WaypointHost.view(of: screen, destination)
    }
  }

  /// A window of `app` with tab titles by id, each screen drawn as its view.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0: declare each tab's title with it.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - window: The window's id.
  ///   - tabTitles: The title of each tab by id.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  @available(*, deprecated, message: "declare each tab's title with it: NavigationTab(_:root:title:systemImage:)")
  @_disfavoredOverload
  public init(
    app: WaypointApp, window: String = WaypointApp.mainWindow, tabTitles: [String: String],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in }
  ) {
    self.init(app: app, window: window, tabTitles: tabTitles, failed: failed, refused: refused) {
      screen, destination in
      WaypointHost.view(of: screen, destination)
    }
  }

  /// The view a screen's destination is, type-erased.
  @MainActor static func view(of screen: Screen, _ destination: MadeModule?) -> AnyView {
    guard let destination else { return AnyView(EmptyView()) }
    guard let view = destination.value as? any View else {
      return AnyView(Text(verbatim: "'\(screen.target)' is a \(type(of: destination.value)), not a view"))
    }
    return AnyView(view)
  }
}

extension View {
  /// Calls `open` with the identifier of each Spotlight result the user chooses, where Core
  /// Spotlight exists; elsewhere the view itself.
  @MainActor @ViewBuilder
  fileprivate func continuingSpotlight(_ open: @escaping @MainActor (String) -> Void) -> some View {
    #if canImport(CoreSpotlight) && !os(tvOS) && !os(watchOS)
    onContinueUserActivity(CSSearchableItemActionType) { activity in
      guard let identifier = activity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return }
      open(identifier)
    }
    #else
    self
    #endif
  }

  /// Makes the window this view is in take the links and activities sent to the app while open.
  ///
  /// Without a view that says so, SwiftUI makes a new window for each one where an app may have
  /// several (iPad, Mac, Vision Pro), with a fresh state
  /// (https://developer.apple.com/documentation/swiftui/scene/handlesexternalevents(matching:)).
  /// tvOS and watchOS have one window and no such modifier.
  @MainActor @ViewBuilder
  fileprivate func takingExternalEvents() -> some View {
    #if os(tvOS) || os(watchOS)
    self
    #else
    handlesExternalEvents(preferring: ["*"], allowing: ["*"])
    #endif
  }
}

/// What every level of one host shares.
struct HostContext<Destination: View> {
  let modules: ScreenCoordinator
  let shared: HostState
  let destination: (Screen, MadeModule?) -> Destination
  let refused: @MainActor (NavigationEdit, NavigationError) -> Void
  /// The label of a tab.
  let tabLabel: @MainActor (NavigationTab) -> AnyView
  /// The badge of a tab, if any.
  let tabBadge: @MainActor (NavigationTab) -> String?
  /// The `closeScreen` of a screen's view.
  let closeScreen: @MainActor (Screen) -> CloseScreenAction

  /// The path of the stack at `location`, as its binding gives it to SwiftUI.
  @MainActor func readPath(at location: StackLocation) -> [Screen] {
    shared.readPath(.location(location), in: modules.navigator.state)
  }

  /// Takes in the `path` SwiftUI wrote for the stack at `location`.
  ///
  /// The user went back, or a `NavigationLink` pushed. A stack leaving the screen (its tab or
  /// split view gone), or a write about screens a link took away meanwhile, has nothing to write
  /// back.
  @MainActor func write(path: [Screen], at location: StackLocation) {
    guard let edit = shared.edit(writingPath: path, to: .location(location), in: modules.navigator.state) else {
      return
    }
    report(edit)
  }

  /// SwiftUI cleared the item binding of the level at `levelIndex` for `styles` (the user dismissed
  /// it): only the item SwiftUI showed goes, since a link may have put another in its place.
  @MainActor func dismissItem(levelIndex: Int, styles: Set<PresentedItem.Style>) {
    guard let edit = shared.edit(dismissingItemAt: levelIndex, styles: styles, in: modules.navigator.state) else {
      return
    }
    report(edit)
  }

  /// Takes in a change SwiftUI wrote back; one the state refuses goes to `refused`.
  @MainActor func report(_ edit: NavigationEdit) {
    do throws(NavigationError) {
      try modules.reconcile(edit)
    } catch {
      refused(edit, error)
    }
  }
}

/// One level: its stack, and what it presents as the next level.
struct LevelView<Destination: View>: View {
  let host: HostContext<Destination>
  let levelIndex: Int
  /// The item this level is presented as (`nil` for the root): while it slides away after
  /// leaving the state, the level shows its last content.
  let item: PresentedItem?
  /// Which columns of a three-column split view show in regular width: SwiftUI's to change (the
  /// sidebar button); the state does not hold it.
  @State private var columnVisibility = NavigationSplitViewVisibility.automatic

  var body: some View {
    // Read here, so SwiftUI draws the level again when a staged presentation may go ahead.
    let shownLevels = host.shared.staging.shownLevels(of: host.modules.navigator.state.levels)
    presentations(stack, shownLevels: shownLevels)
      .reportingPresentationEnd(presentationEnd)
      .onAppear {
        if let item { host.shared.appeared(levelIndex: levelIndex, screen: item.screen.id) }
      }
      .onDisappear {
        if let item { host.shared.disappeared(levelIndex: levelIndex, screen: item.screen.id, in: host.modules) }
      }
  }

  /// What tells the host that UIKit finished presenting this level (nothing for the root).
  private var presentationEnd: (@MainActor () -> Void)? {
    guard let item else { return nil }
    let shared = host.shared
    let levelIndex = levelIndex
    let screen = item.screen.id
    return { shared.presentationEnded(levelIndex: levelIndex, screen: screen) }
  }

  /// The level as the state has it, or as it was last drawn while it slides away.
  private var level: NavigationLevel? {
    let levels = host.modules.navigator.state.levels
    if levelIndex < levels.count, item == nil || levels[levelIndex].root?.id == item?.id {
      host.shared.keep(levels[levelIndex], for: item?.id)
      return levels[levelIndex]
    }
    return item.flatMap { host.shared.kept($0.id) }
  }

  /// Whether the level is still in the state (not sliding away).
  private var isLive: Bool {
    let levels = host.modules.navigator.state.levels
    return levelIndex < levels.count && (item == nil || levels[levelIndex].root?.id == item?.id)
  }

  @ViewBuilder private var stack: some View {
    if let tabs = level?.tabs, levelIndex == 0 {
      TabView(selection: tabSelection) {
        ForEach(tabs.tabs) { tab in tabContent(tab) }
      }
    } else if let split = level?.split, levelIndex == 0 {
      pane(tab: nil, split: split)
    } else if level?.hasNavigationStack ?? true {
      NavigationStack(path: path) {
        root.navigationDestination(for: Screen.self) { screen in draw(screen) }
      }
    } else {
      root
    }
  }

  /// A tab of the tab view: its pane, labelled as its item (or the app's label) says, with its
  /// badge where SwiftUI shows tab badges (not tvOS or watchOS:
  /// https://developer.apple.com/documentation/swiftui/tabcontent/badge(_:)).
  @TabContentBuilder<String> private func tabContent(_ tab: NavigationTab) -> some TabContent<String> {
    #if os(tvOS) || os(watchOS)
    Tab(value: tab.id) {
      pane(tab: tab.id, split: tab.split)
    } label: {
      host.tabLabel(tab)
    }
    #else
    if let badge = host.tabBadge(tab) {
      Tab(value: tab.id) {
        pane(tab: tab.id, split: tab.split)
      } label: {
        host.tabLabel(tab)
      }
      .badge(LocalizedStringResource(stringLiteral: badge))
    } else {
      Tab(value: tab.id) {
        pane(tab: tab.id, split: tab.split)
      } label: {
        host.tabLabel(tab)
      }
    }
    #endif
  }

  /// A tab's content, or the root level's split view: a split view of stacks, or one stack.
  @ViewBuilder private func pane(tab: String?, split: SplitColumns?) -> some View {
    if let split, split.supplementary != nil {
      NavigationSplitView(columnVisibility: $columnVisibility, preferredCompactColumn: compactColumn(tab: tab)) {
        placeStack(StackLocation(tab: tab))
      } content: {
        placeStack(StackLocation(tab: tab, column: .supplementary))
      } detail: {
        placeStack(StackLocation(tab: tab, column: .secondary))
      }
    } else if split != nil {
      NavigationSplitView(preferredCompactColumn: compactColumn(tab: tab)) {
        placeStack(StackLocation(tab: tab))
      } detail: {
        placeStack(StackLocation(tab: tab, column: .secondary))
      }
    } else {
      placeStack(StackLocation(tab: tab))
    }
  }

  /// The `NavigationStack` of a tab's or a column's stack on the root level.
  private func placeStack(_ location: StackLocation) -> some View {
    NavigationStack(path: placePath(location)) {
      placeRoot(location).navigationDestination(for: Screen.self) { screen in draw(screen) }
    }
  }

  @ViewBuilder private func placeRoot(_ location: StackLocation) -> some View {
    if let screen = host.modules.navigator.state[stack: location]?.first { draw(screen).id(screen.id) }
  }

  @ViewBuilder private var root: some View {
    // The root's identity is its screen's, so a new root (replaceRoot) starts with fresh state.
    if let screen = level?.root { draw(screen).id(screen.id) }
  }

  /// The view of `screen`, which closes that screen with `closeScreen()`.
  private func draw(_ screen: Screen) -> some View {
    host.destination(screen, host.shared.destination(for: screen, in: host.modules))
      .environment(\.closeScreen, host.closeScreen(screen))
  }

  /// The modifiers that present the next level, for the styles this platform has: full-screen
  /// covers are sheets on macOS, popovers are sheets on tvOS and watchOS.
  @ViewBuilder private func presentations(_ content: some View, shownLevels: Int) -> some View {
    #if os(macOS)
    content
      .sheet(item: item([.sheet, .fullScreenCover], shownLevels)) { item in next(item) }
      .popover(item: item([.popover], shownLevels)) { item in next(item) }
    #elseif os(tvOS) || os(watchOS)
    content
      .sheet(item: item([.sheet, .popover], shownLevels)) { item in next(item) }
      .fullScreenCover(item: item([.fullScreenCover], shownLevels)) { item in next(item) }
    #else
    content
      .sheet(item: item([.sheet], shownLevels)) { item in next(item) }
      .fullScreenCover(item: item([.fullScreenCover], shownLevels)) { item in next(item) }
      .popover(item: item([.popover], shownLevels)) { item in next(item) }
    #endif
  }

  private func next(_ item: PresentedItem) -> LevelView {
    LevelView(host: host, levelIndex: levelIndex + 1, item: item)
  }

  /// The level's path; writing a shorter one is the user going back.
  private var path: Binding<[Screen]> {
    let host = host
    let levelIndex = levelIndex
    let shown = level?.path ?? []
    let live = isLive
    return Binding(
      get: { @MainActor in live ? host.shared.readPath(.level(levelIndex), in: host.modules.navigator.state) : shown },
      set: { @MainActor path in
        // Made against what SwiftUI showed: a write about screens a link took away meanwhile
        // changes nothing.
        guard live,
          let edit = host.shared.edit(writingPath: path, to: .level(levelIndex), in: host.modules.navigator.state)
        else { return }
        host.report(edit)
      })
  }

  /// The selected tab, which the user chooses.
  ///
  /// On iOS, choosing the selected one again (a tap on it, which SwiftUI writes back as the same
  /// value) pops it to its root.
  private var tabSelection: Binding<String> {
    let host = host
    return Binding(
      get: { @MainActor in host.modules.navigator.state.tabs?.selected ?? "" },
      set: { @MainActor id in
        let edit = host.modules.navigator.state.edit(choosingTab: id)
        #if !os(iOS)
        // Only iOS is known to write the selected tab again on a second tap.
        if case .reselectedTab = edit { return }
        #endif
        host.report(edit)
      })
  }

  /// The column a collapsed split view shows on top: the one the state's screens are in (the
  /// secondary while it holds screens, else a three-column split's supplementary while it does);
  /// the user going back to an earlier column empties the later ones.
  private func compactColumn(tab: String?) -> Binding<NavigationSplitViewColumn> {
    let host = host
    return Binding(
      get: { @MainActor in
        switch host.modules.navigator.state.compactColumn(in: tab) {
        case .secondary: .detail
        case .supplementary: .content
        case .primary: .sidebar
        }
      },
      set: { @MainActor column in
        let shown: SplitColumn = column == .sidebar ? .primary : column == .content ? .supplementary : .secondary
        for edit in host.modules.navigator.state.edits(showingCompactColumn: shown, in: tab) { host.report(edit) }
      })
  }

  /// The path of a tab's or a column's stack (its screens over the root); writing a shorter one
  /// is the user going back.
  private func placePath(_ location: StackLocation) -> Binding<[Screen]> {
    let host = host
    return Binding(
      get: { @MainActor in host.readPath(at: location) },
      set: { @MainActor path in host.write(path: path, at: location) })
  }

  /// What the level presents with one of `styles`, once SwiftUI can take it (this level is on
  /// screen, and no other presentation still leaves from it; `shownLevels` says which levels may
  /// be drawn); writing `nil` is the user dismissing it.
  private func item(_ styles: Set<PresentedItem.Style>, _ shownLevels: Int) -> Binding<PresentedItem?> {
    let host = host
    let levelIndex = levelIndex
    let live = isLive
    return Binding(
      get: { @MainActor in
        host.shared.readItem(
          PresentedItem.shown(
            in: host.modules.navigator.state, levelIndex: levelIndex, shownLevels: shownLevels, live: live,
            styles: styles),
          levelIndex: levelIndex)
      },
      set: { @MainActor item in
        guard item == nil, live else { return }
        host.dismissItem(levelIndex: levelIndex, styles: styles)
      })
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
extension PresentedItem {
  /// What level `levelIndex` of `state` presents with one of `styles`, when SwiftUI may show it: the
  /// level's view is live and `shownLevels` lets the level over it be drawn.
  ///
  /// SwiftUI may read a presentation's binding after the state lost the level (a link or the
  /// user dismissed it) and before the level's view is drawn again: that reads as nothing
  /// presented, never past the state's levels.
  package static func shown(
    in state: NavigationState, levelIndex: Int, shownLevels: Int, live: Bool, styles: Set<Style>
  ) -> PresentedItem? {
    guard live, levelIndex + 1 < shownLevels, let item = state.levels[safe: levelIndex]?.presented,
      styles.contains(item.style)
    else { return nil }
    return item
  }
}
#endif

#if canImport(SwiftUI)
extension View {
  /// Tells the window's navigator that the app presents something of its own here while
  /// `isPresented` (an `.alert`, a `.confirmationDialog`, a `ShareLink`'s sheet, a sheet it
  /// attached itself): links and other changes then fail with `presentationBlocked` and leave
  /// the window as it is, rather than colliding with it or taking it down with the user's work
  /// (see `HeadlessNavigator.appPresentations`).
  ///
  /// ```swift
  /// NoteView(note: note)
  ///   .alert("Delete this note?", isPresented: $confirming) { … }
  ///   .waypointAppPresentation("delete-note", isPresented: confirming)
  /// ```
  ///
  /// Put it inside the `WaypointHost`, where the window's `ScreenCoordinator` is in the
  /// environment; it does nothing elsewhere.
  ///
  /// - Parameters:
  ///   - name: The app's name for what it presents (`delete-note`); the window stays blocked
  ///     while any name is up.
  ///   - isPresented: Whether it is up now; the view leaving the screen takes the name away too.
  /// - Returns: The view, keeping the window's navigator told.
  public func waypointAppPresentation(_ name: String, isPresented: Bool) -> some View {
    AppPresentation(content: self, name: name, isPresented: isPresented)
  }
}

/// Keeps the window's navigator told of one of the app's own presentations.
private struct AppPresentation<Content: View>: View {
  let content: Content
  let name: String
  let isPresented: Bool
  @Environment(ScreenCoordinator.self) private var modules: ScreenCoordinator?

  var body: some View {
    content
      .onChange(of: isPresented, initial: true) { tell(isPresented) }
      .onDisappear { tell(false) }
  }

  @MainActor private func tell(_ presented: Bool) {
    (modules?.navigator as? HeadlessNavigator)?.setAppPresentation(name, isPresented: presented)
  }
}
#endif
