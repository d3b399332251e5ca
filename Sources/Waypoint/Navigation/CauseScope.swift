import Synchronization

/// The cause of the navigation change under way in the current task: set by a
/// ``ScreenCoordinator`` around a link it shows (and by a restore), read by a navigator when it
/// publishes the state the change reached.
///
/// A task the change starts inherits the scope, but once the change is over the scope is
/// closed: what that task shows later is the app's own change, not the link's.
package enum CauseScope {
  /// The scope of the change under way, or `nil`.
  @TaskLocal static var scope: Scope?

  /// One change's cause, open while the change runs.
  final class Scope: Sendable {
    let cause: ScreenEvent.Cause
    let isOpen = Atomic<Bool>(true)

    init(_ cause: ScreenEvent.Cause) {
      self.cause = cause
    }
  }

  /// The cause of the change under way, or `nil` for the app's own code.
  package static var current: ScreenEvent.Cause? {
    scope.flatMap { $0.isOpen.load(ordering: .relaxed) ? $0.cause : nil }
  }

  /// Runs `change` with `cause` as the cause of what it shows, unless a change under way already
  /// has one (a link that restores keeps its link).
  @MainActor
  package static func during<Value, Failure: Error>(
    _ cause: ScreenEvent.Cause, _ change: () async throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    if current != nil { return try await change() }
    let scope = Scope(cause)
    defer { scope.isOpen.store(false, ordering: .relaxed) }
    return try await $scope.binding(scope, change)
  }

  /// Runs `change` with `cause` as ``during(_:_:)`` does, within the caller's turn.
  @MainActor
  package static func duringNow<Value, Failure: Error>(
    _ cause: ScreenEvent.Cause, _ change: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if current != nil { return try change() }
    let scope = Scope(cause)
    defer { scope.isOpen.store(false, ordering: .relaxed) }
    return try $scope.bindingNow(scope, change)
  }
}
