#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

// Tab bars and split views: the root level's containers, each change one UIKit call.

extension UIKitNavigator {
  /// Executes a container step of the root level.
  func carryOutContainerStep(_ step: NavigationStep) async throws(NavigationError) {
    switch step {
    case .setTabs(let ids):
      try await setTabs(ids, step)
    case .selectTab(let id):
      try await clearForeign(over: 0, step)
      try selectTabNow(id, step)
    case .setSplit(let style, let tab):
      try setSplit(style, in: tab, step)
    case .setCollapsed:
      // The size class collapses and expands a split view, not the app: the state takes what
      // UIKit shows once the step is done.
      needsSync = true
    case .setStack(let screens, let location):
      guard stacks[location] != nil else {
        throw NavigationError(.invalidStep, "cannot \(step): the navigator has no stack at '\(location)'")
      }
      try await clearForeign(over: 0, step)
      let stack = try setStackNow(screens, at: location, step)
      try await finishTransition(of: stack, step)
      // Showing the secondary column does nothing to an expanded split view, and puts it on top
      // of a collapsed one, whose `isCollapsed` may not say so before it first appeared.
      if location.column == .secondary, !screens.isEmpty, let split = splits[StackLocation(tab: location.tab)] {
        split.show(.secondary)
      }
    default:
      throw NavigationError(.invalidStep, "cannot \(step): not a container step")
    }
  }

  /// Selects the tab `id`, nothing over the tab bar to clear.
  func selectTabNow(_ id: String, _ step: NavigationStep) throws(NavigationError) {
    guard let bar = tabBarController, let tab = tabController(of: id) else {
      throw NavigationError(.invalidStep, "cannot \(step): the navigator shows no tab bar with that tab")
    }
    bar.selectedViewController = tab
  }

  /// Sets the stack at `location` to `screens`, nothing over it to clear, and returns it, its
  /// transition running on: `setViewControllers(_:animated:)` changes `viewControllers` when it
  /// is called (https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)).
  func setStackNow(
    _ screens: [Screen], at location: StackLocation, _ step: NavigationStep
  ) throws(NavigationError) -> UINavigationController {
    guard let stack = stacks[location] else {
      throw NavigationError(.invalidStep, "cannot \(step): the navigator has no stack at '\(location)'")
    }
    var shown: [UIViewController] = []
    for screen in screens {
      let controller = try controller(for: screen)
      try Self.checkStackable(controller, screen: screen.id)
      shown.append(controller)
    }
    for controller in shown { Self.detach(controller, for: stack) }
    let visible = location.tab == nil || location.tab == current.tabs?.selected
    stack.setViewControllers(shown, animated: animated && visible)
    return stack
  }

  /// Makes the window's root a tab bar controller with a stack per tab, or puts the root stack
  /// back (`nil`); what was presented over the old root is dismissed first.
  private func setTabs(_ ids: [String]?, _ step: NavigationStep) async throws(NavigationError) {
    if let ids, ids.count > Self.tabLimit {
      throw NavigationError(
        .unsupportedPresentation,
        "cannot show \(ids.count) tabs: iPhone's tab bar has room for five, and UIKit lists the tabs from the fifth "
          + "on under More, in a navigation controller of its own, where a split view raises an exception and a "
          + "tab's own pushes and pops are not on screen; keep to five tabs, or show the others from a screen")
    }
    guard let window else {
      throw NavigationError(
        .unsupportedPresentation,
        "cannot \(step): the navigator needs its window to show a tab bar; make it with init(window:)")
    }
    try await clearRoot(for: step, screen: nil)
    // The root stack leaves a split view it was in, and starts empty, whichever way this goes.
    splits[.primary]?.setViewController(nil, for: .primary)
    rootController.setViewControllers([], animated: false)
    stacks = [:]
    splits = [:]
    guard let ids else {
      tabBarController = nil
      window.rootViewController = rootController
      containers = [rootController]
      return
    }
    let bar = WaypointTabBarController(nibName: nil, bundle: nil)
    bar.onReselect = { [weak self] index in
      // Only a tab with screens over its root pops; the tap on a root changes nothing.
      // A split view's tab pops nothing when tapped again.
      guard let self, let ids = self.current.tabs?.ids, ids.indices.contains(index),
        self.current.split(in: ids[index]) == nil, (self.current[stack: StackLocation(tab: ids[index])]?.count ?? 0) > 1
      else { return }
      self.reselectedTab = ids[index]
    }
    var tabs: [UIViewController] = []
    for id in ids {
      let stack = makeStack()
      stack.reports.reportsAppearance = true
      stack.title = id
      Self.show(tabItems?[id]?.item, of: id, on: stack.tabBarItem)
      configureTab(id, stack)
      stacks[StackLocation(tab: id)] = stack
      tabs.append(stack)
    }
    bar.setViewControllers(tabs, animated: false)
    // The tabs stay in the state's order: the user cannot move them from the More screen's Edit
    // (`customizableViewControllers` is every tab by default).
    bar.customizableViewControllers = []
    tabBarController = bar
    window.rootViewController = bar
    containers = [bar]
  }

  /// Puts the primary stack of `tab` (or of the root) into a split view of `style`, with a
  /// new stack per other column, or takes the split view away (`nil`).
  private func setSplit(_ style: SplitStyle?, in tab: String?, _ step: NavigationStep) throws(NavigationError) {
    let owner = StackLocation(tab: tab)
    guard let primary = tab == nil ? rootController : stacks[owner] else {
      throw NavigationError(.invalidStep, "cannot \(step): the navigator shows no tab '\(tab ?? "")'")
    }
    // What the tab bar shows as the tab now (the old split view, or the stack), found before the
    // bookkeeping changes.
    let shown = tab.flatMap { tabController(of: $0) }
    if let old = splits[owner] {
      old.setViewController(nil, for: .primary)
      stacks[StackLocation(tab: tab, column: .supplementary)] = nil
      stacks[StackLocation(tab: tab, column: .secondary)] = nil
      splits[owner] = nil
      if style == nil { try install(primary, in: tab, replacing: shown, step) }
    }
    guard let style else { return }
    let split = WaypointSplitViewController(style: style == .tripleColumn ? .tripleColumn : .doubleColumn)
    split.reports.navigator = self
    // The split takes the primary stack's place first, so the stack leaves its old parent
    // before the split adopts it.
    try install(split, in: tab, replacing: shown, step)
    split.setViewController(primary, for: .primary)
    if style == .tripleColumn {
      let supplementary = makeStack()
      supplementary.reports.container = supplementary
      split.setViewController(supplementary, for: .supplementary)
      stacks[StackLocation(tab: tab, column: .supplementary)] = supplementary
    }
    let secondary = makeStack()
    secondary.reports.container = secondary
    split.setViewController(secondary, for: .secondary)
    stacks[StackLocation(tab: tab, column: .secondary)] = secondary
    splits[owner] = split
  }

  /// The most tabs a tab bar of the navigator's shows.
  ///
  /// iPhone's tab bar has room for five, and lists more under More
  /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/morenavigationcontroller),
  /// where the navigator could not keep the state and the screen in step (third adapter review,
  /// B1). An iPad app gets the same limit: a narrow window of it is laid out as an iPhone's.
  static let tabLimit = 5

  /// The controller the tab bar shows as the tab `id`: its split view, else its stack.
  ///
  /// Tabs are found by the controller, never by their index, which the More screen's editing
  /// would change.
  func tabController(of id: String) -> UIViewController? {
    splits[StackLocation(tab: id)] ?? stacks[StackLocation(tab: id)]
  }

  /// Shows `controller` as the tab `tab` in the place of `old` (what the tab bar shows as that
  /// tab), or as the window's root.
  private func install(
    _ controller: UIViewController, in tab: String?, replacing old: UIViewController?, _ step: NavigationStep
  ) throws(NavigationError) {
    if let tab {
      guard let bar = tabBarController, let old, var tabs = bar.viewControllers,
        let index = tabs.firstIndex(where: { $0 === old })
      else { throw NavigationError(.invalidStep, "cannot \(step): the navigator shows no tab '\(tab)'") }
      controller.tabBarItem = tabs[index].tabBarItem
      tabs[index] = controller
      bar.setViewControllers(tabs, animated: false)
      bar.customizableViewControllers = []
    } else {
      guard let window else {
        throw NavigationError(
          .unsupportedPresentation,
          "cannot \(step): the navigator needs its window to show a split view; make it with init(window:)")
      }
      window.rootViewController = controller
      containers[0] = controller
    }
  }

  /// A stack of the navigator's, which reports its own pops.
  func makeStack() -> WaypointNavigationController {
    let stack = WaypointNavigationController(nibName: nil, bundle: nil)
    stack.reports.navigator = self
    stack.reports.holdsScreens = true
    return stack
  }
}

/// The split view controller a ``UIKitNavigator`` makes for a split view in its state.
///
/// It is its own delegate, to report collapsing and expanding; the app reaches it through
/// ``UIKitNavigator/splitViewController(in:)`` to style it, and leaves its delegate alone.
@MainActor
final class WaypointSplitViewController: UISplitViewController, UISplitViewControllerDelegate {
  let reports = ContainerReports()

  override init(style: UISplitViewController.Style) {
    super.init(style: style)
    delegate = self
  }

  required init?(coder: NSCoder) { nil }

  /// A split view that appears (its tab selected, the window shown) may have collapsed or
  /// changed before: the navigator looks again.
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    reports.navigator?.containerChanged()
  }

  func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
    reports.navigator?.containerChanged()
  }

  func splitViewControllerDidExpand(_ svc: UISplitViewController) {
    reports.navigator?.containerChanged()
  }

  /// The column on top once collapsed is the one the state shows: UIKit proposes the secondary
  /// column even when it is empty, which would show an empty stack with a Back button.
  func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column {
    reports.navigator?.topColumnForCollapsing(svc) ?? proposedTopColumn
  }
}

extension UIKitNavigator {
  /// The column a split view of the navigator's shows on top once collapsed: the deepest one
  /// holding screens in the state (secondary, then supplementary), else the primary one.
  func topColumnForCollapsing(_ split: UISplitViewController) -> UISplitViewController.Column {
    guard let owner = splits.first(where: { $0.value === split })?.key else { return .primary }
    if current[stack: StackLocation(tab: owner.tab, column: .secondary)]?.isEmpty == false { return .secondary }
    if current[stack: StackLocation(tab: owner.tab, column: .supplementary)]?.isEmpty == false { return .supplementary }
    return .primary
  }
}
/// The tab bar controller the navigator makes: it says when the user taps the selected tab again,
/// so the pop to its root that follows is taken in as a re-tap, not as going back.
///
/// UITabBarController is its tab bar's delegate (`UITabBarController : UIViewController
/// <UITabBarDelegate>`), and `tabBarController(_:didSelect:)` is called "regardless of whether the
/// selected view controller changed"
/// (https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:didselect:));
/// the override leaves that delegate to the app.
final class WaypointTabBarController: UITabBarController {
  /// Called with the index of the selected tab when the user taps it again, before UIKit pops it.
  var onReselect: ((Int) -> Void)?

  override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    if let index = tabBar.items?.firstIndex(where: { $0 === item }), index == selectedIndex { onReselect?(index) }
    super.tabBar(tabBar, didSelect: item)
  }
}

extension UIKitNavigator {
  /// Shows `badge` on the bar item of the tab `id`, when the tab bar has that tab.
  func showBadge(_ badge: String?, onTab id: String) {
    stacks[StackLocation(tab: id)]?.tabBarItem.badgeValue = badge
  }

  /// Gives a tab's bar item its title (the tab's id when it has none), image and badge.
  static func show(_ item: TabItem?, of id: String, on barItem: UITabBarItem) {
    barItem.title = item?.title ?? id
    switch item?.image {
    case .system(let name)?: barItem.image = UIImage(systemName: name)
    case .named(let name)?: barItem.image = UIImage(named: name)
    case nil: barItem.image = nil
    }
    barItem.badgeValue = item?.badge
  }
}
#endif
