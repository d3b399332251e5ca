#if canImport(SwiftUI)
import SwiftUI
import Waypoint
import WaypointAdapterSupport

/// What every level of one host shares.
struct HostContext<Destination: View> {
  let coordinator: ScreenCoordinator
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
    shared.readPath(.location(location), in: coordinator.navigator.state)
  }

  /// Takes in the `path` SwiftUI wrote for the stack at `location`.
  ///
  /// The user went back, or a `NavigationLink` pushed. A stack leaving the screen (its tab or
  /// split view gone), or a write about screens a link took away meanwhile, has nothing to write
  /// back.
  @MainActor func write(path: [Screen], at location: StackLocation) {
    guard let edit = shared.edit(writingPath: path, to: .location(location), in: coordinator.navigator.state) else {
      return
    }
    report(edit)
  }

  /// SwiftUI cleared the item binding of the level at `level` for `styles` (the user dismissed
  /// it): only the item SwiftUI showed goes, since a link may have put another in its place.
  @MainActor func dismissItem(level: Int, styles: Set<PresentedItem.Style>) {
    guard let edit = shared.edit(dismissingItemAt: level, styles: styles, in: coordinator.navigator.state) else {
      return
    }
    report(edit)
  }

  /// Takes in a change SwiftUI wrote back; one the state refuses goes to `refused`.
  @MainActor func report(_ edit: NavigationEdit) {
    do throws(NavigationError) {
      try coordinator.reconcile(edit)
    } catch {
      refused(edit, error)
    }
  }
}
#endif
