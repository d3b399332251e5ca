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

  @Test("a table with thousands of edges finds each one after growing")
  func growth() throws {
    var table = LiteralTable()
    for index in 0..<5_000 {
      var text = "segment-\(index)" + (index.isMultiple(of: 3) ? "-with-a-long-tail" : "")
      text.withUTF8 { table.insert(parent: Int32(index % 7), $0, child: Int32(index)) }
    }
    for index in 0..<5_000 {
      let text = "segment-\(index)" + (index.isMultiple(of: 3) ? "-with-a-long-tail" : "")
      #expect(table.child(of: Int32(index % 7), Substring(text)) == Int32(index))
      #expect(table.child(of: Int32(index % 7 + 1), Substring(text)) == nil)
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

  @Test("slots and nodes fill a cache line or half of one, in memory aligned to a line, so none straddles two")
  func layout() {
    #expect(MemoryLayout<LiteralTable.Slot>.stride == 64)
    // A search reads a slot's copy of its child through a pointer to the slot.
    #expect(MemoryLayout<LiteralTable.Slot>.offset(of: \.node) == 0)
    #expect(MemoryLayout<RouteTrie.Node>.stride == 32)
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
