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
