import Synchronization

/// A navigator that says, as it publishes each state, why the state changed: Waypoint's own.
///
/// ``ScreenViews`` listens to it; any other navigator is followed through `Observation`, or
/// calls ``ScreenViews/record(_:window:cause:timing:)`` itself.
@MainActor
package protocol PublishesStates: Navigator {
  /// Where the navigator publishes each state with its cause.
  var statesPublished: StateFeed { get }
}

/// The states a navigator publishes, each with why it changed, handed at once to each listener.
@MainActor
package final class StateFeed {
  /// What a listener hears: the state, why it changed, and how long the navigator took.
  package typealias Hear = (NavigationState, ScreenEvent.Cause, ScreenEvent.Timing?) -> Void
  private var listeners: [(owner: ObjectIdentifier, hear: Hear)] = []
  /// Why the state last published changed; `nil` before the first.
  package private(set) var lastCause: ScreenEvent.Cause?

  /// A feed nobody listens to yet.
  package init() {}

  /// Hands `owner`'s `hear` every state published from now on.
  package func listen(_ owner: AnyObject, _ hear: @escaping Hear) {
    listeners.append((ObjectIdentifier(owner), hear))
  }

  /// Stops handing states to `owner`.
  package func stopListening(_ owner: AnyObject) {
    listeners.removeAll { $0.owner == ObjectIdentifier(owner) }
  }

  /// Publishes `state`, changed because of `cause`: by default the cause of the change under
  /// way (``CauseScope/current``), else the app's own code; `timing` for a change the navigator
  /// carried out.
  package func publish(_ state: NavigationState, cause: ScreenEvent.Cause? = nil, timing: ScreenEvent.Timing? = nil) {
    let cause = cause ?? CauseScope.current ?? .app
    lastCause = cause
    for listener in listeners { listener.hear(state, cause, timing) }
  }
}

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

/// Whether the change under way is a sign-in gate's (the user signed out, or in): it must land
/// even under what the app presents on its own (an account sheet, a share sheet), which a
/// navigator then dismisses rather than refusing the change (independent read, R1: a protected
/// screen stayed under the app's sheet after sign-out).
package enum GateChange {
  /// `true` while a gate's change is carried out.
  @TaskLocal package static var isUnderway = false
}
