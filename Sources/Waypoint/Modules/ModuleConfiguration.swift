/// A module's configuration: values with defaults, and required values marked with
/// ``Required``, which the caller fills in `make(_:configuration:_:)` (or a binding, from a link).
///
/// ```swift
/// struct NoteEditorConfiguration: ModuleConfiguration {
///   @Required var noteID: Int?
///   var mode = "read"
/// }
/// ```
///
/// The registry refuses to make the module while a required value is missing, with
/// `missingConfiguration` naming the values, so a factory only ever sees a filled configuration.
public protocol ModuleConfiguration: Sendable {
  /// A configuration with every default and no required value set.
  init()

  /// The names of required values that are still missing; by default, every ``Required`` property
  /// that was not set.
  func missingValues() -> [String]
}

extension ModuleConfiguration {
  /// Every ``Required`` property that was not set.
  public func missingValues() -> [String] {
    Mirror(reflecting: self).children.compactMap { child in
      guard let required = child.value as? any RequiredValue, !required.isSet, let label = child.label else {
        return nil
      }
      return label.hasPrefix("_") ? String(label.dropFirst()) : label
    }
  }
}

extension ModuleConfiguration {
  /// The value at `keyPath`, or `missingConfiguration` naming it: for factories that unwrap
  /// ``Required`` values.
  ///
  /// - Parameters:
  ///   - keyPath: The value's property (`\.noteID`), a ``Required`` value or any optional one.
  ///   - name: The value's name for the error, usually the property's (`"noteID"`).
  /// - Returns: The value.
  /// - Throws: `missingConfiguration` naming `name` when the value is `nil`.
  public func require<Value>(_ keyPath: KeyPath<Self, Value?>, _ name: String) throws(ModuleError) -> Value {
    guard let value = self[keyPath: keyPath] else {
      throw ModuleError(
        .missingConfiguration, "the configuration \(Self.self) has no value for '\(name)'")
    }
    return value
  }
}
