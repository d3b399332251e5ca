#if canImport(SwiftUI)
import Observation
import Waypoint

/// What one `WaypointHost` keeps between updates: which presented levels appeared, the
/// destinations it made for screens no route holds, and the last content of each presented
/// level (so a sheet that leaves the state slides away with what it showed).
///
/// Destinations are made when the navigator's state changes — in `refresh(_:)`, run from
/// `onAppear` and from an observation of the state — never while SwiftUI evaluates `body`, which
/// only reads what is kept here or held by a route.
@MainActor
@Observable
final class HostState {
  /// Which presented levels SwiftUI has shown.
  private(set) var staging = PresentationStaging()
  /// Destinations made for screens no route holds (restored, or pushed by SwiftUI), by screen id.
  private(set) var made: [String: ScreenDestination] = [:]
  /// The last drawn level of each presented item, by the item's id.
  @ObservationIgnored private var lastLevels: [String: NavigationLevel] = [:]
  /// The screens of the state at the last refresh, whose destinations stay while they slide away.
  @ObservationIgnored private var previous: Set<String> = []
  @ObservationIgnored private var watching = false

  /// Starts following `modules`' navigator: makes what the state shows now and after each change.
  func start(_ modules: ModuleNavigator) {
    refresh(modules)
    guard !watching else { return }
    watching = true
    watch(modules)
  }

  /// The destination of `screen`: its route's, else the one made for it; makes nothing.
  func destination(for screen: Screen, in modules: ModuleNavigator) -> ScreenDestination? {
    modules.shownDestination(of: screen.id) ?? made[screen.id]
  }

  /// The presented level at `depth`, whose root is `screen`, appeared.
  func appeared(depth: Int, screen: String, in modules: ModuleNavigator) {
    var next = staging
    next.prune(to: modules.navigator.state.levels)
    next.appeared(depth: depth, screen: screen)
    if next != staging { staging = next }
  }

  /// Keeps `level` as the last content of the item `id` (nothing for the root level).
  func keep(_ level: NavigationLevel, for id: String?) {
    guard let id else { return }
    lastLevels[id] = level
  }

  /// The last content of the item `id`.
  func kept(_ id: String) -> NavigationLevel? {
    lastLevels[id]
  }

  /// Makes destinations for the screens the state shows that have none, and lets go of those of
  /// screens gone for two changes (the second change after they left).
  func refresh(_ modules: ModuleNavigator) {
    let state = modules.navigator.state
    let shown = Set(state.allScreens.map(\.id))
    var next = made.filter { shown.contains($0.key) || previous.contains($0.key) }
    for screen in state.allScreens where next[screen.id] == nil && modules.shownDestination(of: screen.id) == nil {
      if let destination = try? modules.destination(for: screen) { next[screen.id] = destination }
    }
    if Set(next.keys) != Set(made.keys) { made = next }
    lastLevels = lastLevels.filter { shown.contains($0.key) || previous.contains($0.key) }
    previous = shown
    var pruned = staging
    pruned.prune(to: state.levels)
    if pruned != staging { staging = pruned }
  }

  private func watch(_ modules: ModuleNavigator) {
    withObservationTracking {
      _ = modules.navigator.state
    } onChange: { [weak self] in
      Task { @MainActor in
        guard let self else { return }
        self.refresh(modules)
        self.watch(modules)
      }
    }
  }
}
#endif
