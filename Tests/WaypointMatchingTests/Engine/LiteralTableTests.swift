import Testing

@testable import WaypointMatching

/// The trie's literal table keeps short literals in their slots and longer ones in a pool; both
/// must find exactly their own segment.
@Suite("Literal table")
struct LiteralTableTests {
  @Test("literals of every length up to 40 bytes match themselves and nothing one byte off")
  func everyLength() throws {
    var builder = RouteTableBuilder<Int>()
    let literals = (1...40).map { String(repeating: "a", count: $0 - 1) + "b" }
    for (index, literal) in literals.enumerated() { builder.add("/x/" + literal, payload: index) }
    builder.add("/x/" + String(repeating: "a", count: 20) + "c", payload: 100)
    let table = try builder.build()
    for (index, literal) in literals.enumerated() {
      #expect(try table.match("/x/" + literal)?.payload == index, "\(literal.count) bytes")
      #expect(try table.match("/x/" + literal + "b") == nil)
      #expect(try table.match("/x/" + String(literal.dropLast()) + "c")?.payload == (literal.count == 21 ? 100 : nil))
    }
  }

  @Test("a table with thousands of edges finds each one after growing, and after finish sizes it to three quarters")
  func growth() throws {
    var table = LiteralTable()
    func text(_ index: Int) -> String { "segment-\(index)" + (index.isMultiple(of: 3) ? "-with-a-long-tail" : "") }
    for index in 0..<5_000 {
      var text = text(index)
      text.withUTF8 { table.insert(parent: Int32(index % 7), $0, child: Int32(index)) }
    }
    for index in 0..<5_000 {
      #expect(table.child(of: Int32(index % 7), Substring(text(index))) == Int32(index))
      #expect(table.child(of: Int32(index % 7 + 1), Substring(text(index))) == nil)
    }
    // A summary's bit shares a field with the literal's length: both must read back.
    table.finish { child in RouteTrie.ChildSummary(terminal: child * 2, hasLiterals: child.isMultiple(of: 2)) }
    #expect(table.capacity == 5_000 + 5_000 / 3 + 1)
    for index in 0..<5_000 {
      var bytes = text(index)
      let hit = bytes.withUTF8 { table.child(of: Int32(index % 7), $0) }
      #expect(hit?.child == Int32(index))
      #expect(hit?.summary.terminal == Int32(index * 2))
      #expect(hit?.summary.hasLiterals == index.isMultiple(of: 2))
      #expect(table.child(of: Int32(index % 7 + 1), Substring(text(index))) == nil)
    }
  }

  @Test("probe lengths stay near what linear probing gives at the table's load, growing and finished")
  func probeLength() {
    for count in [134, 1_000, 20_000] {
      var table = LiteralTable()
      for index in 0..<count {
        var text = index.isMultiple(of: 3) ? "static\(index)" : "screen\(index)"
        text.withUTF8 { table.insert(parent: Int32(index % 5), $0, child: Int32(index + 1)) }
      }
      // Linear probing reads ½(1 + 1/(1 − load)) slots per hit on average: at most 2 while the
      // table grows (at most half full), 2.5 once it is sized to three quarters. A weak hash or
      // a poor scaling of it to the capacity would cluster the slots and show here.
      #expect(table.averageProbeLength <= 2.2, "\(count) edges while growing")
      table.finish { _ in RouteTrie.ChildSummary(terminal: -1, hasLiterals: false) }
      #expect(Double(table.count) / Double(table.capacity) > 0.74)
      #expect(table.averageProbeLength <= 3.0, "\(count) edges, finished")
    }
  }

  @Test("a copy of a table keeps its edges when the original changes")
  func valueSemantics() {
    var table = LiteralTable()
    var first = "first"
    first.withUTF8 { table.insert(parent: 0, $0, child: 1) }
    let copy = table
    var second = "second"
    second.withUTF8 { table.insert(parent: 0, $0, child: 2) }
    #expect(copy.child(of: 0, "second") == nil)
    #expect(copy.child(of: 0, "first") == 1)
    #expect(table.child(of: 0, "second") == 2)
  }

  @Test("slots and nodes fill half a cache line, in memory aligned to a line, so none straddles two")
  func layout() {
    #expect(MemoryLayout<LiteralTable.Slot>.stride == 32)
    #expect(MemoryLayout<RouteTrie.Node>.stride == 32)
    #expect(MemoryLayout<RouteTrie.Edge>.stride == 40)
    // A route's parameter places, 24 bytes each, and the spelling object's own fields.
    #expect(MemoryLayout<Captures.Place>.stride == 24)
    for count in [1, 16, 4_096, 100_000] {
      let buffer = AlignedBuffer(repeating: LiteralTable.Slot(), count: count)
      #expect(Int(bitPattern: buffer.base) % 64 == 0)
      #expect(buffer.count == count && buffer.allSatisfy { $0.child == -1 })
    }
    let copied = AlignedBuffer(Array(0..<1_000))
    #expect(Array(AlignedBuffer(copying: copied)) == Array(0..<1_000))
  }
}

extension LiteralTable {
  /// The child reached from `parent` over `text`, or `nil`.
  fileprivate func child(of parent: Int32, _ text: Substring) -> Int32? {
    var text = text
    return text.withUTF8 { child(of: parent, $0)?.child }
  }
}
