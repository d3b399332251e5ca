#if canImport(Observation)
import Observation
#endif

/// The badges an app sets on its tabs while it runs, over the ones its tabs are declared with:
/// what `SceneLinks` puts on each `UITabBarItem` and `WaypointHost` on each tab, in every window.
///
/// Observable, so a SwiftUI host that reads a badge draws again when it changes; a UIKit window
/// hears each change through ``observe(_:)``.
@MainActor @Observable
package final class TabBadges {
  /// The badge set on each tab by id (`nil`: none), over its declared one.
  private var set: [String: String?] = [:]
  /// The badges the tabs are declared with.
  @ObservationIgnored private let declared: [String: String]
  /// Each hears a badge set, and says whether it still listens; `listens` says so without a
  /// badge, so a window gone is let go when windows close, not only at the next badge.
  @ObservationIgnored private var observers: [Observer] = []

  /// What one window hears, and whether it still listens.
  private typealias Observer = (hear: @MainActor (String, String?) -> Bool, listens: @MainActor () -> Bool)

  /// Badges over those `start`'s tabs are declared with.
  package init(start: NavigationState) {
    var declared: [String: String] = [:]
    for tab in start.tabs?.tabs ?? [] { declared[tab.id] = tab.item?.badge }
    self.declared = declared
  }

  /// The badge the tab `id` shows now.
  package func badge(onTab id: String) -> String? {
    if let value = set[id] { return value }
    return declared[id]
  }

  /// Shows `badge` on the tab `id` (`nil` takes it away), in every window.
  package func setBadge(_ badge: String?, onTab id: String) {
    guard self.badge(onTab: id) != badge || set[id] == nil else { return }
    set[id] = .some(badge)
    observers = observers.filter { $0.hear(id, badge) }
  }

  /// Calls `hear` with each badge set from now on, until it returns `false` or `listens` does
  /// (the window it serves is gone).
  package func observe(
    _ hear: @escaping @MainActor (_ tab: String, _ badge: String?) -> Bool,
    while listens: @escaping @MainActor () -> Bool = { true }
  ) {
    observers.append((hear, listens))
  }

  /// Lets go of the observers whose window is gone (fourth adapter review, E10: one was kept per
  /// scene ever connected until a badge was set).
  package func forgetClosedWindows() {
    observers = observers.filter { $0.listens() }
  }

  /// How many observers it keeps, for the checks.
  package var observerCount: Int { observers.count }
}
