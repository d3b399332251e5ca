/// One segment of a compiled ``RoutePattern``.
public struct PatternSegment: Sendable, CustomStringConvertible {
  /// What the segment matches.
  public enum Kind: Sendable {
    /// The segment itself (already percent-decoded, and lowered when case-insensitive).
    case literal(String)
    /// One segment captured as a parameter.
    case parameter(Parameter)
    /// One or more remaining segments; `name` is `nil` for a bare `*`.
    case rest(name: String?)
  }

  /// What the segment matches.
  public let kind: Kind
  /// The 0-based optional group the segment belongs to, or `nil` when it is always present.
  public let group: Int?
  /// The 1-based column in the pattern where the segment starts.
  public let column: Int

  /// The segment as it would be written in a pattern.
  public var description: String {
    switch kind {
    case .literal(let text): return text
    case .parameter(let parameter): return parameter.description
    case .rest(let name): return "*" + (name ?? "")
    }
  }

  /// The name the segment captures, if any.
  public var parameterName: String? {
    switch kind {
    case .literal: return nil
    case .parameter(let parameter): return parameter.name
    case .rest(let name): return name
    }
  }
}

/// A captured segment: a name, an optional literal prefix and suffix, and a constraint.
public struct Parameter: Sendable, CustomStringConvertible {
  /// The parameter's name.
  public let name: String
  /// Literal text the segment must start with (`item-` in `item-:id`).
  public let prefix: String
  /// Literal text the segment must end with (`.html` in `:id.html`).
  public let suffix: String
  /// What the captured value must satisfy.
  public let constraint: ParameterConstraint
  /// Whether the parameter takes any non-empty segment as it is: no affix, no constraint.
  let isPlain: Bool

  init(name: String, prefix: String, suffix: String, constraint: ParameterConstraint) {
    self.name = name
    self.prefix = prefix
    self.suffix = suffix
    self.constraint = constraint
    self.isPlain = prefix.isEmpty && suffix.isEmpty && constraint.kind == .none
  }

  /// The parameter as written in a pattern, in the `:name` form.
  public var description: String {
    let body: String
    switch constraint.kind {
    case .none: body = ":" + name
    case .regex(let source): body = ":\(name)(\(source))"
    case .type(let type): body = "<\(type):\(name)>"
    }
    return prefix + body + suffix
  }

  /// Whether the parameter has a prefix or a suffix.
  var isAffixed: Bool { !prefix.isEmpty || !suffix.isEmpty }

  /// Where the parameter stands in the specificity order: affixed > regex > typed > plain.
  var rank: SegmentRank {
    if isAffixed { return .affixed }
    switch constraint.kind {
    case .regex: return .regex
    case .type: return .typed
    case .none: return .plain
    }
  }

  /// The parameter's shape: everything but its name.
  var shape: ParameterShape { ParameterShape(prefix: prefix, suffix: suffix, constraint: constraint.kind) }

  /// The captured value when `segment` matches, else `nil`.
  ///
  /// An empty value matches only a regex that accepts `""`.
  func value(in segment: Substring, folded: Substring) -> Substring? {
    if isPlain { return segment.isEmpty ? nil : segment }
    guard folded.utf8.count >= prefix.utf8.count + suffix.utf8.count,
      folded.utf8.starts(with: prefix.utf8), folded.utf8.reversed().starts(with: suffix.utf8.reversed())
    else { return nil }
    let value = segment.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
    let text = Substring(value)
    if text.isEmpty, case .regex = constraint.kind {
      return constraint.accepts(text) ? text : nil
    }
    return !text.isEmpty && constraint.accepts(text) ? text : nil
  }
}

/// How specific a segment is; higher wins.
enum SegmentRank: Int, Comparable, Sendable {
  case rest = 0
  case plain = 1
  case typed = 2
  case regex = 3
  case affixed = 4
  case literal = 5

  static func < (lhs: SegmentRank, rhs: SegmentRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A parameter without its name: two parameters of one shape match the same segments.
struct ParameterShape: Hashable, Sendable {
  var prefix: String
  var suffix: String
  var constraint: ParameterConstraint.Kind
}

extension Parameter {
  /// Whether a literal segment value would be captured by this parameter.
  package func matches(_ literal: String) -> Bool {
    value(in: Substring(literal), folded: Substring(literal)) != nil
  }
}
