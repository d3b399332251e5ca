// One test per finding of the second adapter review (shared/reviews/adapters-turn4.md) that the
// model of UIKit can show, each written to fail before its fix: it reproduces what went wrong
// and checks what happens now. A1 is in OnePlanModelTests, A24 in the package's origin tests.
// Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// A screen whose share button anchors the popovers shown from it.
final class AnchoringController: UIViewController, PopoverSource {
  let button = UIView()
  func popoverAnchor(for screen: Screen) -> (view: UIView, rect: CGRect?)? { (button, nil) }
}

/// A note opens in the search tab over the list.
private let tabbedManifest = """
  {"routes": [
    {"name": "note", "pattern": "app://note/<int:id>", "target": "Editor", "tab": "search", "under": ["List"]}
  ]}
  """

extension ModelChecks {
  @MainActor
  @Suite("Second adapter review")
  struct SecondReview {
    @Test("A9: removing a sheet the app's alert is up on is refused, and the alert stays with the user's text")
    func dismissLevelUnderAlert() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let container = try #require(app.root.presentedViewController)
      let alert = AlertController()
      container.present(alert, animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) { try await sheet.remove() }
      #expect(error?.code == .presentationBlocked)
      #expect(container.presentedViewController === alert, "the user's alert is still up")
      #expect(app.root.presentedViewController === container)
      #expect(sheet.state == .shown)
      #expect(app.navigator.state.presented != nil, "the state still says the sheet is up")
      app.navigator.foreignPresentations = .dismiss
      try await sheet.remove()
      await settle()
      #expect(app.root.presentedViewController == nil, "under .dismiss the sheet goes, and the alert with it")
      #expect(sheet.state == .removed)
      expectNoException()
    }

    @Test("A2: a link during a back swipe in a tab waits for it; a cancelled swipe keeps the screen")
    func linkDuringTabBackSwipe() async throws {
      let app = try makeApp()
      try await app.navigator.show(NavigationState(tabs: TabContainer(ids: ["notes", "search"])))
      let router = try app.router(tabbedManifest)
      let first = try await router.open("app://note/7").value(as: ShownModule.self)
      let bar = try #require(app.window.rootViewController as? UITabBarController)
      let search = try #require(bar.viewControllers?[1] as? WaypointNavigationController)
      search._modelUserBeginsBackSwipe()
      let opening = Task { @MainActor in try await router.open("app://note/9").value(as: ShownModule.self) }
      for _ in 0..<50 { await Task.yield() }
      #expect(first.state == .shown, "the swipe may still be cancelled: its screen is not taken for gone")
      #expect(app.navigator.state.tabs?["search"]?.stack.count == 2, "nothing is planned while the swipe runs")
      search._modelUserEndsBackSwipe(cancelled: true)
      let second = try await opening.value
      await settle()
      #expect(second.state == .shown)
      #expect((search.viewControllers.last as? EditorController)?.noteID == 9)
      #expect(search.viewControllers.count == app.navigator.state.tabs?["search"]?.stack.count)
      expectNoException()
    }

    @Test("A17: a push under the app's alert is refused, not made where the user cannot see it; .dismiss clears it")
    func pushUnderAlert() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let alert = AlertController()
      app.root.present(alert, animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .push)
      }
      #expect(error?.code == .presentationBlocked)
      #expect(app.root.viewControllers.count == 1, "nothing was pushed under the alert")
      #expect(app.root.presentedViewController === alert)
      #expect(app.navigator.state.stack.count == 1)
      app.navigator.foreignPresentations = .dismiss
      let editor = try await app.modules.show(EditorController.self, .push)
      await settle()
      #expect(app.root.presentedViewController == nil)
      #expect(app.root.viewControllers.last === editor.destination(as: EditorController.self))
      expectNoException()
    }

    @Test("A14: tabs are found by their controller; the user cannot move them, and tabs moved anyway still map")
    func tabsByController() async throws {
      let app = try makeApp()
      try await app.navigator.show(NavigationState(tabs: TabContainer(ids: ["notes", "search", "settings"])))
      let bar = try #require(app.window.rootViewController as? UITabBarController)
      #expect(bar.customizableViewControllers?.isEmpty == true, "the More screen's Edit moves no tab")
      bar._modelUserMovesTab(from: 2, to: 0)
      #expect(UIKitModel.console.last?.contains("not customizable") == true)
      // An app that lets the user move them anyway: the settings tab goes first.
      bar.customizableViewControllers = bar.viewControllers
      bar._modelUserMovesTab(from: 2, to: 0)
      bar._modelUserTaps(0)
      #expect(await eventually { app.navigator.state.tabs?.selected == "settings" }, "the tab tapped, not the first id")
      let router = try app.router(tabbedManifest)
      _ = try await router.open("app://note/5")
      await settle()
      #expect(app.navigator.state.tabs?.selected == "search")
      #expect(bar.selectedViewController === app.navigator.navigationController(at: StackLocation(tab: "search")))
      expectNoException()
    }

    @Test("a tab's split view restyled or taken away replaces what the tab bar shows, found by its controller")
    func tabSplitRestyled() async throws {
      let app = try makeApp()
      var state = NavigationState(tabs: TabContainer(ids: ["notes", "search"]))
      state.tabs?.tabs[0].split = SplitColumns()
      try await app.navigator.show(state)
      let bar = try #require(app.window.rootViewController as? UITabBarController)
      state.tabs?.tabs[0].split = SplitColumns(.tripleColumn)
      try await app.navigator.show(state)
      let split = try #require(bar.viewControllers?.first as? UISplitViewController)
      #expect(split.style == .tripleColumn)
      state.tabs?.tabs[0].split = nil
      try await app.navigator.show(state)
      #expect(bar.viewControllers?.first === app.navigator.navigationController(at: StackLocation(tab: "notes")))
      #expect(app.navigator.state == state)
      expectNoException()
    }

    @Test("a change asked from a task that is cancelled still waits for UIKit at its pace, and ends")
    func cancelledCaller() async throws {
      let app = try makeApp(timeout: .seconds(2))
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      await settle()
      let clock = ContinuousClock()
      let started = clock.now
      let removal = Task { @MainActor in try await sheet.remove() }
      removal.cancel()
      let result = await removal.result
      #expect((try? result.get()) != nil, "the removal ended: \(result)")
      #expect(clock.now - started < .seconds(1), "it did not spin until the time limit")
      #expect(app.root.presentedViewController == nil)
      #expect(app.navigator.state.presented == nil)
      expectNoException()
    }

    @Test("a pop the user makes while a plan waits for a dismissal: UIKit is never asked to pop to a screen gone")
    func popTargetGone() async throws {
      let app = try makeApp()
      let list = Screen(id: "List#1", target: "List")
      let first = Screen(id: "List#2", target: "List")
      let second = Screen(id: "List#3", target: "List")
      var state = NavigationState(stack: [list, first, second])
      state.presented = PresentedState(
        presentation: .sheet, source: nil, state: NavigationState(stack: [Screen(id: "List#4", target: "List")]))
      try await app.navigator.show(state)
      await settle()
      UIKitModel.holdsAnimations = true
      // Back to the first screen, without the sheet: a dismissal, then a pop to it.
      let going = Task { @MainActor in try await app.navigator.show(NavigationState(stack: [list, first])) }
      for _ in 0..<20 { await Task.yield() }
      // The user, meanwhile, goes back to the list (the Back button's menu).
      _ = app.root.popToRootViewController(animated: false)
      UIKitModel.holdsAnimations = false
      UIKitModel.finishAnimations()
      let result = await going.result
      await settle()
      if case .failure(let error) = result { #expect((error as? NavigationError)?.code == .screenGone) }
      #expect(app.root.viewControllers.count == app.navigator.state.stack.count, "UIKit and the state agree")
      expectNoException()
    }

    @Test("A26: a popover points at the view its source names, not at the source's whole view")
    func popoverAnchor() async throws {
      UIKitModel.reset()
      var builder = ModuleRegistryBuilder()
      builder.registerScreen(AnchoringController.self, target: "Anchoring") { _ in AnchoringController() }
      builder.registerScreen(EditorController.self, target: "Editor") { _ in EditorController() }
      let window = UIWindow(windowScene: UIWindowScene())
      let navigator = UIKitNavigator(window: window)
      let modules = ScreenCoordinator(registry: try builder.build(), navigator: navigator)
      let source = try await modules.show(AnchoringController.self, .replaceRoot)
      let controller = try #require(source.destination(as: AnchoringController.self))
      controller.view.addSubview(controller.button)
      _ = try await modules.show(EditorController.self, .popover)
      let popover = try #require(navigator.rootController.presentedViewController?.popoverPresentationController)
      #expect(popover.sourceView === controller.button)
      #expect(popover.sourceRect == controller.button.bounds)
      expectNoException()
    }

    @Test("A4: Back to the primary column of a collapsed split is taken in, and the same link shows its note again")
    func collapsedBack() async throws {
      let app = try makeApp()
      var state = NavigationState(
        tabs: TabContainer([NavigationTab(id: "notes", stack: [Screen(id: "List#1", target: "List")])]))
      state.tabs?.tabs[0].split = SplitColumns()
      try await app.navigator.show(state)
      let split = try #require(app.navigator.splitViewController(in: "notes"))
      split._modelSetCollapsed(true)
      await settle()
      let router = try app.router(
        #"{"routes": [{"pattern": "app://note/<int:id>", "target": "Editor", "tab": "notes", "column": "secondary", "under": ["List"]}]}"#
      )
      let first = try await router.open("app://note/7").value(as: ShownModule.self)
      await settle()
      #expect(split._modelIsShowing(.secondary))
      // The user taps Back: the list is on top again.
      split._modelUserGoesBackToPrimary()
      #expect(await eventually { app.navigator.state.tabs?["notes"]?.split?.secondary.isEmpty == true })
      #expect(await eventually { first.state == .removed }, "the note's screen left")
      // The same link again: the note is on screen, not taken for already there.
      _ = try await router.open("app://note/7")
      await settle()
      #expect(split._modelIsShowing(.secondary))
      #expect(app.navigator.state.tabs?["notes"]?.split?.secondary.count == 1)
      expectNoException()
    }

    @Test("A12: a restore moving a live screen to another tab does not hand UIKit a controller another stack holds")
    func screenMovesBetweenTabs() async throws {
      let app = try makeApp()
      let list = Screen(id: "List#1", target: "List")
      try await app.navigator.show(
        NavigationState(tabs: TabContainer([NavigationTab(id: "notes"), NavigationTab(id: "search", stack: [list])])))
      let bar = try #require(app.window.rootViewController as? UITabBarController)
      try await app.navigator.show(
        NavigationState(tabs: TabContainer([NavigationTab(id: "notes", stack: [list]), NavigationTab(id: "search")])))
      await settle()
      let notes = try #require(bar.viewControllers?[0] as? UINavigationController)
      let search = try #require(bar.viewControllers?[1] as? UINavigationController)
      #expect(notes.viewControllers.count == 1)
      #expect(search.viewControllers.isEmpty)
      #expect(app.navigator.state.tabs?["notes"]?.stack.map(\.id) == ["List#1"])
      expectNoException()
    }

    @Test("A23: the navigator keeps track only of the screens it shows, however many came and went")
    func controllersPruned() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      for _ in 0..<20 {
        let editor = try await app.modules.show(EditorController.self, .push)
        try await editor.remove()
      }
      await settle()
      #expect(app.navigator.trackedControllerCount == 1, "the list alone")
      #expect(app.root.viewControllers.count == 1)
      expectNoException()
    }

    @Test("A3: a second showDetail replaces the detail in UIKit's secondary column, not pushed onto the first")
    func showDetailTwice() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let split = UISplitViewController(style: .doubleColumn)
      app.navigator.splitViewController = split
      _ = try await app.modules.show(EditorController.self, .showDetail)
      let second = try await app.modules.show(EditorController.self, .showDetail)
      let shown = try #require(second.destination(as: EditorController.self))
      #expect(split._modelSecondaryStack.count == 1, "Back must not lead to a detail the state no longer has")
      #expect(split._modelSecondaryStack.first === shown)
      #expect(app.navigator.state.detail?.id == second.screen.id)
      expectNoException()
    }

    @Test("A13: a screen that stays through a plan changing the tabs keeps its shown module")
    func moduleKeptThroughNewTabs() async throws {
      let app = try makeApp()
      try await app.navigator.show(NavigationState(tabs: TabContainer(ids: ["notes", "search"])))
      let router = try app.router(tabbedManifest)
      let editor = try await router.open("app://note/7").value(as: ShownModule.self)
      var next = app.navigator.state
      next.tabs = TabContainer(
        [NavigationTab(id: "search", stack: next.tabs?["search"]?.stack ?? []), NavigationTab(id: "settings")],
        selected: "search")
      try await app.navigator.show(next)
      await settle()
      #expect(editor.state == .shown, "its screen never left: the plan's steps in between are not states")
      #expect(app.navigator.state.tabs?["search"]?.stack.last?.id == editor.screen.id)
      expectNoException()
    }

    @Test("A4 (the column on top only): collapsing shows the primary column while the secondary is empty")
    func collapseShowsPrimary() async throws {
      let app = try makeApp()
      try await app.navigator.show(
        NavigationState(stack: [Screen(id: "List#1", target: "List")], split: SplitColumns()))
      let split = try #require(app.navigator.splitViewController(in: nil))
      split._modelSetCollapsed(true)
      #expect(split._modelShownColumn == .primary, "no empty secondary column with a Back button")
      #expect(!app.navigator.state.showsSecondaryColumn(in: nil))
      split._modelSetCollapsed(false)
      let editor = try await app.modules.show(EditorController.self, .showDetail, from: "List#1")
      split._modelSetCollapsed(true)
      #expect(split._modelShownColumn == .secondary, "a detail that is shown stays on top")
      #expect(editor.state == .shown)
      expectNoException()
    }

    @Test("A12, presenting: a restore that moves a pushed screen into a sheet hands UIKit a free controller")
    func screenMovesIntoSheet() async throws {
      let app = try makeApp()
      let list = Screen(id: "List#1", target: "List")
      let editor = Screen(id: "Editor#2", target: "Editor", parameters: ["id": "2"])
      try await app.navigator.show(NavigationState(stack: [list, editor]))
      var moved = NavigationState(stack: [list])
      _ = try moved.show(NavigationTransition(.sheet, screen: editor, from: list.id))
      try await app.navigator.show(moved)
      await settle()
      #expect(app.root.viewControllers.count == 1)
      #expect(app.navigator.state.presented != nil)
      #expect(app.root.presentedViewController != nil)
      expectNoException()
    }

    @Test("A17 (pops): removing a pushed screen under the app's alert is refused, not popped out of sight")
    func popUnderAlert() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      app.root.present(AlertController(), animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) { try await editor.remove() }
      #expect(error?.code == .presentationBlocked)
      #expect(app.root.viewControllers.count == 2)
      #expect(editor.state == .shown)
      expectNoException()
    }

    @Test("A8: the app's full-screen modal is dismissed under .dismiss before a presentation, not taken for a window")
    func foreignFullScreenDismissed() async throws {
      let app = try makeApp()
      app.navigator.foreignPresentations = .dismiss
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let onboarding = AlertController()
      onboarding.modalPresentationStyle = .fullScreen
      app.root.present(onboarding, animated: true)
      await settle()
      #expect(app.root.view.window == nil, "UIKit removes the presenter's views under a full-screen modal")
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      await settle()
      #expect(sheet.state == .shown)
      let shown = (app.root.presentedViewController as? UINavigationController)?.viewControllers.first
      #expect(shown === sheet.destination(as: EditorController.self), "the sheet is up where the modal was")
      #expect(app.root.view.window != nil, "the presenter is back in the window once the modal left")
      expectNoException()
    }
    @Test("A32: the app's navigation controller shown as a sheet and pulled down leaves the state at once")
    func appContainerPulledDown() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let picker = try await app.modules.show(PickerController.self, .sheet)
      let controller = try #require(picker.destination(as: PickerController.self))
      #expect(controller.view.window != nil, "the picker is on screen")
      controller._modelUserDismisses()
      #expect(await eventually { picker.state == .removed }, "the pull is taken in without waiting for a change")
      #expect(app.navigator.state.presented == nil)
      await settle()
      #expect(app.root.presentedViewController == nil)
      expectNoException()
    }

    @Test("A32 (several levels): the app dismissing a sheet and the cover over it takes both out at once")
    func appDismissesTwoLevels() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let cover = try await app.modules.show(EditorController.self, .fullScreen)
      await settle()
      let sheetContainer = try #require(app.root.presentedViewController)
      #expect(sheetContainer.view.window == nil, "UIKit removes the sheet's views under the full-screen cover")
      app.root.dismiss(animated: true)
      #expect(await eventually { sheet.state == .removed && cover.state == .removed }, "both leave with one dismissal")
      #expect(app.navigator.state.presented == nil)
      await settle()
      #expect(app.root.presentedViewController == nil)
      expectNoException()
    }
    @Test("A32 (wrapped): an app's flow that refuses the pull-down still refuses it, and stays in the state")
    func wrappedFlowRefusesPullDown() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let flow = try await app.modules.show(FlowController.self, .sheet)
      let controller = try #require(flow.destination(as: FlowController.self))
      controller.isModalInPresentation = true
      controller._modelUserDismisses()
      await settle()
      #expect(flow.state == .shown)
      #expect(app.root.presentedViewController?.children.first === controller)
      controller.isModalInPresentation = false
      controller._modelUserDismisses()
      #expect(await eventually { flow.state == .removed })
      expectNoException()
    }
    @Test("R9: a custom presentation shown after the navigator gave up on it is taken away, and blocks nothing")
    func lateCustomPresentation() async throws {
      let app = try makeApp(timeout: .milliseconds(150))
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let late = LatePresentation()
      app.navigator.register(
        custom: "slow",
        CustomTransition(
          present: { banner, source, animated in
            try? await Task.sleep(for: .milliseconds(300))
            banner.modalPresentationStyle = .overFullScreen
            source.present(banner, animated: animated)
            late.shown = true
          },
          dismiss: { banner, animated in banner.presentingViewController?.dismiss(animated: animated) }))
      let list = try #require(app.navigator.controller(for: app.navigator.state.stack[0].id))
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .custom(name: "slow"))
      }
      #expect(error?.code == .transitionTimedOut)
      // The transition goes on after the navigator gave up, and shows its level late.
      for _ in 0..<200 where !late.shown { try await Task.sleep(for: .milliseconds(10)) }
      #expect(late.shown, "the transition presented its level after the step failed")
      let gone = await eventually {
        UIKitModel.finishAnimations()
        return list.presentedViewController == nil
      }
      #expect(gone, "the level the failed step gave up on does not stay on screen")
      #expect(app.navigator.state.presented == nil)
      let pushed = try await app.modules.show(EditorController.self, .push)
      #expect(pushed.state == .shown, "the next change is not blocked by it")
      expectNoException()
    }
  }
}

/// Whether a custom transition has presented its level yet.
@MainActor
private final class LatePresentation {
  var shown = false
}
