#if canImport(SwiftUI)
package import Foundation
import Observation
package import Waypoint
package import WaypointAdapterSupport
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import UserNotifications
#endif

/// What one `WaypointHost` keeps between updates: which presented levels are on screen, the
/// destinations it made for screens no route holds, and the last content of each presented
/// level (so a sheet that leaves the state slides away with what it showed).
///
/// Destinations are made when the navigator's state changes — in `refresh(_:)`, run from
/// `onAppear` and from an observation of the state — and, for the window's first state, when the
/// window opens, which is the first time SwiftUI reads the host's coordinator, in `body` (fourth
/// adapter review, E9): a factory that changes observed state should do so in its screen's
/// `onAppear` or `task`. Otherwise `body` only reads what is kept here or held by a route.
@MainActor
@Observable
package final class HostState {
  /// Which presented levels SwiftUI has shown.
  package private(set) var staging = PresentationStaging()
  /// Destinations made for screens no route holds (restored, or pushed by SwiftUI), by screen id.
  private(set) var made: [String: MadeModule] = [:]
  /// The last drawn level of each presented item, by the item's id.
  @ObservationIgnored private var lastLevels: [String: NavigationLevel] = [:]
  /// The screens of the state at the last refresh, whose destinations stay while they slide away.
  @ObservationIgnored private var previous: Set<String> = []
  /// The coordinator whose navigator the host follows.
  @ObservationIgnored private weak var watched: ScreenCoordinator?
  /// The inbox of a host given only a router: made once, ready at once.
  @ObservationIgnored private var ownInbox: LinkInbox?
  /// The path SwiftUI last read for each stack, and the root of the item it last read for each
  /// level: what it shows, which its write-backs are made from.
  @ObservationIgnored private var readPaths: [PathBinding: [Screen]] = [:]
  @ObservationIgnored private var readItems: [Int: String] = [:]

  /// A stack SwiftUI binds a `NavigationStack(path:)` to: a tab's or a column's on the root level,
  /// or the own stack of a level (the root without tabs or a split view, a
  /// presented level).
  enum PathBinding: Hashable {
    case location(StackLocation)
    case level(Int)
  }

  /// The path of `stack`, as SwiftUI reads it: remembered as what it shows.
  func readPath(_ stack: PathBinding, in state: NavigationState) -> [Screen] {
    let path =
      switch stack {
      case .location(let location): state.path(at: location)
      case .level(let level): state.path(at: level)
      }
    readPaths[stack] = path
    return path
  }

  /// The change SwiftUI's write of `path` for `stack` stands for, made against the path it last
  /// read there (see `NavigationState.edit(writingPath:at:shown:)`).
  func edit(writingPath path: [Screen], to stack: PathBinding, in state: NavigationState) -> NavigationEdit? {
    switch stack {
    case .location(let location): state.edit(writingPath: path, at: location, shown: readPaths[stack])
    case .level(let level): state.edit(writingPath: path, atLevel: level, shown: readPaths[stack])
    }
  }

  /// Remembers the item SwiftUI read for the level at `level` (each style's binding reads it;
  /// the one that finds an item records it).
  func readItem(_ item: PresentedItem?, level: Int) -> PresentedItem? {
    if let item { readItems[level] = item.screen.id }
    return item
  }

  /// The change SwiftUI clearing the item binding of the level at `level` stands for: dismissing
  /// the item it last read, if the state still presents it.
  func edit(dismissingItemAt level: Int, styles: Set<PresentedItem.Style>, in state: NavigationState)
    -> NavigationEdit?
  {
    state.edit(dismissingItemAt: level, styles: styles, shown: readItems[level])
  }

  /// The inbox links go to: `inbox` when the app gave one, else one of the host's own over
  /// `router`, made on first use and kept.
  func inbox(_ inbox: LinkInbox?, router: RouterHolder?) -> LinkInbox? {
    if let inbox { return inbox }
    guard let router else { return nil }
    if let ownInbox, ownInbox.router === router { return ownInbox }
    let made = LinkInbox(router: router)
    made.setReady(true)
    ownInbox = made
    return made
  }

  /// Starts following `modules`' navigator: makes what the state shows now and after each change.
  func start(_ coordinator: ScreenCoordinator) {
    refresh(coordinator)
    guard watched !== coordinator else { return }
    watched = coordinator
    watch(coordinator)
  }

  /// The destination of `screen`: its route's, else the one made for it; makes nothing.
  func destination(for screen: Screen, in coordinator: ScreenCoordinator) -> MadeModule? {
    coordinator.shownDestination(of: screen.id) ?? made[screen.id]
  }

  /// Made empty by each host.
  package init() {}

  /// Whether the host's window is the one the user is in, as SwiftUI last said (`appearsActive`).
  @ObservationIgnored package var appearsActive = false

  // MARK: - The window of a host that keeps one per scene

  /// The window id of a scene that has none yet: made once per host, and kept by the scene from
  /// the host's first appearance on.
  package let freshWindowID = WaypointClock.live.newID()
  /// The navigator of the host's window, made once, so a window closed and opened again (the
  /// host went away and came back) shows what it showed.
  @ObservationIgnored private var ownNavigator: HeadlessNavigator?
  /// What follows the window's UIKit scene (its disconnection), while the host is in one.
  @ObservationIgnored private var sceneObservation: NotificationObservation?

  /// The coordinator of `app`'s window `id`, opened over the host's own navigator when it is not
  /// open: on what the scene kept of it (`saved`, restored through the app's one restore path,
  /// the gate and the make check included), else on the app's `start`.
  package func window(_ id: String, of app: WaypointApp, restoring saved: Data? = nil) -> ScreenCoordinator {
    if let open = app.coordinator(for: id) { return open }
    if let ownNavigator { return app.addWindow(id, navigator: ownNavigator) }
    let (coordinator, navigator) = app.openHeadlessWindow(id, restoring: saved)
    ownNavigator = navigator
    return coordinator
  }

  /// Keeps each state the window shows, as the JSON `save` stores with the scene (without the
  /// secrets the router redacts), so the system reconnecting the scene, or the next launch,
  /// opens it on it again (fourth adapter review, E3).
  @ObservationIgnored package var storeState: (@MainActor (String) -> Void)?

  /// Hands `save` the state of `app`'s window `id` as it is now.
  private func saveState(of coordinator: ScreenCoordinator) {
    guard let storeState, let app = savingApp, let id = savingWindow, let state = app.windows.state(of: id),
      app.coordinator(for: id) === coordinator,
      let data = try? JSONEncoder().encode(state)
    else { return }
    storeState(String(decoding: data, as: UTF8.self))
  }
  /// The app and window whose states are saved.
  @ObservationIgnored private weak var savingApp: WaypointApp?
  @ObservationIgnored private var savingWindow: String?

  /// Saves each state of `app`'s window `id` with `save` from now on, starting with this one.
  package func save(window id: String, of app: WaypointApp, with save: @escaping @MainActor (String) -> Void) {
    savingApp = app
    savingWindow = id
    storeState = save
    if let coordinator = app.coordinator(for: id) { saveState(of: coordinator) }
  }

  /// Closes `app`'s window `id`: links no longer open there.
  package func close(_ id: String, of app: WaypointApp) {
    app.closeWindow(id)
  }

  /// Follows the UIKit scene `scene` the window `id` is in: a notification the system shows in
  /// it opens in this window, and when UIKit disconnects the scene
  /// (https://developer.apple.com/documentation/uikit/uiscene/diddisconnectnotification) the
  /// window closes, when `closesWindow`, or else forgets the scene.
  package func follow(scene: AnyObject, window id: String, of app: WaypointApp, closesWindow: Bool) {
    app.windows.attach(scene: ObjectIdentifier(scene), to: id)
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    // A notification tap opens in the window of the scene the system shows it in
    // (https://developer.apple.com/documentation/usernotifications/unnotificationresponse/targetscene).
    app.notificationScene.withLock { reader in
      reader = { response in response.targetScene.map(ObjectIdentifier.init) }
    }
    guard sceneObservation == nil else { return }
    let sceneID = ObjectIdentifier(scene)
    sceneObservation = NotificationObservation(
      NotificationCenter.default.addObserver(forName: UIScene.didDisconnectNotification, object: scene, queue: nil) {
        [weak app] _ in
        MainActor.assumeIsolated {
          // A window of a fixed id stays open; only the scene it was in is forgotten, so a scene
          // made later at the same address is not taken for it (fourth adapter review, E13).
          if closesWindow { app?.closeWindow(id) } else { app?.windows.detach(scene: sceneID) }
        }
      })
    #endif
  }

  /// How long a presentation takes once its content appeared, where nothing reports its end.
  ///
  /// SwiftUI calls `onAppear` when a sheet starts sliding in, and a presentation asked for
  /// before it ends is dropped (matteopuc/swiftui-navigation-stack#23); SwiftUI has no callback
  /// for the end. Where SwiftUI presents with UIKit, a ``PresentationEndProbe`` in the level
  /// tells the end, and this is only the bound on waiting for it
  /// (``presentationEndLimit``); elsewhere the host waits this long, as FlowStacks does between
  /// staged steps. It is also how long a level the state left waits to be forgotten.
  static let presentationTime = Duration.milliseconds(650)

  /// How long the host waits for UIKit to tell that a level's presentation ended before it
  /// takes it as ended anyway: longer than any presentation, so a slow first frame or a heavy
  /// sheet is waited for, and a level whose probe never tells still lets the one over it come.
  static let presentationEndLimit: Duration = {
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    .seconds(2)
    #else
    presentationTime
    #endif
  }()

  /// The presented level at `level`, whose root is `screen`, started to appear: it holds its
  /// place now, and once its presentation is over (``presentationEnded(level:screen:)``, or
  /// ``presentationEndLimit`` from now), the level over it may be presented.
  package func appeared(level: Int, screen: String) {
    update { $0.appeared(level: level, screen: screen) }
    Task { @MainActor [weak self] in
      try? await Task.sleep(for: Self.presentationEndLimit)
      self?.presentationEnded(level: level, screen: screen)
    }
  }

  /// Notes that UIKit finished presenting the level at `level`, whose root is `screen`.
  ///
  /// The level over it may be presented. Told again, or for a level gone, it changes nothing.
  package func presentationEnded(level: Int, screen: String) {
    update { $0.finishedPresenting(level: level, screen: screen) }
  }

  /// The presented level at `level`, whose root is `screen`, disappeared.
  ///
  /// It left only if the
  /// state no longer has it there: a level also disappears under a full-screen cover (UIKit
  /// takes away the presenting views of a `fullScreen` presentation), and stays.
  func disappeared(level: Int, screen: String, in coordinator: ScreenCoordinator) {
    let levels = coordinator.navigator.state.levels
    guard level >= levels.count || levels[level].root?.id != screen else { return }
    update { $0.disappeared(level: level, screen: screen) }
  }

  private func update(_ change: (inout PresentationStaging) -> Void) {
    var next = staging
    change(&next)
    if next != staging { staging = next }
  }

  /// Keeps `level` as the last content of the item `id` (nothing for the root level).
  func keep(_ levelState: NavigationLevel, for id: String?) {
    guard let id else { return }
    lastLevels[id] = levelState
  }

  /// The last content of the item `id`.
  func kept(_ id: String) -> NavigationLevel? {
    lastLevels[id]
  }

  /// Makes destinations for the screens the state shows that have none, and lets go of those of
  /// screens gone for two changes (the second change after they left).
  func refresh(_ coordinator: ScreenCoordinator) {
    let state = coordinator.navigator.state
    let shown = Set(state.allScreens.map(\.id))
    var next = made.filter { shown.contains($0.key) || previous.contains($0.key) }
    for screen in state.allScreens where next[screen.id] == nil && coordinator.shownDestination(of: screen.id) == nil {
      if let destination = try? coordinator.destination(for: screen) { next[screen.id] = destination }
    }
    if Set(next.keys) != Set(made.keys) { made = next }
    lastLevels = lastLevels.filter { shown.contains($0.key) || previous.contains($0.key) }
    previous = shown
    pruneLater(coordinator)
    saveState(of: coordinator)
  }

  /// Forgets, a presentation time from now, levels the state no longer has whose leaving
  /// SwiftUI did not report.
  private func pruneLater(_ coordinator: ScreenCoordinator) {
    var pruned = staging
    pruned.prune(to: coordinator.navigator.state.levels)
    guard pruned != staging else { return }
    Task { @MainActor [weak self] in
      try? await Task.sleep(for: Self.presentationTime)
      self?.update { $0.prune(to: coordinator.navigator.state.levels) }
    }
  }

  private func watch(_ coordinator: ScreenCoordinator) {
    withObservationTracking {
      _ = coordinator.navigator.state
    } onChange: { [weak self] in
      Task { @MainActor in
        // A window opened again follows its new coordinator; this one's watch ends.
        guard let self, self.watched === coordinator else { return }
        self.refresh(coordinator)
        self.watch(coordinator)
      }
    }
  }
}

/// An observer of the notification center, removed with its holder.
final class NotificationObservation: @unchecked Sendable {
  // Safety: the token is set once, in `init`, and read only in `deinit`.
  private let token: any NSObjectProtocol

  init(_ token: any NSObjectProtocol) {
    self.token = token
  }

  deinit {
    NotificationCenter.default.removeObserver(token)
  }
}
#endif
