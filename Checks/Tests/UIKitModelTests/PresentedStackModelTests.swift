// A route that presents its `under` screens and its own as one level (Kickstarter's project
// links), against the model of UIKit. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// A project's comments, presented as a sheet holding the project's list and the comments.
private let projectManifest = """
  {"routes": [
    {"name": "comments", "pattern": "app://project/<int:id>/comments", "target": "Editor",
     "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
     "under": [{"target": "List", "parameters": ["id"]}]},
    {"name": "project", "pattern": "app://project/<int:id>", "target": "List",
     "presentation": "sheet", "presentsStack": true, "presented": "dismiss"},
    {"name": "peek", "pattern": "app://peek/<int:id>/comments", "target": "Editor",
     "presentation": "popover", "presentsStack": true, "presented": "dismiss",
     "under": [{"target": "List", "parameters": ["id"]}]}
  ]}
  """

extension ModelChecks {
  @MainActor
  @Suite("A presented stack")
  struct PresentedStack {
    @Test("UIKit presents one navigation controller holding the whole stack, the link's screen on top")
    func onePresentation() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let router = try app.router(projectManifest)
      let comments = try await router.open("app://project/7/comments").value(as: ShownModule.self)
      await settle()
      let sheet = try #require(app.root.presentedViewController as? WaypointNavigationController)
      #expect(sheet.viewControllers.count == 2)
      let project = try #require(sheet.viewControllers.first as? ListController)
      #expect(project.appeared == 0, "the project never showed on its own before the comments")
      #expect(sheet.viewControllers.last === comments.destination(as: EditorController.self))
      #expect(app.navigator.state.presented?.state.stack.map(\.target) == ["List", "Editor"])
      expectNoException()
    }

    @Test("the project's link on its presented stack pops to the project, presenting nothing again")
    func sameLevelAgain() async throws {
      let app = try makeApp()
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let router = try app.router(projectManifest)
      _ = try await router.open("app://project/7/comments")
      await settle()
      let sheet = try #require(app.root.presentedViewController as? WaypointNavigationController)
      _ = try await router.open("app://project/7")
      await settle()
      #expect(app.root.presentedViewController === sheet, "the same sheet")
      #expect(sheet.viewControllers.count == 1)
      #expect(app.navigator.state.presented?.state.stack.map(\.target) == ["List"])
      _ = try await router.open("app://project/7/comments")
      await settle()
      #expect(sheet.viewControllers.count == 2, "the comments pushed onto the same sheet")
      expectNoException()
    }

    @Test("a stack presented as a popover: one navigation controller in a popover, anchored at the source")
    func popoverStack() async throws {
      let app = try makeApp()
      let list = try await app.modules.show(ListController.self, .replaceRoot)
      let router = try app.router(projectManifest)
      let editor = try await router.open("app://peek/7/comments").value(as: ShownModule.self)
      await settle()
      let popover = try #require(app.root.presentedViewController as? WaypointNavigationController)
      #expect(popover.modalPresentationStyle == .popover)
      let source = try #require(list.destination(as: ListController.self))
      #expect(popover.popoverPresentationController?.sourceView === source.view, "anchored at the source's view")
      #expect(popover.viewControllers.count == 2)
      #expect((popover.viewControllers.first as? ListController)?.appeared == 0, "the list never showed alone")
      #expect(popover.viewControllers.last === editor.destination(as: EditorController.self))
      #expect(app.navigator.state.presented?.presentation == .present(style: "popover"))
      #expect(app.navigator.state.presented?.state.stack.map(\.target) == ["List", "Editor"])
      expectNoException()
    }
  }
}
