#if canImport(SwiftUI)
import Foundation
public import SwiftUI
public import Waypoint

/// A SwiftUI view that shows a ``Waypoint/HeadlessNavigator``'s state: a `NavigationStack` bound
/// to each level's path, and `.sheet(item:)`, `.fullScreenCover(item:)` and `.popover(item:)`
/// bound to what each level presents, recursively (a presented screen has its own stack).
///
/// ```swift
/// WaypointHost(modules: modules, router: router) { screen, destination in
///   if let model = destination?.value(as: NoteEditorModel.self) { NoteEditorView(model: model) }
/// }
/// ```
///
/// Each screen is drawn by `destination` with what the module registry made for it
/// (``Waypoint/ModuleNavigator/destination(for:)``: the performed route's destination while it is
/// shown, else a new one, kept for as long as the screen is); `nil` when it could not be made.
///
/// Each binding is the SwiftUI projection of the state (``Waypoint/NavigationState/levels``):
/// reading gives a level's path or presented item, and what SwiftUI writes back (the user went
/// back, swiped a sheet down) is reported through ``Waypoint/ModuleNavigator/reconcile(_:)``, so
/// the routes of the screens that left become removed. Links from `onOpenURL` and web-browsing
/// activities go to the router as external opens. Any view below reads the module navigator
/// with `@Environment(ModuleNavigator.self)`.
public struct WaypointHost<Destination: View>: View {
  /// Shows modules; its navigator must be a `HeadlessNavigator`, whose state the host binds.
  public let modules: ModuleNavigator
  /// Where links from outside go; `nil` to leave them to the app.
  public let router: RouterHolder?
  /// The view of each screen, from the screen and its destination.
  public let destination: (Screen, ScreenDestination?) -> Destination
  /// Destinations made for screens no route holds (pushed by SwiftUI itself), by screen id.
  @State private var made = MadeDestinations()
  /// Called with each link that could not be opened.
  public var failed: @MainActor (String, RoutingError) -> Void = { _, _ in }

  /// A host over `modules`, rendering each screen with `destination`.
  public init(
    modules: ModuleNavigator, router: RouterHolder? = nil,
    @ViewBuilder destination: @escaping (Screen, ScreenDestination?) -> Destination
  ) {
    self.modules = modules
    self.router = router
    self.destination = destination
  }

  /// The root level, with links and the environment.
  public var body: some View {
    LevelView(modules: modules, depth: 0, made: made, destination: destination)
      .environment(modules)
      .onOpenURL { url in open(url.absoluteString, origin: .external()) }
      .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
        if let url = activity.webpageURL { open(url.absoluteString, origin: .universalLink) }
      }
  }

  private func open(_ link: String, origin: Origin) {
    guard let router else { return }
    let failed = failed
    Task { @MainActor in
      do throws(RoutingError) {
        _ = try await router.open(link, origin: origin)
      } catch {
        failed(link, error)
      }
    }
  }
}

/// One level: its stack, and what it presents as the next level.
struct LevelView<Destination: View>: View {
  let modules: ModuleNavigator
  let depth: Int
  let made: MadeDestinations
  let destination: (Screen, ScreenDestination?) -> Destination

  var body: some View {
    stack
      .sheet(item: item(.sheet)) { _ in next }
      .fullScreenCover(item: item(.fullScreenCover)) { _ in next }
      .popover(item: item(.popover)) { _ in next }
  }

  private var level: NavigationLevel? {
    let levels = modules.navigator.state.levels
    return depth < levels.count ? levels[depth] : nil
  }

  @ViewBuilder private var stack: some View {
    if level?.hasNavigationStack ?? true {
      NavigationStack(path: path) {
        root.navigationDestination(for: Screen.self) { screen in draw(screen) }
      }
    } else {
      root
    }
  }

  @ViewBuilder private var root: some View {
    if let screen = level?.root { draw(screen) }
  }

  private func draw(_ screen: Screen) -> Destination {
    destination(screen, made.destination(for: screen, from: modules))
  }

  private var next: LevelView {
    LevelView(modules: modules, depth: depth + 1, made: made, destination: destination)
  }

  /// The level's path; writing a shorter one is the user going back.
  private var path: Binding<[Screen]> {
    let modules = modules
    let depth = depth
    return Binding(
      get: { @MainActor in modules.navigator.state.path(at: depth) },
      set: { @MainActor path in
        let levels = modules.navigator.state.levels
        guard depth < levels.count else { return }
        let root = levels[depth].root.map { [$0] } ?? []
        _ = try? modules.reconcile(.replacedStack(depth: depth, stack: root + path))
      })
  }

  /// What the level presents with `style`; writing `nil` is the user dismissing it.
  private func item(_ style: PresentedItem.Style) -> Binding<PresentedItem?> {
    let modules = modules
    let depth = depth
    return Binding(
      get: { @MainActor in modules.navigator.state.presentedItem(at: depth, style: style) },
      set: { @MainActor item in
        guard item == nil, let shown = modules.navigator.state.presentedItem(at: depth, style: style) else { return }
        _ = try? modules.reconcile(.dismissed(screen: shown.screen.id))
      })
  }
}
/// What the host made for screens, kept while they are shown, so a screen's model is made once.
@MainActor
final class MadeDestinations {
  private var byScreen: [String: ScreenDestination] = [:]

  func destination(for screen: Screen, from modules: ModuleNavigator) -> ScreenDestination? {
    let shown = Set(modules.navigator.state.allScreens.map(\.id))
    byScreen = byScreen.filter { shown.contains($0.key) }
    if let kept = byScreen[screen.id] { return kept }
    guard let made = try? modules.destination(for: screen) else { return nil }
    byScreen[screen.id] = made
    return made
  }
}
#endif
