#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension RouteRequest {
  /// The value for `name` as text.
  ///
  /// - Throws: `invalidParameter` when there is none.
  public func string(_ name: String) throws(RoutingError) -> String {
    guard let text = self[name] else { throw missing(name) }
    return text
  }

  /// The value for `name` as an `Int`.
  ///
  /// - Throws: `invalidParameter` naming the parameter and the value when it is missing or not an integer.
  public func int(_ name: String) throws(RoutingError) -> Int {
    try value(name, as: Int.self)
  }

  /// The value for `name` as a `Double`.
  ///
  /// - Throws: `invalidParameter` naming the parameter and the value.
  public func double(_ name: String) throws(RoutingError) -> Double {
    try value(name, as: Double.self)
  }

  /// The value for `name` as a `Bool`: `true`/`false`, `1`/`0` or `yes`/`no`, in any case.
  ///
  /// - Throws: `invalidParameter` naming the parameter and the value.
  public func bool(_ name: String) throws(RoutingError) -> Bool {
    if let flag = value(name) as? Bool { return flag }
    let text = try string(name)
    switch text.lowercased() {
    case "true", "1", "yes": return true
    case "false", "0", "no": return false
    default: throw invalid(name, text, "a Bool")
    }
  }

  /// The value for `name` as a `UUID`.
  ///
  /// - Throws: `invalidParameter` naming the parameter and the value.
  public func uuid(_ name: String) throws(RoutingError) -> UUID {
    if let uuid = value(name) as? UUID { return uuid }
    let text = try string(name)
    guard let uuid = UUID(uuidString: text) else { throw invalid(name, text, "a UUID") }
    return uuid
  }

  /// The value for `name` converted to any `LosslessStringConvertible` type; an extra of that type
  /// is returned as it is.
  ///
  /// - Parameters:
  ///   - name: The name to look up, in the order extras > path > query > defaults.
  ///   - type: The type to convert to; a value already of this type is returned as it is, any
  ///     other is read from its text with the type's `init?(_:)`.
  /// - Returns: The value as `type`.
  /// - Throws: `invalidParameter` naming the parameter and the value.
  public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws(RoutingError) -> Value
  {
    if let typed = value(name) as? Value { return typed }
    let text = try string(name)
    guard let converted = Value(text) else { throw invalid(name, text, "a \(Value.self)") }
    return converted
  }

  private func missing(_ name: String) -> RoutingError {
    RoutingError(
      .invalidParameter, "'\(url.string)' has no parameter '\(name)'", url: url.string, pattern: route?.pattern,
      parameter: name)
  }

  private func invalid(_ name: String, _ text: String, _ expected: String) -> RoutingError {
    RoutingError(
      .invalidParameter, "the parameter '\(name)' of '\(url.string)' is '\(text)', which is not \(expected)",
      url: url.string, pattern: route?.pattern, parameter: name)
  }
}
