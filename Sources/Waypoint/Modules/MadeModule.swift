/// What a module registry made, carried without its type: any module, a service or a screen.
///
/// The registry keeps a shared module in one; a screen's is handed to the navigator that shows
/// it, as its destination.
///
/// A UIKit navigator reads it as a view controller, a SwiftUI host as a view or a view model:
///
/// ```swift
/// guard let controller = transition.destination?.value(as: UIViewController.self) else { … }
/// ```
public struct MadeModule: @unchecked Sendable {
  // Safety: the registry only stores a made value and hands it back to callers, and a screen's
  // destination is made, handed over and shown on the main actor, where `Navigator` and
  // `ScreenCoordinator` live; whether the value itself may be used from several threads is its
  // module's business, as with any dependency container.
  /// The made value.
  package let value: Any

  /// Carries `value`.
  package init(_ value: Any) {
    self.value = value
  }

  /// The made value as `type`, or `nil` when it is another type.
  public func value<Value>(as type: Value.Type) -> Value? {
    value as? Value
  }
}

/// What a module registry made: ``MadeModule``, which every module is made as, services too.
///
/// Deprecated in 0.2.0, removed in 0.3.0.
@available(*, deprecated, renamed: "MadeModule")
public typealias ScreenDestination = MadeModule
