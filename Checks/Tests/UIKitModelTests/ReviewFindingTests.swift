// One test per finding of the adapters review (shared/reviews/uikit-swiftui-adapters.md) that
// the model of UIKit can show: each reproduces what went wrong and checks what happens now.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("Review findings")
  struct Findings {
    @Test("F3: a screen that is a navigation controller is presented unnested; pushing it is refused, not raised")
    func nestedNavigationController() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let picker = try await app.modules.show(PickerController.self, .sheet)
      let presented = try #require(app.root.presentedViewController)
      #expect(!(presented is UINavigationController), "not in a navigation controller of the navigator's")
      #expect(presented.children.first === picker.destination(as: PickerController.self))
      try await picker.remove()
      for key in [PickerController.self, SplitScreen.self] as [UIViewController.Type] {
        let error = await #expect(throws: NavigationError.self) {
          if key == PickerController.self {
            _ = try await app.modules.show(PickerController.self, .push)
          } else {
            _ = try await app.modules.show(SplitScreen.self, .push)
          }
        }
        #expect(error?.code == .unsupportedPresentation)
      }
      #expect(app.root.viewControllers.count == 1)
      expectNoException()
    }

    @Test("F4: an alert the app presented blocks a presentation with an error, and the navigator stays usable")
    func foreignPresentationRefused() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      app.root.present(AlertController(), animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .sheet)
      }
      #expect(error?.code == .presentationBlocked)
      #expect(app.navigator.state.presented == nil)
      #expect(UIKitModel.console.isEmpty, "the navigator did not even ask UIKit")
      app.root.dismiss(animated: true)
      await settle()
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      #expect(sheet.state == .shown, "the next navigation works")
      let pushed = try await app.modules.show(EditorController.self, .push)
      #expect(pushed.state == .shown)
      expectNoException()
    }

    @Test("F4: under foreignPresentations = .dismiss, the app's alert is dismissed first")
    func foreignPresentationDismissed() async throws {
      let app = try makeApp()
      app.navigator.foreignPresentations = .dismiss
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      app.root.present(AlertController(), animated: true)
      await settle()
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      #expect(app.root.presentedViewController is WaypointNavigationController)
      #expect(sheet.state == .shown)
      expectNoException()
    }

    @Test("F4: a presentation whose completion never comes does not hang the navigator")
    func completionNeverComes() async throws {
      let app = try makeApp(timeout: .milliseconds(150))
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      UIKitModel.holdsAnimations = true
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      #expect(sheet.state == .shown, "UIKit presented it; the completion alone is missing")
      let blocked = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .push)
      }
      #expect(blocked?.code == .transitionTimedOut, "a change waits for UIKit's transition, at most the timeout")
      UIKitModel.holdsAnimations = false
      UIKitModel.finishAnimations()
      let pushed = try await app.modules.show(EditorController.self, .push)
      #expect(pushed.state == .shown, "not every later navigation fails with unbalancedTransition")
      expectNoException()
    }

    @Test("F4: a custom presentation that never finishes times out and changes nothing")
    func customNeverFinishes() async throws {
      let app = try makeApp(timeout: .milliseconds(150))
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      app.navigator.register(
        custom: "stuck",
        CustomTransition(
          present: { _, _, _ in try? await Task.sleep(for: .seconds(30)) }, dismiss: { _, _ in }))
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .custom(name: "stuck"))
      }
      #expect(error?.code == .transitionTimedOut)
      #expect(app.navigator.state.presented == nil, "the state does not claim what UIKit has not shown")
      let pushed = try await app.modules.show(EditorController.self, .push)
      #expect(pushed.state == .shown)
      expectNoException()
    }

    @Test("F5: the app's own Done button (a programmatic dismiss) removes the sheet's routes")
    func programmaticDismissHeard() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let editor = try #require(sheet.destination(as: EditorController.self))
      editor.dismiss(animated: true)
      #expect(await eventually { sheet.state == .removed })
      #expect(app.navigator.state == NavigationState(stack: [list.screen]))
      let next = try await app.modules.show(EditorController.self, .push)
      #expect(app.root.viewControllers.last === next.destination(as: EditorController.self), "pushed where it shows")
      expectNoException()
    }

    @Test("F6–F8: the app's delegates stay the app's, and the navigator still hears pops and dismissals")
    func appDelegatesUntouched() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let appDelegate = AppNavigationDelegate()
      app.root.delegate = appDelegate
      let editor = try await app.modules.show(EditorController.self, .push)
      #expect(app.root.delegate === appDelegate)
      _ = app.root.popViewController(animated: true)
      #expect(await eventually { editor.state == .removed })
      #expect(appDelegate.shown == 2, "the app's delegate heard the push and the pop itself")
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let presented = try #require(app.root.presentedViewController)
      let presentationDelegate = AppPresentationDelegate()
      presented.presentationController?.delegate = presentationDelegate
      presented._modelUserDismisses()
      #expect(await eventually { sheet.state == .removed })
      await settle()
      #expect(presentationDelegate.dismissed == 1)
      expectNoException()
    }

    @Test("F9: a pop the user makes while the navigator waits on UIKit is not lost")
    func popWhileBusy() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      UIKitModel.holdsAnimations = true
      let presenting = Task { @MainActor in try await app.modules.show(EditorController.self, .sheet) }
      #expect(await eventually { app.root.presentedViewController != nil })
      _ = app.root.popViewController(animated: true)
      UIKitModel.finishAnimations()
      UIKitModel.holdsAnimations = false
      _ = try await presenting.value
      await settle()
      #expect(await eventually { editor.state == .removed })
      #expect(app.navigator.state.stack.count == 1)
      expectNoException()
    }

    @Test("F10: showDetail without a split view is refused; a collapsed column-style split shows the column")
    func showDetail() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let refused = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .showDetail)
      }
      #expect(refused?.code == .unsupportedPresentation)
      #expect(app.root.presentedViewController == nil, "no untracked modal")
      #expect(app.navigator.state.detail == nil)
      let classic = UISplitViewController(nibName: nil, bundle: nil)
      app.navigator.splitViewController = classic
      let classicError = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .showDetail)
      }
      #expect(classicError?.message.contains("classic") == true)
      let split = UISplitViewController(style: .doubleColumn)
      split._modelSetCollapsed(true)
      app.navigator.splitViewController = split
      let detail = try await app.modules.show(EditorController.self, .showDetail)
      #expect(split.viewController(for: .secondary) === detail.destination(as: EditorController.self))
      #expect(split._modelIsShowing(.secondary), "the user sees the detail in compact width")
      expectNoException()
    }

    @Test("F16-3: a custom presentation gets a stack of the navigator's, and its dismissal is heard")
    func custom() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let missing = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .custom(name: "banner"))
      }
      #expect(missing?.code == .unsupportedPresentation)
      app.navigator.register(
        custom: "banner", bannerTransition)
      let list = try #require(app.navigator.controller(for: app.navigator.state.stack[0].id))
      let banner = try await app.modules.show(EditorController.self, .custom(name: "banner"))
      let container = try #require(list.presentedViewController as? WaypointNavigationController)
      let onBanner = try await app.modules.show(EditorController.self, .push)
      #expect(container.viewControllers.count == 2, "screens push onto a custom level")
      try await onBanner.remove()
      try await banner.remove()
      await settle()
      #expect(list.presentedViewController == nil)
      let again = try await app.modules.show(EditorController.self, .custom(name: "banner"))
      await settle()
      list.dismiss(animated: true)
      #expect(await eventually { again.state == .removed })
      expectNoException()
    }

    @Test("F16-5: links that arrive during a transition wait their turn instead of failing")
    func queued() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      UIKitModel.holdsAnimations = true
      let first = Task { @MainActor in try await app.modules.show(EditorController.self, .push) }
      let second = Task { @MainActor in try await app.modules.show(EditorController.self, .sheet) }
      await settle()
      UIKitModel.holdsAnimations = false
      UIKitModel.finishAnimations()
      let pushed = try await first.value
      let presented = try await second.value
      #expect(pushed.state == .shown && presented.state == .shown)
      #expect(app.root.viewControllers.count == 2)
      expectNoException()
    }

    @Test("F16-2: a popover whose source is not on screen is refused before UIKit sees it")
    func popoverSourceOffScreen() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      _ = try await app.modules.show(EditorController.self, .push)
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .popover, from: list.screen.id)
      }
      #expect(error?.code == .invalidSource)
      expectNoException()
    }

    @Test("An app's own WaypointNavigationController shown as a screen stays in the state, and is not pushed onto")
    func appFlowAsScreen() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let flow = try await app.modules.show(FlowController.self, .sheet)
      let refused = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .push)
      }
      #expect(refused?.code == .unsupportedPresentation)
      #expect(flow.state == .shown, "checking the flow's own stack does not take the level away")
      let flowController = try #require(flow.destination(as: FlowController.self))
      flowController._modelUserDismisses()
      #expect(await eventually { flow.state == .removed }, "its dismissal is heard")
      await settle()
      let again = try await app.modules.show(FlowController.self, .sheet)
      #expect(again.state == .shown)
      expectNoException()
    }

    @Test("A replaceRoot while the app's alert is up follows foreignPresentations too")
    func replaceRootUnderAlert() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      app.root.present(AlertController(), animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .replaceRoot)
      }
      #expect(error?.code == .presentationBlocked)
      #expect(app.root.presentedViewController is AlertController, "the user's alert is still there")
      app.navigator.foreignPresentations = .dismiss
      let root = try await app.modules.show(EditorController.self, .replaceRoot)
      #expect(app.root.viewControllers.first === root.destination(as: EditorController.self))
      #expect(app.root.presentedViewController == nil)
      expectNoException()
    }

    @Test("A replaceRoot while the app's alert is up over a sheet is refused too")
    func replaceRootUnderAlertOverSheet() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let container = try #require(app.root.presentedViewController)
      container.present(AlertController(), animated: true)
      await settle()
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .replaceRoot)
      }
      #expect(error?.code == .presentationBlocked)
      #expect(container.presentedViewController is AlertController)
      #expect(sheet.state == .shown)
      expectNoException()
    }

    @Test("The app setting viewControllers directly is heard like a pop")
    func viewControllersProperty() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      app.root.viewControllers = [try #require(list.destination(as: ListController.self))]
      #expect(await eventually { editor.state == .removed })
      expectNoException()
    }

    @Test("A sheet routed right after the user swiped the last one down waits for UIKit to finish")
    func presentAfterUserDismissal() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let first = try await app.modules.show(EditorController.self, .sheet)
      try #require(app.root.presentedViewController)._modelUserDismisses()
      #expect(await eventually { first.state == .removed })
      let second = try await app.modules.show(EditorController.self, .sheet)
      #expect(second.state == .shown)
      #expect(UIKitModel.console.isEmpty, "nothing was refused")
      expectNoException()
    }

    @Test("F16-2: a popover is sized by its content, and follows it")
    func popoverSize() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let popover = try await app.modules.show(EditorController.self, .popover) { editor in
        editor.preferredContentSize = CGSize(width: 320, height: 200)
      }
      let container = try #require(app.root.presentedViewController)
      #expect(container.preferredContentSize == CGSize(width: 320, height: 200))
      popover.destination(as: EditorController.self)?.preferredContentSize = CGSize(width: 300, height: 100)
      #expect(container.preferredContentSize == CGSize(width: 300, height: 100))
      expectNoException()
    }
  }
}
