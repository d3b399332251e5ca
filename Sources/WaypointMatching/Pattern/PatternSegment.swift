/// One segment of a compiled ``RoutePattern``.
package struct PatternSegment: Sendable, CustomStringConvertible {
  /// What the segment matches.
  package enum Kind: Sendable {
    /// The segment itself (already percent-decoded, and lowered when case-insensitive).
    case literal(String)
    /// One segment captured as a parameter.
    case parameter(PatternParameter)
    /// One or more remaining segments; `name` is `nil` for a bare `*`.
    case rest(name: String?)
  }

  /// What the segment matches.
  package let kind: Kind
  // Narrow, so a segment is four words: patterns have at most 8 KiB, so fewer groups and columns
  // than these hold even before the limits are checked.
  private let groupNumber: Int16
  private let columnNumber: Int32

  /// The 0-based optional group the segment belongs to, or `nil` when it is always present.
  package var group: Int? { groupNumber < 0 ? nil : Int(groupNumber) }
  /// The 1-based column in the pattern where the segment starts.
  package var column: Int { Int(columnNumber) }

  init(kind: Kind, group: Int?, column: Int) {
    self.kind = kind
    groupNumber = Int16(group ?? -1)
    columnNumber = Int32(column)
  }

  /// The segment as it would be written in a pattern.
  package var description: String {
    switch kind {
    case .literal(let text): return text
    case .parameter(let parameter): return parameter.description
    case .rest(let name): return "*" + (name ?? "")
    }
  }

  /// The name the segment captures, if any.
  package var parameterName: String? {
    switch kind {
    case .literal: return nil
    case .parameter(let parameter): return parameter.name
    case .rest(let name): return name
    }
  }
}

/// A captured segment: a name, an optional literal prefix and suffix, and a constraint.
///
/// A plain parameter (`:id`) is its name alone; the rest lies in one immutable object shared by
/// copies, so a `PatternSegment` stays four words long and compiling allocates nothing for the
/// most common parameter.
package struct PatternParameter: Sendable, CustomStringConvertible {
  final class Details: Sendable {
    let prefix: String
    let suffix: String
    let constraint: ParameterConstraint
    let rank: SegmentRank

    init(prefix: String, suffix: String, constraint: ParameterConstraint) {
      self.prefix = prefix
      self.suffix = suffix
      self.constraint = constraint
      if !prefix.isEmpty || !suffix.isEmpty {
        rank = .affixed
      } else {
        switch constraint.kind {
        case .regex: rank = .regex
        case .type: rank = .typed
        case .none: rank = .plain
        }
      }
    }
  }

  /// The parameter's name.
  package let name: String
  /// Everything but the name, or `nil` for a plain parameter.
  private let details: Details?

  /// Literal text the segment must start with (`item-` in `item-:id`).
  package var prefix: String { details?.prefix ?? "" }
  /// Literal text the segment must end with (`.html` in `:id.html`).
  package var suffix: String { details?.suffix ?? "" }
  /// What the captured value must satisfy.
  package var constraint: ParameterConstraint { details?.constraint ?? .none }
  /// Whether the parameter takes any non-empty segment as it is: no affix, no constraint.
  var isPlain: Bool { details == nil }

  /// A parameter; `shared`, when given, is what a parameter without prefix or suffix takes
  /// instead of details of its own (a type's ``ParameterType/unaffixed``).
  init(name: String, prefix: String, suffix: String, constraint: ParameterConstraint, shared: Details? = nil) {
    self.name = name
    if prefix.isEmpty && suffix.isEmpty {
      // Matched, not compared: `==` on the kind goes through its synthesized conformance.
      if case .none = constraint.kind {
        details = nil
      } else {
        details = shared ?? Details(prefix: "", suffix: "", constraint: constraint)
      }
    } else {
      details = Details(prefix: prefix, suffix: suffix, constraint: constraint)
    }
  }

  /// The parameter as written in a pattern, in the `:name` form.
  package var description: String {
    let body: String
    switch constraint.kind {
    case .none: body = ":" + name
    case .regex(let source): body = ":\(name)(\(source))"
    case .type(let type): body = "<\(type):\(name)>"
    }
    return prefix + body + suffix
  }

  /// Where the parameter stands in the specificity order: affixed > regex > typed > plain.
  var rank: SegmentRank { details?.rank ?? .plain }

  /// Whether the two parameters match the same segments (they may differ in name).
  func hasShape(of other: PatternParameter) -> Bool {
    switch (details, other.details) {
    case (nil, nil): return true
    case (let mine?, let theirs?):
      return mine === theirs
        || (mine.prefix == theirs.prefix && mine.suffix == theirs.suffix
          && mine.constraint.kind == theirs.constraint.kind)
    default: return false
    }
  }

  /// The captured value when `segment` matches, else `nil`.
  ///
  /// An empty value matches only a regex that accepts `""`.
  ///
  /// The map page's twin: `parameterValue` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
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

extension PatternParameter {
  /// Whether a literal segment value would be captured by this parameter.
  package func matches(_ literal: String) -> Bool {
    value(in: Substring(literal), folded: Substring(literal)) != nil
  }
}
