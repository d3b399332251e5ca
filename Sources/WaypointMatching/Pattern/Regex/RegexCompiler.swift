/// Turns a ``RegexNode`` into ``LinearRegex`` instructions.
struct RegexCompiler {
  var program: [LinearRegex.Instruction] = []
  var sets: [ScalarSet] = []

  mutating func emit(_ node: RegexNode) throws(RegexParser.Failure) {
    guard program.count <= LinearRegex.maxProgramSize else {
      throw RegexParser.Failure(
        "the regex is too large: its repetitions expand to over \(LinearRegex.maxProgramSize) steps")
    }
    switch node {
    case .scalar(let scalar): program.append(.scalar(scalar))
    case .set(let set):
      sets.append(set)
      program.append(.set(Int32(sets.count - 1)))
    case .any: program.append(.any)
    case .atStart: program.append(.atStart)
    case .atEnd: program.append(.atEnd)
    case .concatenation(let items):
      for item in items { try emit(item) }
    case .alternation(let branches):
      var exits: [Int] = []
      for branch in branches.dropLast() {
        let split = program.count
        program.append(.jump(0))
        try emit(branch)
        exits.append(program.count)
        program.append(.jump(0))
        program[split] = .split(Int32(split + 1), Int32(program.count))
      }
      if let last = branches.last { try emit(last) }
      for exit in exits { program[exit] = .jump(Int32(program.count)) }
    case .repetition(let operand, let min, let max):
      for _ in 0..<min { try emit(operand) }
      if let max {
        for _ in min..<Swift.max(min, max) { try emitOptional(operand) }
      } else {
        let split = program.count
        program.append(.jump(0))
        try emit(operand)
        program.append(.jump(Int32(split)))
        program[split] = .split(Int32(split + 1), Int32(program.count))
      }
    }
  }

  private mutating func emitOptional(_ operand: RegexNode) throws(RegexParser.Failure) {
    let split = program.count
    program.append(.jump(0))
    try emit(operand)
    program[split] = .split(Int32(split + 1), Int32(program.count))
  }
}
