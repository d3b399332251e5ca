// UIKitNavigator's everyday behaviour against the model of UIKit: each change is one UIKit
// call, and what the user does is taken in. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

extension ModelChecks {
  @MainActor
  @Suite("UIKitNavigator")
  struct Everyday {
    @Test("push and remove: the stack follows, and nothing is kept after removal")
    func pushAndRemove() async throws {
      let app = try makeApp()
      #expect(app.window.rootViewController === app.root)
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      let listController = try #require(list.destination(as: ListController.self))
      weak let editorController = editor.destination(as: EditorController.self)
      #expect(
        app.root.viewControllers.map { ObjectIdentifier($0) } == [
          ObjectIdentifier(listController), ObjectIdentifier(try #require(editorController)),
        ])
      try await editor.remove()
      #expect(app.root.viewControllers.count == 1)
      await settle()
      #expect(editorController == nil, "the editor's view controller is released once it left")
      #expect(app.navigator.state.stack.map(\.id) == [list.screen.id])
      expectNoException()
    }

    @Test("the back button pops through the navigation controller, and the route is removed")
    func userBack() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      _ = app.root.popViewController(animated: true)
      #expect(await eventually { editor.state == .removed })
      #expect(app.navigator.state.stack.count == 1)
      #expect(await #expect(throws: NavigationError.self) { try await editor.remove() }?.code == .screenGone)
      expectNoException()
    }

    @Test("a back swipe the user cancels keeps the screen; one the user finishes removes it")
    func interactiveBack() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let editor = try await app.modules.show(EditorController.self, .push)
      app.root._modelUserBeginsBackSwipe()
      app.root._modelUserEndsBackSwipe(cancelled: true)
      await settle()
      #expect(editor.state == .shown)
      #expect(app.navigator.state.stack.count == 2)
      app.root._modelUserBeginsBackSwipe()
      app.root._modelUserEndsBackSwipe(cancelled: false)
      #expect(await eventually { editor.state == .removed })
      expectNoException()
    }

    @Test("a sheet is presented in the navigator's own navigation controller with UIKit's default detent")
    func sheet() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let sheet = try await app.modules.show(EditorController.self, .sheet)
      let presented = try #require(app.root.presentedViewController as? WaypointNavigationController)
      #expect(presented.viewControllers.first === sheet.destination(as: EditorController.self))
      #expect(presented.modalPresentationStyle == .pageSheet)
      #expect(presented.sheetPresentationController?.detents.map(\._modelName) == ["large"])
      let onSheet = try await app.modules.show(EditorController.self, .push)
      #expect(presented.viewControllers.count == 2, "a sheet has its own stack")
      presented._modelUserDismisses()
      #expect(await eventually { sheet.state == .removed && onSheet.state == .removed })
      #expect(app.navigator.state == NavigationState(stack: [list.screen]))
      expectNoException()
    }

    @Test("a popover: in a container of the navigator's, anchored to the source view's bounds")
    func popover() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let listView = try #require(list.destination(as: ListController.self)?.view)
      listView.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
      let popover = try await app.modules.show(EditorController.self, .popover)
      let shown = try #require(app.root.presentedViewController)
      #expect(shown.children.first === popover.destination(as: EditorController.self))
      #expect(shown.popoverPresentationController?.sourceView === listView)
      #expect(shown.popoverPresentationController?.sourceRect == listView.bounds)
      shown._modelUserDismisses()
      #expect(await eventually { popover.state == .removed })
      expectNoException()
    }

    @Test("present styles map to UIKit's; an unknown one is refused and nothing is half applied")
    func styles() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let form = try await app.modules.show(EditorController.self, .present(style: "formSheet"))
      #expect(app.root.presentedViewController?.modalPresentationStyle == .formSheet)
      try await form.remove()
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(EditorController.self, .present(style: "sideways"))
      }
      #expect(error?.code == .unsupportedPresentation)
      #expect(error?.message.contains("formSheet") == true)
      #expect(app.navigator.state.stack.count == 1 && app.navigator.state.presented == nil)
      expectNoException()
    }

    @Test("addChild: contained in the source, sized to its bounds and following them; undone by removal")
    func child() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let parent = try #require(list.destination(as: ListController.self))
      parent.view.frame = CGRect(x: 20, y: 40, width: 300, height: 200)
      let child = try await app.modules.show(EditorController.self, .addChild)
      let childController = try #require(child.destination(as: EditorController.self))
      #expect(parent.children.first === childController)
      #expect(childController.view._modelSuperview === parent.view)
      #expect(childController.view.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
      #expect(childController.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
      try await child.remove()
      #expect(parent.children.isEmpty)
      expectNoException()
    }

    @Test("a restore builds only what is missing, and pushes a path in one setViewControllers call")
    func restore() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let appDelegate = AppNavigationDelegate()
      app.root.delegate = appDelegate
      let saved = NavigationState(
        stack: [
          list.screen, Screen(id: "Editor#40", target: "Editor", parameters: ["id": "42"]),
          Screen(id: "Editor#41", target: "Editor", parameters: ["id": "43"]),
          Screen(id: "Editor#42", target: "Editor", parameters: ["id": "44"]),
        ],
        presented: PresentedState(
          presentation: .sheet, source: "Editor#42",
          state: NavigationState(stack: [Screen(id: "Editor#43", target: "Editor", parameters: ["id": "7"])])))
      let listController = try #require(list.destination(as: ListController.self))
      try await app.navigator.show(saved)
      #expect(app.navigator.state == saved)
      #expect(app.root.viewControllers.first === listController, "the list stays")
      #expect(app.root.viewControllers.compactMap { ($0 as? EditorController)?.noteID } == [42, 43, 44])
      #expect(appDelegate.shown == 1, "three pushes, one transition")
      let sheet = try #require(app.root.presentedViewController as? UINavigationController)
      #expect((sheet.viewControllers.first as? EditorController)?.noteID == 7)
      expectNoException()
    }

    @Test("a destination that is not a view controller is a clear error, and changes nothing")
    func unshowable() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let error = await #expect(throws: NavigationError.self) {
        try await app.modules.show(NotAController.self, .push)
      }
      #expect(error?.code == .unshowableDestination)
      #expect(error?.message.contains("NotAController") == true)
      #expect(app.navigator.state.stack.count == 1)
      #expect(app.root.viewControllers.count == 1)
    }
  }
}
