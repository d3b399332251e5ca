/// What a parameter's value must satisfy: nothing, a regular expression matching the whole value,
/// or a named ``ParameterType``.
public struct ParameterConstraint: Sendable {
  /// The kind of constraint, comparable between patterns.
  public enum Kind: Hashable, Sendable {
    /// Any non-empty value.
    case none
    /// A regular expression (its source) that must match the whole value.
    case regex(String)
    /// A named parameter type.
    case type(String)
  }

  /// The kind of constraint.
  public let kind: Kind
  private let test: (@Sendable (Substring) -> Bool)?

  /// No constraint.
  static let none = ParameterConstraint(kind: .none, test: nil)

  init(kind: Kind, test: (@Sendable (Substring) -> Bool)?) {
    self.kind = kind
    self.test = test
  }

  /// A constraint satisfied by the values `type` accepts.
  init(type: ParameterType) {
    self.init(kind: .type(type.name), test: type.accepts)
  }

  /// A constraint satisfied by values the regex matches whole.
  init(regex: CompiledRegex) {
    self.init(kind: .regex(regex.source), test: { regex.matchesWhole($0) })
  }

  /// Whether `value` satisfies the constraint.
  func accepts(_ value: Substring) -> Bool {
    test?(value) ?? true
  }
}

/// A regular expression compiled once and shared by every lookup.
final class CompiledRegex: @unchecked Sendable {
  // Safety: `Regex` is an immutable value whose lazily lowered program is published atomically,
  // and `init` lowers it before the box is shared, so lookups only ever read it.
  private let regex: Regex<AnyRegexOutput>
  /// The expression as written in the pattern.
  let source: String

  init(_ source: String) throws {
    self.source = source
    self.regex = try Regex(source)
    _ = try? regex.wholeMatch(in: "")
  }

  func matchesWhole(_ value: Substring) -> Bool {
    (try? regex.wholeMatch(in: value)) != nil
  }
}
