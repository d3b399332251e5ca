/// A moment in a module's life, for ``ModuleObserver``s.
public struct ModuleEvent: Sendable, CustomStringConvertible {
  /// Which moment.
  public enum Phase: String, Sendable, Hashable {
    /// The registry is about to make (or hand out) the module.
    case willMake
    /// The module is made and prepared.
    case didMake
    /// The module is about to be shown.
    case willPerform
    /// The module is shown.
    case didPerform
    /// The module is about to be removed.
    case willRemove
    /// The module was removed.
    case didRemove
  }

  /// Which moment.
  public let phase: Phase
  /// The module's key.
  public let key: ModuleKey
  /// The module's target: the name manifest routes use for it, when it has one.
  public let target: String?
  /// The module whose factory asked for this one, or `nil` when the caller of `make` did.
  public let requester: ModuleKey?

  /// Makes an event.
  public init(phase: Phase, key: ModuleKey, target: String?, requester: ModuleKey?) {
    self.phase = phase
    self.key = key
    self.target = target
    self.requester = requester
  }

  /// `phase key (asked by requester)`.
  public var description: String {
    "\(phase.rawValue) \(key)" + (requester.map { " (asked by \($0))" } ?? "")
  }
}

/// Watches modules being made (and, with navigation, shown and removed).
///
/// Called synchronously on the thread that makes the module.
public protocol ModuleObserver: Sendable {
  /// A module is about to be made; the default does nothing.
  func willMake(_ event: ModuleEvent)
  /// A module was made and prepared (by its module and by the caller); the default does nothing.
  func didMake(_ event: ModuleEvent)
  /// A navigation moment (perform, remove); the default does nothing.
  func observe(_ event: ModuleEvent)
}

extension ModuleObserver {
  /// Does nothing.
  public func willMake(_ event: ModuleEvent) {}
  /// Does nothing.
  public func didMake(_ event: ModuleEvent) {}
  /// Does nothing.
  public func observe(_ event: ModuleEvent) {}
}
