#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

/// One wait for UIKit, ended once by whichever of its signals comes first — a completion
/// handler, a container's appearance callback, a transition coordinator — or by its time limit.
///
/// UIKit does not call every completion: a refused presentation never calls `present`'s
/// (hhru/Nivelir#115 guards before presenting for this reason), so the navigator never waits
/// on one signal alone. Ending twice is harmless, which a `CheckedContinuation` is not.
@MainActor
final class UIKitWait {
  private var continuation: CheckedContinuation<Bool, Never>?
  private var result: Bool?
  private var timer: Task<Void, Never>?

  /// Ends the wait; later calls do nothing.
  ///
  /// - Parameter finished: False when the wait ended because time ran out.
  func end(finished: Bool = true) {
    guard result == nil else { return }
    result = finished
    timer?.cancel()
    timer = nil
    continuation?.resume(returning: finished)
    continuation = nil
  }

  /// Waits for ``end(finished:)``, at most `limit`; returns whether a signal (not the limit) ended it.
  func wait(at limit: Duration) async -> Bool {
    if let result { return result }
    return await withCheckedContinuation { continuation in
      self.continuation = continuation
      timer = Task { [weak self] in
        try? await Task.sleep(for: limit)
        self?.end(finished: false)
      }
    }
  }

  /// Waits until `condition` holds, looking once a frame, at most `limit`; returns whether it holds.
  ///
  /// For what UIKit finishes after its last callback (a dismissal is done a moment after
  /// the presented controller's `viewDidDisappear`, when no coordinator is left to wait on).
  static func until(_ condition: @MainActor () -> Bool, at limit: Duration) async -> Bool {
    let instant = WaypointClock.live.instant
    let deadline = instant().advanced(by: limit)
    while !condition() {
      guard instant() < deadline else { return false }
      // Paced by a task of its own: the caller's task may be cancelled, and its own sleep would
      // then end at once (`Task.sleep` throws on cancellation), spinning on the main actor
      // until the limit while UIKit cannot finish what the condition waits for.
      await Task { try? await Task.sleep(for: .milliseconds(16)) }.value
    }
    return true
  }

  /// Waits for the transition `coordinator` runs, at most `limit`; true when it ended (or
  /// there is none).
  static func transition(of coordinator: (any UIViewControllerTransitionCoordinator)?, at limit: Duration) async
    -> Bool
  {
    guard let coordinator else { return true }
    let wait = UIKitWait()
    if !coordinator.animate(alongsideTransition: nil, completion: { _ in wait.end() }) { wait.end() }
    return await wait.wait(at: limit)
  }
}
extension Array {
  /// The element at `index`, or `nil` when there is none.
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
#endif
