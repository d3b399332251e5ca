/// Marks a configuration value the caller must set.
@propertyWrapper
public struct Required<Value: Sendable>: Sendable, RequiredValue {
  private var value: Value?

  /// Not set yet.
  public init() {}

  /// Set to `wrappedValue`, unless it is `nil`.
  public init(wrappedValue: Value?) { self.value = wrappedValue }

  /// The value, or `nil` until the caller sets it; a factory gets it set.
  public var wrappedValue: Value? {
    get { value }
    set { value = newValue }
  }

  /// Whether the value was set.
  package var isSet: Bool { value != nil }
}

/// What ``ModuleConfiguration/missingValues()`` looks for.
package protocol RequiredValue {
  /// Whether the value was set.
  var isSet: Bool { get }
}
