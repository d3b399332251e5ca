/// A regular expression that runs in time linear in its input, whatever the expression.
///
/// A route's regex is parsed by ``RegexParser`` into a small program (Thompson's construction) and
/// matched by simulating every state at once, one Unicode scalar at a time. No input can make it
/// backtrack, so `(a+)+$` costs the same as `a+` on a hostile 1,000-character segment. The cost is
/// O(input length × program size), and the program size is capped at build time.
///
/// The syntax is the part of Swift's regex syntax that can run this way: literals and escapes,
/// `.`, classes, groups (plain, `(?:…)`, named), alternation, the quantifiers `*`, `+`, `?` and
/// `{n,m}` (greedy or lazy), and the anchors `^` and `$`. Backreferences, lookaround, atomic
/// groups and possessive quantifiers, which need backtracking, are refused with a clear error.
struct LinearRegex: Sendable {
  enum Instruction: Sendable, Equatable {
    /// Consumes one scalar equal to this one.
    case scalar(Unicode.Scalar)
    /// Consumes one scalar of the set at this index.
    case set(Int32)
    /// Consumes any scalar but a line break.
    case any
    /// Continues at both places.
    case split(Int32, Int32)
    /// Continues there.
    case jump(Int32)
    /// Continues only at the start of the input.
    case atStart
    /// Continues only at the end of the input.
    case atEnd
    /// The input matches if this is reached at its end.
    case match
  }

  /// The most instructions a regex may compile to; `{n,m}` repeats its operand, so this bounds it.
  static let maxProgramSize = 4096

  /// The expression as written.
  let source: String
  let program: [Instruction]
  let sets: [ScalarSet]

  /// Compiles `source`, or throws ``RegexParser/Failure`` naming what is not supported.
  init(_ source: String) throws(RegexParser.Failure) {
    var parser = RegexParser(source)
    let node = try parser.parse()
    var compiler = RegexCompiler()
    try compiler.emit(node)
    compiler.program.append(.match)
    self.source = source
    self.program = compiler.program
    self.sets = compiler.sets
  }

  /// Whether the regex matches all of `value`.
  ///
  /// The map page's twin: `runRegex` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  func matchesWhole(_ value: Substring) -> Bool {
    let size = program.count
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 5 * size + 2) { buffer in
      guard let base = buffer.baseAddress else { return false }
      base.initialize(repeating: -1, count: 5 * size + 2)
      var state = Simulation(
        stamps: base, current: base + size, next: base + 2 * size, stack: base + 3 * size)
      return program.withUnsafeBufferPointer { program in
        state.run(program: program, sets: sets, on: value.unicodeScalars)
      }
    }
  }
}

/// The running state of one match: a state list for this scalar and one for the next, each state
/// in a list at most once (marked by a stamp per list), and a stack for following splits.
private struct Simulation {
  let stamps: UnsafeMutablePointer<Int32>
  var current: UnsafeMutablePointer<Int32>
  var next: UnsafeMutablePointer<Int32>
  let stack: UnsafeMutablePointer<Int32>
  var currentCount = 0
  var nextCount = 0
  var stamp: Int32 = 0

  init(
    stamps: UnsafeMutablePointer<Int32>, current: UnsafeMutablePointer<Int32>,
    next: UnsafeMutablePointer<Int32>, stack: UnsafeMutablePointer<Int32>
  ) {
    self.stamps = stamps
    self.current = current
    self.next = next
    self.stack = stack
  }

  mutating func run(
    program: UnsafeBufferPointer<LinearRegex.Instruction>, sets: [ScalarSet],
    on scalars: Substring.UnicodeScalarView
  ) -> Bool {
    var index = scalars.startIndex
    stamp = 1
    nextCount = 0
    follow(0, program: program, atStart: true, atEnd: index == scalars.endIndex)
    swap(&current, &next)
    currentCount = nextCount
    while index < scalars.endIndex {
      guard currentCount > 0 else { return false }
      let scalar = scalars[index]
      scalars.formIndex(after: &index)
      let atEnd = index == scalars.endIndex
      stamp += 1
      nextCount = 0
      for slot in 0..<currentCount {
        let pc = Int(current[slot])
        let accepts: Bool
        switch program[pc] {
        case .scalar(let expected): accepts = scalar == expected
        case .set(let set): accepts = sets[Int(set)].contains(scalar)
        case .any: accepts = !ScalarSet.isLineBreak(scalar)
        default: accepts = false
        }
        if accepts { follow(Int32(pc + 1), program: program, atStart: false, atEnd: atEnd) }
      }
      swap(&current, &next)
      currentCount = nextCount
    }
    for slot in 0..<currentCount where program[Int(current[slot])] == .match { return true }
    return false
  }

  /// Adds `pc` and every state reachable from it without consuming input to the next list.
  private mutating func follow(
    _ pc: Int32, program: UnsafeBufferPointer<LinearRegex.Instruction>, atStart: Bool, atEnd: Bool
  ) {
    var depth = 1
    stack[0] = pc
    while depth > 0 {
      depth -= 1
      let pc = stack[depth]
      guard stamps[Int(pc)] != stamp else { continue }
      stamps[Int(pc)] = stamp
      switch program[Int(pc)] {
      case .split(let first, let second):
        stack[depth] = second
        stack[depth + 1] = first
        depth += 2
      case .jump(let target):
        stack[depth] = target
        depth += 1
      case .atStart:
        if atStart {
          stack[depth] = pc + 1
          depth += 1
        }
      case .atEnd:
        if atEnd {
          stack[depth] = pc + 1
          depth += 1
        }
      case .scalar, .set, .any, .match:
        next[nextCount] = pc
        nextCount += 1
      }
    }
  }
}
