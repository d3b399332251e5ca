/// Watches modules being made, shown and removed, and every failure along the way.
///
/// Called synchronously: making events on the thread that makes the module, navigation events
/// on the main actor.
///
/// One observer registered for every module can log every failure, as a global error handler:
///
/// ```swift
/// struct FailureLog: ModuleObserver {
///   func failed(_ event: ModuleEvent) { print("\(event.phase) \(event.key): \(event.error!)") }
/// }
/// builder.observe(FailureLog())
/// ```
public protocol ModuleObserver: Sendable {
  /// A module is about to be made; the default does nothing.
  func willMake(_ event: ModuleEvent)
  /// A module was made and prepared (by its module and by the caller); the default does nothing.
  func didMake(_ event: ModuleEvent)
  /// A navigation moment (`willShow`, `didShow`, `willRemove`, `didRemove`); the default
  /// does nothing.
  func observe(_ event: ModuleEvent)
  /// A failure: `failedToMake`, `failedToShow` or `failedToRemove`, with its error; the
  /// default does nothing.
  func failed(_ event: ModuleEvent)
}

extension ModuleObserver {
  /// Does nothing.
  public func willMake(_ event: ModuleEvent) {}
  /// Does nothing.
  public func didMake(_ event: ModuleEvent) {}
  /// Does nothing.
  public func observe(_ event: ModuleEvent) {}
  /// Does nothing.
  public func failed(_ event: ModuleEvent) {}
}
