/// A moment in a module's life, for ``ModuleObserver``s.
///
/// Every `will…` event is followed by exactly one `did…` or `failedTo…` event for the same
/// module. A `failedTo…` event can also come alone, when a request was refused before any work
/// began (an unsupported presentation or an invalid source, before the module is made).
public struct ModuleEvent: Sendable, CustomStringConvertible {
  /// Which moment.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// The registry is about to make (or hand out) the module.
    case willMake
    /// The module is made and prepared.
    case didMake
    /// Making or preparing the module failed; ``ModuleEvent/error`` says why.
    case failedToMake
    /// The module is about to be shown.
    case willShow
    /// The module is shown.
    case didShow
    /// Showing the module failed or was refused; ``ModuleEvent/error`` says why.
    case failedToShow
    /// The module is about to be removed.
    case willRemove
    /// The module was removed, or its screen was found gone.
    case didRemove
    /// Removing the module failed; ``ModuleEvent/error`` says why.
    case failedToRemove

    /// Whether the phase reports a failure (`failedToMake`, `failedToShow`, `failedToRemove`).
    package var isFailure: Bool {
      self == .failedToMake || self == .failedToShow || self == .failedToRemove
    }
  }

  /// Which moment.
  public let phase: Phase
  /// The module's key.
  public let key: ModuleKey
  /// The module's target: the name manifest routes use for it, when it has one.
  public let target: String?
  /// The module whose factory asked for this one, or `nil` when the caller of `make` (or a
  /// navigator) did.
  public let requester: ModuleKey?
  /// What went wrong, for the `failedTo…` phases; `nil` otherwise.
  public let error: (any Error)?

  /// Makes an event.
  package init(phase: Phase, key: ModuleKey, target: String?, requester: ModuleKey?, error: (any Error)? = nil) {
    self.phase = phase
    self.key = key
    self.target = target
    self.requester = requester
    self.error = error
  }

  /// `phase key (asked by requester): error`.
  public var description: String {
    "\(phase.rawValue) \(key)" + (requester.map { " (asked by \($0))" } ?? "") + (error.map { ": \($0)" } ?? "")
  }
}
