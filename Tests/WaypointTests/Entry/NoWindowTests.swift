import Foundation
import Synchronization
import Testing
import Waypoint

extension QuickStartTests {
  /// With no window open a link waits and opens once in the next window; a delivery that failed
  /// never makes a later copy a duplicate (E1 of the fourth adapter review, on the core; the
  /// model's side is in Checks/).
  @MainActor
  @Suite("No window open: links wait for the next window")
  struct NoWindowTests {
    final class Ended: Sendable {
      private let box = Mutex<[Result<RouteResult, RoutingError>]>([])
      var all: [Result<RouteResult, RoutingError>] { box.withLock { $0 } }
      func add(_ outcome: Result<RouteResult, RoutingError>) { box.withLock { $0.append(outcome) } }
    }

    @Test("E1 of the fourth adapter review: a tap while no window is open waits, then opens once in the next window")
    func waitsForTheNextWindow() async throws {
      let (app, navigators) = try ScreenActionTests.app(windows: ["A"])
      app.closeWindow("A")
      #expect(!app.isReady, "no window: links wait")
      let ended = Ended()
      app.receiveNotification(link: "notes://note/5", identifier: "tap-1") { ended.add($0) }
      try await Task.sleep(for: .milliseconds(30))
      #expect(ended.all.isEmpty, "it waits rather than failing")
      let b = HeadlessNavigator(state: app.start)
      app.addWindow("B", navigator: b)
      app.windowIsShown("B")
      await ScreenActionTests.waitFor { !ended.all.isEmpty }
      #expect(ended.all.count == 1)
      #expect((try? ended.all.first?.get())?.route?.target == "Note")
      #expect(b.state.tabs?["notes"]?.stack.last?.parameters["id"] == "5", "opened in the window shown next")
      #expect(navigators["A"]?.state.tabs?["notes"]?.stack.count == 1, "not in the window that closed")
      // The scene's copy of the same tap, reported after: a duplicate of one that opened.
      app.receiveNotification(link: "notes://note/5", identifier: "tap-1") { ended.add($0) }
      await ScreenActionTests.waitFor { ended.all.count == 2 }
      guard case .failure(let error)? = ended.all.last else {
        Issue.record("the second copy opened again")
        return
      }
      #expect(error.code == .dropped)
    }

    @Test(
      "E1 of the fourth adapter review: a copy of a tap whose delivery failed is a delivery of its own, not a duplicate"
    )
    func failedIsNoDuplicate() async throws {
      let failures = Mutex(1)
      let (app, navigators) = try ScreenActionTests.app(windows: ["A"]) { routes in
        routes.add("/flaky/<int:id>", exposure: .public) { _ in
          // Fails the first time (a window gone mid-delivery, a store not loaded yet).
          let fails = failures.withLock { left in
            left -= 1
            return left >= 0
          }
          if fails {
            throw RoutingError(.handlerFailed, "not yet")
          }
          return 0
        }
      }
      _ = navigators
      let ended = Ended()
      app.receiveNotification(link: "notes://flaky/1", identifier: "tap-2") { ended.add($0) }
      await ScreenActionTests.waitFor { ended.all.count == 1 }
      app.receiveNotification(link: "notes://flaky/1", identifier: "tap-2") { ended.add($0) }
      await ScreenActionTests.waitFor { ended.all.count == 2 }
      #expect(ended.all.count == 2)
      #expect((try? ended.all.last?.get()) != nil, "the second copy opened: \(String(describing: ended.all.last))")
    }

    @Test("an app's own setReady(false) is not undone by a window shown")
    func ownNotReadyStays() throws {
      let (app, _) = try ScreenActionTests.app(windows: ["A"])
      app.setReady(false, reason: "signing out")
      app.closeWindow("A")
      app.addWindow("B", navigator: HeadlessNavigator(state: app.start))
      app.windowIsShown("B")
      #expect(!app.isReady)
    }
  }
}
