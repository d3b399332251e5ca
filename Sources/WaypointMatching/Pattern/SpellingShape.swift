/// The shape of one spelling of a pattern (see ``RoutePattern/spellings``): its number of
/// segments, whether it ends in a rest, and its first literal (`nil` when it starts with a
/// parameter or a rest).
///
/// Two spellings can match a common URL only if their shapes allow it, so checks that compare
/// routes in pairs (lint's shadowing, a manifest's unreachable redirects) group spellings by shape
/// and compare only within the groups that can meet.
package struct SpellingShape: Hashable, Sendable {
  package let count: Int
  package let endsInRest: Bool
  package let firstLiteral: String?

  /// The shape of a spelling's segments.
  package init(_ segments: [PatternSegment]) {
    count = segments.count
    endsInRest = if case .rest = segments.last?.kind { true } else { false }
    firstLiteral = if case .literal(let text)? = segments.first?.kind { text } else { nil }
  }

  package init(count: Int, endsInRest: Bool, firstLiteral: String?) {
    self.count = count
    self.endsInRest = endsInRest
    self.firstLiteral = firstLiteral
  }
}
