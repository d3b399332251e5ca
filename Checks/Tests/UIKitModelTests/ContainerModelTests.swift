// Tab bars and split views of UIKitNavigator against the model of UIKit: the state's containers
// become UITabBarController and UISplitViewController, links reach a whole state, and what the
// user does (a tab tap, a re-tap, a collapse) is taken in. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// Links of a tabbed app: a note opens in the search tab over the list.
private let manifest = """
  {"routes": [
    {"name": "note", "pattern": "app://note/<int:id>", "target": "Editor", "tab": "search", "under": ["List"]},
    {"name": "quick", "pattern": "app://quick/<int:id>", "target": "Editor", "presentation": "sheet"}
  ]}
  """

@MainActor
private func tabbedApp() async throws -> (ModelApp, Router, UITabBarController) {
  let app = try makeApp()
  try await app.navigator.show(NavigationState(tabs: TabContainer(ids: ["notes", "search"])))
  let bar = try #require(app.window.rootViewController as? UITabBarController)
  return (app, try app.router(manifest), bar)
}

extension ModelChecks {
  @MainActor
  @Suite("UIKitNavigator: tab bars and split views")
  struct Containers {
    @Test("a tabbed state is a tab bar at the window's root, one navigation controller per tab")
    func tabBar() async throws {
      let (app, _, bar) = try await tabbedApp()
      #expect(app.navigator.tabBarController === bar)
      #expect(bar.viewControllers?.count == 2)
      #expect(bar.viewControllers?.allSatisfy { $0 is WaypointNavigationController } == true)
      #expect(app.navigator.navigationController(at: StackLocation(tab: "search")) === bar.viewControllers?[1])
      #expect(bar.selectedIndex == 0)
      expectNoException()
    }

    @Test("a link selects its tab and builds the stack there in one setViewControllers call")
    func linkSelectsTab() async throws {
      let (app, router, bar) = try await tabbedApp()
      let editor = try await router.open("app://note/42").value(as: ShownModule.self)
      #expect(bar.selectedIndex == 1)
      let search = try #require(bar.viewControllers?[1] as? UINavigationController)
      #expect(search.viewControllers.count == 2)
      #expect(search.viewControllers.first is ListController)
      #expect((search.viewControllers.last as? EditorController)?.noteID == 42)
      #expect(app.navigator.state.tabs?["search"]?.stack.map(\.id).last == editor.screen.id)
      let again = try await router.open("app://note/42").value(as: ShownModule.self)
      #expect(again === editor, "already there: nothing is pushed")
      #expect(search.viewControllers.count == 2)
      expectNoException()
    }

    @Test("a tab the user taps is taken in; tapping the selected tab again pops it to its root")
    func tabTaps() async throws {
      let (app, router, bar) = try await tabbedApp()
      let editor = try await router.open("app://note/7").value(as: ShownModule.self)
      bar._modelUserTaps(0)
      #expect(await eventually { app.navigator.state.tabs?.selected == "notes" })
      bar._modelUserTaps(1)
      #expect(await eventually { app.navigator.state.tabs?.selected == "search" })
      #expect(editor.state == .shown, "switching tabs keeps each tab's stack")
      bar._modelUserTaps(1)
      #expect(await eventually { editor.state == .removed })
      #expect(app.navigator.state.tabs?["search"]?.stack.count == 1)
      expectNoException()
    }

    @Test("a link while a sheet is up: refuse changes nothing, keep pushes onto the sheet, dismiss dismisses it")
    func linkOverSheet() async throws {
      let (app, router, bar) = try await tabbedApp()
      _ = try await router.open("app://note/1")
      let sheet = try await router.open("app://quick/2").value(as: ShownModule.self)
      let sheetStack = try #require(bar.presentedViewController as? UINavigationController)

      app.modules.presentedPolicy = .refuse
      await #expect(throws: RoutingError.self) { _ = try await router.open("app://note/3") }
      #expect(bar.presentedViewController === sheetStack && sheetStack.viewControllers.count == 1)

      app.modules.presentedPolicy = .keep
      _ = try await router.open("app://note/3")
      #expect(sheetStack.viewControllers.count == 2, "kept: the note goes over the top, onto the sheet's stack")

      app.modules.presentedPolicy = .dismiss
      _ = try await router.open("app://note/4")
      await settle()
      #expect(bar.presentedViewController == nil)
      #expect(sheet.state == .removed)
      let search = try #require(bar.viewControllers?[1] as? UINavigationController)
      #expect((search.viewControllers.last as? EditorController)?.noteID == 4)
      #expect(app.navigator.state.presented == nil)
      expectNoException()
    }

    @Test("a split view: showDetail fills the secondary column; collapsing and expanding are taken in")
    func splitView() async throws {
      let app = try makeApp()
      try await app.navigator.show(
        NavigationState(stack: [Screen(id: "List#1", target: "List")], split: SplitColumns()))
      let split = try #require(app.navigator.splitViewController(in: nil))
      #expect(app.window.rootViewController === split)
      #expect(split.viewController(for: .primary) === app.root)
      let editor = try await app.modules.show(EditorController.self, .showDetail, from: "List#1")
      let secondary = try #require(split.viewController(for: .secondary) as? UINavigationController)
      #expect(secondary.viewControllers.first === editor.destination(as: EditorController.self))
      split._modelSetCollapsed(true)
      #expect(await eventually { app.navigator.state.split?.isCollapsed == true })
      split._modelSetCollapsed(false)
      #expect(await eventually { app.navigator.state.split?.isCollapsed == false })
      try await editor.remove()
      #expect(secondary.viewControllers.isEmpty)
      let pushed = try await app.modules.show(EditorController.self, .push, from: "List#1")
      #expect(app.root.viewControllers.count == 2, "the root stack, in the primary column, still takes pushes")
      try await pushed.remove()
      #expect(app.root.viewControllers.count == 1)
      expectNoException()
    }

    @Test("a split view given to the root level under a sheet: the sheet is dismissed, then presented from the split")
    func splitUnderSheet() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      _ = try await app.modules.show(ListController.self, .sheet)
      var target = app.navigator.state
      target.split = SplitColumns()
      try await app.navigator.show(target)
      await settle()
      let split = try #require(app.navigator.splitViewController(in: nil))
      // The stack, now a child of the split view, sees what its ancestor presents (the
      // presentedViewController page): the sheet is the split view's, not left on the stack.
      #expect(split.presentedViewController != nil, "the sheet is presented again, by the window's new root")
      #expect(split.presentedViewController?.presentingViewController === split)
      #expect(app.navigator.state == target)
      expectNoException()
    }
  }
}
