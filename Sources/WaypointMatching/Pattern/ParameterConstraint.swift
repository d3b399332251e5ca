/// What a parameter's value must satisfy: nothing, a regular expression matching the whole value,
/// or a named ``ParameterType``.
package struct ParameterConstraint: Sendable {
  /// The kind of constraint, comparable between patterns.
  package enum Kind: Hashable, Sendable {
    /// Any non-empty value.
    case none
    /// A regular expression (its source) that must match the whole value.
    case regex(String)
    /// A named parameter type.
    case type(String)
  }

  /// The kind of constraint.
  package let kind: Kind
  private let test: (@Sendable (Substring) -> Bool)?

  /// No constraint.
  static let none = ParameterConstraint(kind: .none, test: nil)

  init(kind: Kind, test: (@Sendable (Substring) -> Bool)?) {
    self.kind = kind
    self.test = test
  }

  /// A constraint satisfied by the values `type` accepts.
  init(type: ParameterType) {
    self = type.unaffixed.constraint
  }

  /// A constraint satisfied by values the regex matches whole.
  init(regex: CompiledRegex) {
    self.init(kind: .regex(regex.source), test: { regex.matchesWhole($0) })
  }

  /// Whether `value` (a decoded segment less the parameter's prefix and suffix) satisfies the constraint.
  ///
  /// ```swift
  /// let pattern = try RoutePattern("/user/:id([0-9]+)")
  /// if case .parameter(let id) = pattern.segments[1].kind { id.constraint.accepts("42") }  // true
  /// ```
  ///
  /// The map page's twin: `accepts` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  package func accepts(_ value: Substring) -> Bool {
    test?(value) ?? true
  }
}

/// A route regex, checked against Swift's regex syntax and run by ``LinearRegex``.
struct CompiledRegex: Sendable {
  private let regex: LinearRegex
  /// The expression as written in the pattern.
  var source: String { regex.source }

  /// Compiles `source`; throws Swift's error for invalid syntax, or names the feature Waypoint
  /// does not run (those that need backtracking).
  init(_ source: String) throws {
    _ = try Regex(source)
    regex = try LinearRegex(source)
  }

  func matchesWhole(_ value: Substring) -> Bool {
    regex.matchesWhole(value)
  }
}
