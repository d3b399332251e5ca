// A link's whole change is one plan, worked out in the navigator's turn: against the model of
// UIKit, a link that arrives while the user swipes back waits for the swipe to end and builds on
// what is left (finding A1 of the second adapter review). Not a test on iOS.
import Foundation
import Observation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// A link that opens the editor over two lists.
private let manifest = """
  {"routes": [
    {"name": "deep", "pattern": "app://deep/<int:id>", "target": "Editor", "under": ["List", "List"]}
  ]}
  """

/// The ids of the screens the root navigation controller shows, bottom first.
@MainActor
private func shownIDs(_ app: ModelApp) -> [String] {
  app.root.viewControllers.compactMap { controller in
    app.navigator.state.stack.first { app.navigator.controller(for: $0.id) === controller }?.id
  }
}

/// How many times an observed state changed; its observer may run on any thread.
private final class Publications: @unchecked Sendable {
  private let lock = NSLock()
  private var counted = 0
  var value: Int { lock.withLock { counted } }
  func count() { lock.withLock { counted += 1 } }
}

/// Counts every change of `navigator`'s state, watching again after each one.
@MainActor
private func watch(_ navigator: UIKitNavigator, counting published: Publications) {
  withObservationTracking {
    _ = navigator.state
  } onChange: {
    published.count()
    Task { @MainActor in watch(navigator, counting: published) }
  }
}

extension ModelChecks {
  @MainActor
  @Suite("UIKitNavigator: one plan per change")
  struct OnePlan {
    @Test("A1: a link during a back swipe waits for it, then is planned from what the swipe left")
    func linkDuringBackSwipe() async throws {
      let app = try makeApp()
      let links = try app.router(manifest)
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      _ = try await app.modules.show(ListController.self, .push)
      let popped = try await app.modules.show(EditorController.self, .push)
      let poppedController = try #require(popped.destination(as: EditorController.self))
      app.root._modelUserBeginsBackSwipe()
      let opening = Task { @MainActor in try await links.open("app://deep/5").value(as: ShownModule.self) }
      for _ in 0..<50 { await Task.yield() }
      #expect(app.navigator.state.stack.count == 3, "nothing is planned while the swipe runs")
      app.root._modelUserEndsBackSwipe(cancelled: false)
      let editor = try await opening.value
      await settle()
      #expect(popped.state == .removed, "the user's swipe stays done")
      #expect(!app.root.viewControllers.contains { $0 === poppedController }, "the popped screen does not come back")
      #expect(app.root.viewControllers.count == 3)
      #expect(editor.destination(as: EditorController.self)?.noteID == 5)
      #expect(app.root.viewControllers.last === editor.destination(as: EditorController.self))
      #expect(shownIDs(app) == app.navigator.state.stack.map(\.id), "the state says what UIKit shows")
      #expect(editor.source == app.navigator.state.stack[1].id)
      expectNoException()
    }

    @Test("the state is published once per plan: a link building two screens is one change to observe")
    func onePublication() async throws {
      let app = try makeApp()
      let links = try app.router(manifest)
      _ = try await app.modules.show(ListController.self, .replaceRoot)
      let published = Publications()
      watch(app.navigator, counting: published)
      _ = try await links.open("app://deep/8")
      await settle()
      #expect(published.value == 1, "one publication, never the state half-way through the plan")
      #expect(app.navigator.state.stack.map(\.target) == ["List", "List", "Editor"])
      #expect(shownIDs(app) == app.navigator.state.stack.map(\.id))
      expectNoException()
    }
  }
}
