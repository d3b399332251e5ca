#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

extension UIKitNavigator {
  /// Takes in what UIKit shows now and the state does not yet say: presented levels that are
  /// gone (the user pulled a sheet down, the app's Done button called `dismiss`) and screens
  /// that left a stack (back button, swipe, the app's own `popViewController`).
  ///
  /// It runs when an owned container reports a change (once the change being carried out is
  /// done), and before every change, which also catches what no container of the navigator's
  /// could report. It only removes what UIKit no
  /// longer shows, so it can run any number of times.
  func sync() {
    needsSync = false
    if let level = firstGoneLevel(), level < current.levelCount, let root = current[level: level].stack.first {
      _ = try? reconcile(.dismissed(screen: root.id))
    }
    var level = 0
    while level < min(containers.count, current.levelCount) {
      defer { level += 1 }
      // Only the stacks the navigator made hold its screens; a screen that is itself a
      // navigation controller (an image picker, the app's own flow) is not in its own stack.
      guard let stack = containers[level] as? WaypointNavigationController, stack.reports.holdsScreens else {
        continue
      }
      guard let stillShown = stillShown(current[level: level].stack, in: stack) else {
        continue
      }
      _ = try? reconcile(.replacedStack(level: level, stack: stillShown))
    }
    syncContainers()
    syncDetailsAndChildren()
  }

  /// Takes in a detail and children that UIKit no longer shows (third adapter review, B13): the
  /// detail of the app's split view the user went back from (a collapsed split view popped it
  /// off the primary stack, which reported it) or that the app replaced in the secondary column
  /// of an expanded one, and a child whose controller the app took out of its parent.
  private func syncDetailsAndChildren() {
    if let split = splitViewController {
      let before = current
      for level in 0..<before.levelCount {
        guard let detail = before[level: level].detail, let controller = controllers[detail.id]?.controller else {
          continue
        }
        let shown: Bool
        if split.isCollapsed {
          let primary = split.viewController(for: .primary) as? UINavigationController
          let nested = primary?.viewControllers.contains { $0 === controller || $0 === controller.navigationController }
          shown = !(poppedDetails.contains { $0.controller === controller } && nested == false)
        } else {
          let secondary = split.viewController(for: .secondary)
          shown = secondary == nil || secondary === controller || secondary === controller.navigationController
        }
        guard !shown, split.transitionCoordinator == nil else { continue }
        _ = try? reconcile(.replacedDetail(level: level, screen: nil))
      }
    }
    // A popped detail the state no longer holds is forgotten.
    poppedDetails.removeAll { entry in
      guard let controller = entry.controller, let id = screenID(of: controller) else { return true }
      return !current.contains(id)
    }
    for screen in current.allScreens {
      guard let parent = controllers[screen.id]?.controller else { continue }
      for child in screen.children {
        let controller = controllers[child.id]?.controller
        guard controller == nil || controller?.parent !== parent else { continue }
        _ = try? reconcile(.removedChild(screen: child.id))
      }
    }
  }

  /// A stack of the navigator's popped `popped`: a detail of the app's collapsed split view among
  /// them is one the user went back from, once the pop ends.
  func stackPopped(_ popped: [UIViewController]) {
    for controller in popped {
      let inside = (controller as? UINavigationController)?.viewControllers ?? []
      for candidate in [controller] + inside
      where (0..<current.levelCount).contains(where: { level in
        current[level: level].detail.map { controllers[$0.id]?.controller === candidate } ?? false
      }) {
        poppedDetails.append(WeakController(candidate))
      }
    }
  }

  /// Takes in what the root level's tab bar and split views show: the tab the user selected,
  /// screens that left a tab's or a column's stack, and a split view that collapsed or expanded.
  private func syncContainers() {
    // The selected tab by its controller: the More navigation controller (a tab chosen from the
    // More list) is no tab of the state, and leaves the selection as it is.
    if let bar = tabBarController, let selected = bar.selectedViewController,
      let id = current.tabs?.ids.first(where: { tabController(of: $0) === selected }), id != current.tabs?.selected
    {
      _ = try? reconcile(.selectedTab(id))
    }
    var rootStacks = Array(stacks)
    if splits[.primary] != nil { rootStacks.append((.primary, rootController)) }
    for (location, stack) in rootStacks {
      guard let stillShown = stillShown(current[stack: location] ?? [], in: stack) else { continue }
      if let tab = location.tab, tab == reselectedTab, location.column == .primary, stillShown.count == 1 {
        // The tab tapped again popped to its root: a re-tap, as the state's own edit says.
        reselectedTab = nil
        _ = try? reconcile(.reselectedTab(tab))
        continue
      }
      _ = try? reconcile(.replacedStack(level: 0, stack: stillShown, location: location))
    }
    // A tap again that popped nothing (or whose pop was taken in) is forgotten once its stack
    // is still: a later back is not a re-tap.
    if let tab = reselectedTab, stacks[StackLocation(tab: tab)]?.transitionCoordinator == nil { reselectedTab = nil }
    for (owner, split) in splits where current.split(in: owner.tab)?.isCollapsed != split.isCollapsed {
      _ = try? reconcile(.collapsed(split.isCollapsed, tab: owner.tab))
    }
    // The user went back to the primary column of a collapsed split view (the primary stack
    // popped the column's stack off): the columns after it empty, as SwiftUI's write-back of the
    // compact column does.
    for (location, stack) in stacks where location.column != .primary && stack.reports.leftCollapsedSplit {
      guard stack.transitionCoordinator == nil, stack.navigationController == nil else { continue }
      stack.reports.tookInLeavingCollapsedSplit()
      // A pop that came with the split view expanding (UIKit moving the column back, in an order
      // it does not document) is not the user going back: the column is on screen again.
      guard splits[StackLocation(tab: location.tab)]?.isCollapsed == true else { continue }
      if current[stack: location]?.isEmpty == false {
        _ = try? reconcile(.replacedStack(level: 0, stack: [], location: location))
      }
    }
  }

  /// A stack of the navigator's pops to its root on its own.
  ///
  /// UIKit does it when the user taps the selected tab again, through the tab bar or the paths
  /// that never call `tabBar(_:didSelect:)`: taken in as a re-tap of that tab, as `onReselect` does.
  func stackPopsToRoot(_ stack: WaypointNavigationController) {
    guard let location = stacks.first(where: { $0.value === stack })?.key, let tab = location.tab,
      location.column == .primary, current.tabs?.selected == tab, current.split(in: tab) == nil
    else { return }
    reselectedTab = tab
  }

  /// Brings each collapsed split view's layout in line with the state: the deepest later column
  /// that holds screens is the one on top, on the primary stack; none, and the primary is on top.
  ///
  /// A step that sets the primary stack takes a column UIKit nested there off it (third adapter
  /// review, B8), and one that empties a column leaves it on top.
  func alignCollapsedSplits() {
    for (owner, split) in splits where split.isCollapsed {
      guard let primary = owner.tab == nil ? rootController : stacks[owner] else { continue }
      let top = topColumnForCollapsing(split)
      let nested = primary.viewControllers.contains { controller in
        [UISplitViewController.Column.supplementary, .secondary].contains {
          split.viewController(for: $0) === controller
        }
      }
      if top == .primary {
        if nested { split.show(.primary) }
      } else if split.viewController(for: top).map({ shown in !primary.viewControllers.contains { $0 === shown } })
        ?? false
      {
        split.show(top)
      }
    }
  }

  /// The screens of `screens` that `stack` still shows, or `nil` when it shows them all.
  private func stillShown(_ screens: [Screen], in stack: UINavigationController) -> [Screen]? {
    // Mid-transition (a back swipe the user may still cancel) the stack's controllers are not
    // what it will show: its report comes when the transition ends.
    guard stack.transitionCoordinator == nil else { return nil }
    let shown = Set(stack.viewControllers.compactMap(screenID(of:)))
    let still = screens.filter { shown.contains($0.id) }
    return still.count < screens.count ? still : nil
  }

  /// The lowest presented level UIKit no longer presents.
  private func firstGoneLevel() -> Int? {
    let dismissed = containers.map { ($0 as? any OwnedContainer)?.reports.dismissed == true }
    return (1..<max(containers.count, 1)).first { level in
      let container = containers[level]
      if dismissed[level] { return true }
      // Being dismissed with a level over it that has already left: one dismissal takes both
      // (a level under a full-screen cover hears nothing of it, its views already gone).
      if container.isBeingDismissed, dismissed[(level + 1)...].contains(true) { return true }
      // A custom transition may show its screen without UIKit's presentation; only the
      // container's own report says when it left.
      if case .custom? = current.presentation(presentedBy: level - 1)?.kind { return false }
      return container.presentingViewController == nil && !container.isBeingDismissed
    }
  }
}

#endif
