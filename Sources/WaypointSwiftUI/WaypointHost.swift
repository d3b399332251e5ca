#if canImport(SwiftUI)
import Foundation
public import SwiftUI
public import Waypoint
package import WaypointAdapterSupport

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
    /// The coordinator it was made with (``init(coordinator:router:inbox:window:tabTitles:failed:refused:destination:)``).
    case coordinator(ScreenCoordinator)
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
    let fixed = window.map { id in app.coordinator(for: id) ?? app.openHeadlessWindow(id).coordinator }
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

  /// A host over `coordinator`, rendering each screen with `destination`.
  ///
  /// - Parameters:
  ///   - coordinator: The window's screen coordinator, over a ``Waypoint/HeadlessNavigator``.
  ///   - router: Where links from outside go; `nil` to leave them to the app.
  ///   - inbox: The inbox links go to; without one, an inbox of the host's own over `router`.
  ///   - window: The window links arriving here name.
  ///   - tabTitles: The title of each tab by id, over its item's.
  ///   - failed: Hears each link that could not be opened or was dropped.
  ///   - refused: Hears each change SwiftUI wrote back that the state refused.
  ///   - destination: The view of each screen.
  public init(
    coordinator: ScreenCoordinator, router: RouterHolder? = nil, inbox: LinkInbox? = nil, window: String? = nil,
    tabTitles: [String: String] = [:],
    failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in },
    refused: @escaping @MainActor (NavigationEdit, NavigationError) -> Void = { _, _ in },
    @ViewBuilder destination: @escaping (Screen, MadeModule?) -> Destination
  ) {
    self.init(
      source: .coordinator(coordinator), router: router ?? inbox?.router, inbox: inbox, window: window, failed: failed,
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
    case .coordinator(let coordinator), .app(_, fixed: let coordinator?): return coordinator
    case .app(let app, fixed: nil):
      if let last = app.windows.windowIDs.last, let coordinator = app.coordinator(for: last) { return coordinator }
      return app.coordinator() ?? app.openHeadlessWindow(WaypointApp.mainWindow).coordinator
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
    let coordinator = self.coordinator
    LevelView(host: context(coordinator), level: 0, item: nil)
      .environment(coordinator)
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
    case .coordinator(let coordinator), .app(_, fixed: let coordinator?): coordinator
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

  /// What the item bindings of the level at `level` give SwiftUI.
  package func readItem(level: Int) -> PresentedItem? {
    let levels = coordinator.navigator.state.levels
    return shared.readItem(level < levels.count ? levels[level].presented : nil, level: level)
  }

  /// What SwiftUI clearing the item binding of the level at `level` does.
  package func writeNoItem(level: Int) {
    context(coordinator).dismissItem(level: level, styles: [.sheet, .fullScreenCover, .popover])
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

  private func context(_ coordinator: ScreenCoordinator) -> HostContext<Destination> {
    HostContext(
      coordinator: coordinator, shared: shared, destination: destination, refused: refused,
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
    let coordinator = self.coordinator
    let window = window
    return CloseScreenAction(screen: screen.id, window: window) { coordinator.close(screen.id, window: window) }
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
#endif
