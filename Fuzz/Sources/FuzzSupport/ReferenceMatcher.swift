public import WaypointMatching

/// The precedence rules of a route table written plainly, for differential tests: every spelling
/// of every route is tried against the URL, and the matches are ordered by the rules alone.
///
/// No trie, no unsafe code and only public API: it is slow (every spelling for every URL) and
/// simple, so a change of semantics can be made and checked here first. The rules, in order:
/// 1. higher priority;
/// 2. a route restricted to the URL's scheme and host, then to its scheme, over one that is not;
/// 3. segment by segment from the left: a literal, then parameters from most to least specific
///    (affixed, regex, typed, plain) and, among parameters equally specific but of another shape,
///    the shape registered first at that place (after the same segments before it), then a rest;
/// 4. among spellings that read the URL alike, the one registered first: an earlier route, or, in
///    one route, the spelling with more optional groups, then with earlier ones.
///
/// Used by the matching tests (linked into them) and by `FuzzMatch`.
public struct ReferenceMatcher<Payload: Sendable> {
  /// A route that matches, with what it read from the URL.
  public struct Match: Equatable, CustomStringConvertible {
    /// The route's place in the table's routes.
    public let route: Int
    /// The parameters it captured, decoded; a rest is in ``rest``, not here.
    public let parameters: [String: String]
    /// The segments a rest read, or `nil` when the spelling has none.
    public let rest: [String]?

    /// The same facts read from a table's match, for comparing the two.
    public init(_ match: RouteMatch<Payload>, in table: RouteTable<Payload>) {
      var restName: String?
      if case .rest(let name)? = match.route.pattern.segments.last?.kind { restName = name }
      var parameters: [String: String] = [:]
      for (name, value) in match.parameters where name != restName { parameters[name] = value }
      self.init(
        route: table.routes.firstIndex { $0.position == match.route.position } ?? -1, parameters: parameters,
        rest: match.rest)
    }

    init(route: Int, parameters: [String: String], rest: [String]?) {
      self.route = route
      self.parameters = parameters
      self.rest = rest
    }

    /// `route [name: value, …] rest`.
    public var description: String { "route \(route) \(parameters.sorted { $0.key < $1.key }) \(rest ?? [])" }
  }

  /// One way to spell one route: the segments of some of its optional groups.
  struct Spelling {
    let route: Int
    /// The place in registration order: routes in order, a route's spellings as the table adds them.
    let order: Int
    let priority: Int
    let scheme: String?
    let host: String?
    let segments: [PatternSegment]
    let slash: Bool
  }

  let spellings: [Spelling]
  let options: MatchingOptions

  /// The reference for `table`'s routes and options.
  public init(_ table: RouteTable<Payload>) {
    options = table.options
    var spellings: [Spelling] = []
    for (position, route) in table.routes.enumerated() {
      let pattern = route.pattern
      for mask in Self.masks(groups: pattern.groupCount) {
        let segments = pattern.segments.filter { $0.group.map { mask >> $0 & 1 == 1 } ?? true }
        spellings.append(
          Spelling(
            route: position, order: spellings.count, priority: route.priority, scheme: pattern.scheme,
            host: pattern.host, segments: segments,
            slash: table.options.trailingSlash == .strict && pattern.hasTrailingSlash && !segments.isEmpty))
      }
    }
    self.spellings = spellings
  }

  /// Every group combination, most groups first, then those with earlier groups.
  static func masks(groups: Int) -> [Int] {
    (0..<(1 << groups)).sorted { lhs, rhs in
      if lhs.nonzeroBitCount != rhs.nonzeroBitCount { return lhs.nonzeroBitCount > rhs.nonzeroBitCount }
      for group in 0..<groups where lhs >> group & 1 != rhs >> group & 1 { return lhs >> group & 1 == 1 }
      return false
    }
  }

  /// The best match for `url`, or `nil`.
  public func match(_ url: ParsedURL) -> Match? { candidates(for: url).first }

  /// Every matching route, best first, each once, with its best spelling.
  public func candidates(for url: ParsedURL) -> [Match] {
    let segments = url.segments
    let folded = segments.map { options.caseSensitive ? String($0) : Self.asciiLowercased($0) }
    let slash = options.trailingSlash == .strict && url.hasTrailingSlash
    let scheme = url.scheme.map(Self.asciiLowercased)
    var found: [(key: [Int], spelling: Spelling)] = []
    for spelling in spellings where spelling.slash == slash {
      guard let layer = layer(of: spelling, scheme: scheme, host: url.host.map(String.init)),
        reads(spelling, segments, folded, hostFirst: url.firstSegmentIsHost)
      else { continue }
      found.append(([-spelling.priority, -layer] + steps(of: spelling), spelling))
    }
    found.sort { lhs, rhs in
      lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.spelling.order < rhs.spelling.order)
    }
    var seen = Set<Int>()
    return found.filter { seen.insert($0.spelling.route).inserted }.map { capture($0.spelling, segments) }
  }

  /// 2 for a route restricted to the URL's scheme and host, 1 to its scheme, 0 for any; `nil`
  /// when the route's scheme or host is not the URL's.
  func layer(of spelling: Spelling, scheme: String?, host: String?) -> Int? {
    guard let routeScheme = spelling.scheme else { return 0 }
    guard routeScheme == scheme else { return nil }
    guard let routeHost = spelling.host else { return 1 }
    return routeHost == host ? 2 : nil
  }

  /// Whether the spelling reads every segment: one each, a rest one or more at the end.
  ///
  /// When the URL's first segment is its host (lowered), a first literal compares lowered too: a
  /// host compares case-insensitively wherever it appears.
  func reads(_ spelling: Spelling, _ segments: [Substring], _ folded: [String], hostFirst: Bool) -> Bool {
    for (index, segment) in spelling.segments.enumerated() {
      switch segment.kind {
      case .rest:
        return index < segments.count
      case .literal(let text):
        let expected = hostFirst && index == 0 ? Self.asciiLowercased(Substring(text)) : text
        guard index < segments.count, Array(folded[index].utf8) == Array(expected.utf8) else { return false }
      case .parameter(let parameter):
        guard index < segments.count, Self.value(of: parameter, segments[index], folded[index]) != nil else {
          return false
        }
      }
    }
    return spelling.segments.count == segments.count
  }

  /// The order of the spelling's steps, one number each, lower first: a literal, then parameters
  /// by specificity and by the first spelling that put their shape at that place, then a rest.
  func steps(of spelling: Spelling) -> [Int] {
    spelling.segments.enumerated().map { index, segment in
      switch segment.kind {
      case .literal: return 0
      case .rest: return Int.max
      case .parameter(let parameter):
        let first = spellings.first { other in
          other.priority == spelling.priority && other.scheme == spelling.scheme && other.host == spelling.host
            && other.segments.count > index && Self.sameShape(other.segments[..<index], spelling.segments[..<index])
            && Self.sameShape(other.segments[index], segment)
        }
        // Five ranks, most specific first; within a rank, the order the shapes were registered in.
        return 1 + (5 - Self.rank(parameter)) * 1_000_000 + (first?.order ?? spelling.order)
      }
    }
  }

  func capture(_ spelling: Spelling, _ segments: [Substring]) -> Match {
    var parameters: [String: String] = [:]
    var rest: [String]?
    for (index, segment) in spelling.segments.enumerated() {
      switch segment.kind {
      case .literal: continue
      case .rest: rest = segments[index...].map(String.init)
      case .parameter(let parameter):
        let folded = options.caseSensitive ? String(segments[index]) : Self.asciiLowercased(segments[index])
        parameters[parameter.name] = Self.value(of: parameter, segments[index], folded).map(String.init)
      }
    }
    return Match(route: spelling.route, parameters: parameters, rest: rest)
  }

  /// The value `parameter` reads from a segment: less its prefix and suffix (compared folded),
  /// non-empty unless a regex accepts the empty value, and accepted by its constraint.
  static func value(of parameter: PatternParameter, _ segment: Substring, _ folded: String) -> Substring? {
    let (prefix, suffix, bytes) = (Array(parameter.prefix.utf8), Array(parameter.suffix.utf8), Array(folded.utf8))
    guard bytes.count >= prefix.count + suffix.count, bytes.starts(with: prefix),
      bytes.reversed().starts(with: suffix.reversed())
    else { return nil }
    let value = Substring(segment.utf8.dropFirst(prefix.count).dropLast(suffix.count))
    guard parameter.constraint.accepts(value) else { return nil }
    if value.isEmpty, case .regex = parameter.constraint.kind { return value }
    return value.isEmpty ? nil : value
  }

  static func rank(_ parameter: PatternParameter) -> Int {
    if !parameter.prefix.isEmpty || !parameter.suffix.isEmpty { return 4 }
    switch parameter.constraint.kind {
    case .regex: return 3
    case .type: return 2
    case .none: return 1
    }
  }

  static func sameShape(_ lhs: PatternSegment, _ rhs: PatternSegment) -> Bool {
    switch (lhs.kind, rhs.kind) {
    case (.literal(let left), .literal(let right)): return Array(left.utf8) == Array(right.utf8)
    case (.parameter(let left), .parameter(let right)):
      return left.prefix == right.prefix && left.suffix == right.suffix && left.constraint.kind == right.constraint.kind
    case (.rest, .rest): return true
    default: return false
    }
  }

  static func sameShape(_ lhs: ArraySlice<PatternSegment>, _ rhs: ArraySlice<PatternSegment>) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { sameShape($0, $1) }
  }

  static func asciiLowercased<Text: StringProtocol>(_ text: Text) -> String {
    String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
  }
}
