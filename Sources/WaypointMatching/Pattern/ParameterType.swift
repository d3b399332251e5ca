/// A named type for typed parameters (`<int:id>`): which segment values it accepts.
///
/// Built in: `int`, `double`, `float`, `uuid`, `bool` and `string`. Add your own to a builder:
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.parameterTypes.register(ParameterType("slug") { value in
///   value.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 97 && $0 <= 122) }
/// })
/// builder.add("/posts/<slug:post>", payload: "post")
/// ```
public struct ParameterType: Sendable {
  /// The name used in patterns: `int` in `<int:id>`.
  package let name: String
  /// Whether a decoded segment value belongs to the type.
  package let accepts: @Sendable (Substring) -> Bool
  /// What every parameter of this type without a prefix or suffix shares, so a table of many
  /// `<int:id>` routes keeps one copy.
  let unaffixed: PatternParameter.Details

  /// Makes a type named `name` that accepts the values `accepts` returns `true` for.
  ///
  /// - Parameters:
  ///   - name: The name patterns use, `slug` in `<slug:post>`; registering the type replaces a
  ///     type of the same name, a built-in one included.
  ///   - accepts: The test, given a decoded segment value without the parameter's prefix and
  ///     suffix; it runs while URLs are matched and printed.
  public init(_ name: String, accepts: @escaping @Sendable (Substring) -> Bool) {
    self.name = name
    self.accepts = accepts
    unaffixed = PatternParameter.Details(
      prefix: "", suffix: "", constraint: ParameterConstraint(kind: .type(name), test: accepts))
  }

  /// A decimal integer that fits in `Int`, with an optional sign: `42`, `-7`.
  package static let int = ParameterType("int") { Int($0) != nil }

  /// A finite decimal number: `3.14`, `-2`, `1e3`.
  package static let double = ParameterType("double") { value in
    guard let number = Double(value) else { return false }
    return number.isFinite
  }

  /// A finite number that fits in `Float`, such as `1.5` or `-2e3`.
  ///
  /// Lets URLNavigator tables carry over.
  package static let float = ParameterType("float") { value in
    guard let number = Float(value) else { return false }
    return number.isFinite
  }

  /// A UUID in its 36-character 8-4-4-4-12 hex form, in either case.
  package static let uuid = ParameterType("uuid") { value in
    let bytes = value.utf8
    guard bytes.count == 36 else { return false }
    for (offset, byte) in bytes.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if PercentCoding.hexValue(byte) == nil {
        return false
      }
    }
    return true
  }

  /// `true`, `false`, `1` or `0` (letters in any case).
  package static let bool = ParameterType("bool") { value in
    switch value.asciiLowercased() {
    case "true", "false", "1", "0": return true
    default: return false
    }
  }

  /// Any non-empty segment: `<string:name>` means the same as `:name`.
  package static let string = ParameterType("string") { !$0.isEmpty }
}
