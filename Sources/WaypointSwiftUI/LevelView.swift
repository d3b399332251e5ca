#if canImport(SwiftUI)
import Foundation
import SwiftUI
package import Waypoint
package import WaypointAdapterSupport

/// One level: its stack, and what it presents as the next level.
struct LevelView<Destination: View>: View {
  let host: HostContext<Destination>
  let level: Int
  /// The item this level is presented as (`nil` for the root): while it slides away after
  /// leaving the state, the level shows its last content.
  let item: PresentedItem?
  /// Which columns of a three-column split view show in regular width: SwiftUI's to change (the
  /// sidebar button); the state does not hold it.
  @State private var columnVisibility = NavigationSplitViewVisibility.automatic

  var body: some View {
    // Read here, so SwiftUI draws the level again when a staged presentation may go ahead.
    let shownLevels = host.shared.staging.shownLevels(of: host.coordinator.navigator.state.levels)
    presentations(stack, shownLevels: shownLevels)
      .reportingPresentationEnd(presentationEnd)
      .onAppear {
        if let item { host.shared.appeared(level: level, screen: item.screen.id) }
      }
      .onDisappear {
        if let item { host.shared.disappeared(level: level, screen: item.screen.id, in: host.coordinator) }
      }
  }

  /// What tells the host that UIKit finished presenting this level (nothing for the root).
  private var presentationEnd: (@MainActor () -> Void)? {
    guard let item else { return nil }
    let shared = host.shared
    let level = level
    let screen = item.screen.id
    return { shared.presentationEnded(level: level, screen: screen) }
  }

  /// The level as the state has it, or as it was last drawn while it slides away.
  private var levelState: NavigationLevel? {
    let levels = host.coordinator.navigator.state.levels
    if level < levels.count, item == nil || levels[level].root?.id == item?.id {
      host.shared.keep(levels[level], for: item?.id)
      return levels[level]
    }
    return item.flatMap { host.shared.kept($0.id) }
  }

  /// Whether the level is still in the state (not sliding away).
  private var isLive: Bool {
    let levels = host.coordinator.navigator.state.levels
    return level < levels.count && (item == nil || levels[level].root?.id == item?.id)
  }

  @ViewBuilder private var stack: some View {
    if let tabs = levelState?.tabs, level == 0 {
      TabView(selection: tabSelection) {
        ForEach(tabs.tabs) { tab in tabContent(tab) }
      }
    } else if let split = levelState?.split, level == 0 {
      pane(tab: nil, split: split)
    } else if levelState?.hasNavigationStack ?? true {
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
    if let screen = host.coordinator.navigator.state[stack: location]?.first { draw(screen).id(screen.id) }
  }

  @ViewBuilder private var root: some View {
    // The root's identity is its screen's, so a new root (replaceRoot) starts with fresh state.
    if let screen = levelState?.root { draw(screen).id(screen.id) }
  }

  /// The view of `screen`, which closes that screen with `closeScreen()`.
  private func draw(_ screen: Screen) -> some View {
    host.destination(screen, host.shared.destination(for: screen, in: host.coordinator))
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
    LevelView(host: host, level: level + 1, item: item)
  }

  /// The level's path; writing a shorter one is the user going back.
  private var path: Binding<[Screen]> {
    let host = host
    let level = level
    let shown = levelState?.path ?? []
    let live = isLive
    return Binding(
      get: { @MainActor in live ? host.shared.readPath(.level(level), in: host.coordinator.navigator.state) : shown },
      set: { @MainActor path in
        // Made against what SwiftUI showed: a write about screens a link took away meanwhile
        // changes nothing.
        guard live,
          let edit = host.shared.edit(writingPath: path, to: .level(level), in: host.coordinator.navigator.state)
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
      get: { @MainActor in host.coordinator.navigator.state.tabs?.selected ?? "" },
      set: { @MainActor id in
        let edit = host.coordinator.navigator.state.edit(choosingTab: id)
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
        switch host.coordinator.navigator.state.compactColumn(in: tab) {
        case .secondary: .detail
        case .supplementary: .content
        case .primary: .sidebar
        }
      },
      set: { @MainActor column in
        let shown: SplitColumn = column == .sidebar ? .primary : column == .content ? .supplementary : .secondary
        for edit in host.coordinator.navigator.state.edits(showingCompactColumn: shown, in: tab) { host.report(edit) }
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
    let level = level
    let live = isLive
    return Binding(
      get: { @MainActor in
        host.shared.readItem(
          PresentedItem.shown(
            in: host.coordinator.navigator.state, level: level, shownLevels: shownLevels, live: live,
            styles: styles),
          level: level)
      },
      set: { @MainActor item in
        guard item == nil, live else { return }
        host.dismissItem(level: level, styles: styles)
      })
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
extension PresentedItem {
  /// What level `level` of `state` presents with one of `styles`, when SwiftUI may show it: the
  /// level's view is live and `shownLevels` lets the level over it be drawn.
  ///
  /// SwiftUI may read a presentation's binding after the state lost the level (a link or the
  /// user dismissed it) and before the level's view is drawn again: that reads as nothing
  /// presented, never past the state's levels.
  package static func shown(
    in state: NavigationState, level: Int, shownLevels: Int, live: Bool, styles: Set<Style>
  ) -> PresentedItem? {
    guard live, level + 1 < shownLevels, let item = state.levels[safe: level]?.presented,
      styles.contains(item.style)
    else { return nil }
    return item
  }
}
#endif
