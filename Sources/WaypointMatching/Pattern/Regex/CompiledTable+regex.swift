extension CompiledTable {
  /// A route regex as ``LinearRegex`` runs it: its program and its scalar sets, for a matcher
  /// outside Swift (the map page's) to simulate step for step, in linear time.
  ///
  /// An instruction is an array: `[0, scalar]`, `[1, set]`, `[2]` any scalar but a line break,
  /// `[3, first, second]` split, `[4, target]` jump, `[5]` at start, `[6]` at end, `[7]` match.
  package struct Regex: Encodable, Sendable {
    /// The regex as written.
    package var source: String
    package var program: [[Int]]
    package var sets: [ScalarSetData]

    /// The regex `source` as compiled, or `nil` when it does not compile.
    package init?(_ source: String) {
      guard let regex = try? LinearRegex(source) else { return nil }
      self.source = source
      program = regex.program.map { instruction in
        switch instruction {
        case .scalar(let scalar): [0, Int(scalar.value)]
        case .set(let set): [1, Int(set)]
        case .any: [2]
        case .split(let first, let second): [3, Int(first), Int(second)]
        case .jump(let target): [4, Int(target)]
        case .atStart: [5]
        case .atEnd: [6]
        case .match: [7]
        }
      }
      sets = regex.sets.map(ScalarSetData.init)
    }

    /// The shorthands (`digit`, `word`, `space`) the sets use.
    var shorthands: Set<String> { Set(sets.flatMap { $0.shorthands.map(\.kind) }) }
  }

  /// A bracket class or shorthand: its scalar ranges, its shorthands each maybe inverted, and
  /// whether the whole is inverted.
  package struct ScalarSetData: Encodable, Sendable {
    package struct Shorthand: Encodable, Sendable {
      package var kind: String
      package var inverted: Bool
    }

    package var ranges: [[UInt32]]
    package var shorthands: [Shorthand]
    package var inverted: Bool

    init(_ set: ScalarSet) {
      ranges = set.ranges.map { [$0.lowerBound, $0.upperBound] }
      shorthands = set.shorthands.map { shorthand, inverted in
        let kind =
          switch shorthand {
          case .digit: "digit"
          case .word: "word"
          case .space: "space"
          }
        return Shorthand(kind: kind, inverted: inverted)
      }
      inverted = set.inverted
    }
  }

  /// The regexes `sources` compiled, each source once byte for byte (canonically equivalent
  /// sources are different regexes), with the non-ASCII ranges of each shorthand they
  /// use (ASCII follows the fixed rules of ``ScalarSet``).
  package static func regexes(
    _ sources: some Sequence<String>
  ) -> (regexes: [Regex], shorthandRanges: [String: [[UInt32]]]) {
    var regexes: [Regex] = []
    for source in sources where !regexes.contains(where: { $0.source.utf8.elementsEqual(source.utf8) }) {
      if let regex = Regex(source) { regexes.append(regex) }
    }
    let used = regexes.reduce(into: Set<String>()) { $0.formUnion($1.shorthands) }
    let kinds: [(String, ScalarSet.Shorthand)] = [("digit", .digit), ("word", .word), ("space", .space)]
    var ranges: [String: [[UInt32]]] = [:]
    for (name, kind) in kinds where used.contains(name) { ranges[name] = nonASCIIRanges(of: kind) }
    return (regexes, ranges)
  }

  /// The runs of non-ASCII scalars `kind` matches, as `ScalarSet.matches` decides.
  private static func nonASCIIRanges(of kind: ScalarSet.Shorthand) -> [[UInt32]] {
    var ranges: [[UInt32]] = []
    var start: UInt32?
    for value in UInt32(0x80)...0x10FFFF {
      let matches = Unicode.Scalar(value).map { ScalarSet.matches(kind, $0) } ?? false
      if matches, start == nil { start = value }
      if !matches, let first = start {
        ranges.append([first, value - 1])
        start = nil
      }
    }
    if let first = start { ranges.append([first, 0x10FFFF]) }
    return ranges
  }
}
