import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// The state a window opens on: what can be shown of a restored state, or of the app's start.

extension WaypointApp {
  /// The state the window of `modules` opens on, from `state` (a restored state, or ``start``):
  /// without the restored screens a closed sign-in gate stands in front of, and without the
  /// screens whose destination cannot be made now, each left out with those over it and
  /// reported as a `dropped` event of origin ``Origin/restoredState`` with its reason (third
  /// adapter review, B2 and B17).
  ///
  /// The destinations made to know it wait in the coordinator for the window's first plan, so
  /// no screen is made twice and a screen that cannot be made never reaches UIKit or SwiftUI.
  package func firstState(_ state: NavigationState, in coordinator: ScreenCoordinator) async -> NavigationState {
    let ungated = await leavingOutGatedScreens(guardedRestoring(state))
    return leavingOutUnmadeScreens(ungated, in: coordinator)
  }

  /// Opens the window `id` over a ``HeadlessNavigator``, SwiftUI's, on what an earlier run saved
  /// for it (the JSON of ``WindowCoordinators/state(of:)``), or on ``start`` when `saved` is `nil`:
  /// the one restore path of a SwiftUI window, with the gate and the make check.
  ///
  /// What cannot be shown is left out, and each part reported as a `dropped` event of origin
  /// ``Origin/restoredState`` with its reason: what ``restoredState(from:)-(Data?)`` leaves out
  /// (screens, routes, tabs this version lacks; screens a closed sign-in gate with a main-actor
  /// session protects), then a screen whose destination cannot be made now (a deleted note), with
  /// the screens over it, so no window comes back blank (fourth adapter review, E2).
  ///
  /// ```swift
  /// let saved = UserDefaults.standard.data(forKey: "window-\(id)")
  /// app.addWindow(id, restoring: saved)
  /// ```
  ///
  /// `WaypointHost(app:)` restores each window of its own this way, from the state it keeps with
  /// its scene.
  ///
  /// - Parameters:
  ///   - id: The window's id.
  ///   - saved: What an earlier run saved for the window; `nil` for ``start``.
  /// - Returns: The window's screen coordinator.
  @discardableResult
  public func addWindow(_ id: String = WaypointApp.mainWindow, restoring saved: Data?) -> ScreenCoordinator {
    openHeadlessWindow(id, restoring: saved).coordinator
  }

  /// Opens the window `id` over a ``HeadlessNavigator`` (a SwiftUI host's) on what can be shown of
  /// `saved` (see ``addWindow(_:restoring:)``), or of ``start``: a screen whose destination cannot
  /// be made is left out with those over it, and reported, as ``firstState(_:in:)`` does for a
  /// UIKit window.
  package func openHeadlessWindow(
    _ id: String, restoring saved: Data? = nil
  ) -> (coordinator: ScreenCoordinator, navigator: HeadlessNavigator) {
    // Worked out over a navigator no view reads yet, so nothing observed changes while SwiftUI
    // evaluates the host's body; what was made goes to the window's coordinator.
    let navigator = HeadlessNavigator(state: start)
    let probe = ScreenCoordinator(registry: registry, navigator: navigator)
    let restored: NavigationState
    if let saved, let state = try? JSONDecoder().decode(NavigationState.self, from: saved) {
      restored = restoredState(from: state, leavingOutAsyncGated: true)
    } else {
      restored = restoredState(from: saved)
    }
    let shown = leavingOutUnmadeScreens(restored, in: probe)
    if shown != start { navigator.showAtOnce(shown) }
    let coordinator = addWindow(id, navigator: navigator)
    coordinator.prebuilt = probe.prebuilt
    return (coordinator, navigator)
  }

  /// `state` without the screens whose destination cannot be made, and what is over them.
  ///
  /// The app's start takes the place of what is left empty. The destinations made wait in
  /// `modules.prebuilt`.
  package func leavingOutUnmadeScreens(_ state: NavigationState, in coordinator: ScreenCoordinator) -> NavigationState {
    var state = state
    // A second round checks what `start` put back; a third, what the second did (a broken start
    // is shown as it is, and its failure reported by the plan).
    for _ in 0..<3 {
      var unmade: [String: String] = [:]
      for screen in state.allScreens
      where coordinator.prebuilt[screen.id] == nil && coordinator.shownDestination(of: screen.id) == nil {
        do {
          coordinator.prebuilt[screen.id] = try coordinator.destination(for: screen)
        } catch {
          unmade[screen.id] = "its screen could not be made: \(error)"
        }
      }
      guard !unmade.isEmpty else { return state }
      let (kept, leftOut) = state.restored(onto: start) { unmade[$0.id] }
      report(leftOut)
      state = kept ?? start
    }
    return state
  }

  /// `state` without the screens not in ``start`` that a sign-in gate would refuse now (the user
  /// is signed out), and what is over them: a state saved while signed in opens no gated screen
  /// at the next launch signed out.
  ///
  /// For the gates that read their session asynchronously; those with a main-actor session
  /// guard every screen, the start's too, in `guarded(_:)` before this runs.
  private func leavingOutGatedScreens(_ state: NavigationState) async -> NavigationState {
    guard !gates.isEmpty, state != start else { return state }
    // The start's own screens are shown whatever an asynchronous gate says (it cannot be asked
    // before the window is drawn); a saved screen that only shares an id with one of them (a
    // saved state is read from storage, which may be altered) is judged.
    let fresh = start.allScreens
    var gated: [String: String] = [:]
    for screen in state.allScreens where !fresh.contains(where: { $0.id == screen.id && $0.target == screen.target }) {
      guard let request = gateRequest(for: screen) else { continue }
      for gate in gates where await Self.refuses(gate, request) {
        gated[screen.id] = "it is behind the sign-in gate '\(gate.gate)' and the user is signed out"
        break
      }
    }
    guard !gated.isEmpty else { return state }
    let (kept, leftOut) = state.restored(onto: start) { gated[$0.id] }
    report(leftOut)
    return kept ?? start
  }

  /// Whether `gate` refuses `request`, answered within `gateAnswerLimit`: a gate that has not
  /// answered by then (a session still loading, waiting on the network or a locked keychain) is
  /// taken as refusing, so a restored window is never held blank on it (second independent
  /// read, S8).
  private static func refuses(_ gate: SignInGate, _ request: RouteRequest) async -> Bool {
    // Unstructured, so a gate that never answers is not waited for.
    let answer = Locked<CheckedContinuation<Bool, Never>?>(nil)
    return await withCheckedContinuation { waiter in
      answer.withLock { $0 = waiter }
      let once: @Sendable (Bool) -> Void = { refused in
        answer.withLock { waiting in
          waiting?.resume(returning: refused)
          waiting = nil
        }
      }
      Task { once(await gate.refuses(request)) }
      Task {
        try? await Task.sleep(for: gateAnswerLimit)
        once(true)
      }
    }
  }

  /// How long a restored window waits for an asynchronous gate's answer about a saved screen.
  static let gateAnswerLimit = Duration.milliseconds(500)

  /// The request a gate judges a saved screen by: its link resolved now, else its route (by name
  /// or pattern) or its target alone.
  func gateRequest(for screen: Screen) -> RouteRequest? {
    let router = router.router
    if let link = screen.link, let request = router.resolve(link, origin: .restoredState).request { return request }
    let route =
      router.routes.first { screen.route != nil && ($0.name == screen.route || $0.pattern == screen.route) }
      ?? RouteDefinition(pattern: "", target: screen.target)
    guard let url = (try? ParsedURL(screen.link ?? "")) ?? (try? ParsedURL("")) else { return nil }
    return RouteRequest(url: url, route: route, parameters: PathParameters(screen.parameters), origin: .restoredState)
  }
}
