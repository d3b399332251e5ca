/// A fixed number of plain values in memory aligned to a cache line, for the tables a lookup
/// reads at random: the trie's nodes and the literal table's slots (32 bytes each).
///
/// An array's elements start 32 bytes into its allocation, which the allocator aligns to 16 bytes
/// (a large one it maps at a page plus 16 bytes), so half of an array's 32-byte
/// elements would straddle two cache lines, and a lookup in a large table would miss twice where
/// once does.
///
/// Its owner treats it as a value: it copies the buffer before a change unless it holds the only
/// reference, so a buffer that is shared is never changed, which makes sharing it safe.
final class AlignedBuffer<Element: BitwiseCopyable>: @unchecked Sendable, RandomAccessCollection {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  /// `count` copies of `element`.
  init(repeating element: Element, count: Int) {
    self.count = count
    base = Self.allocate(count)
    base.initialize(repeating: element, count: count)
  }

  /// The elements of `elements`, in order.
  convenience init(_ elements: [Element]) {
    self.init(count: elements.count) { base in
      elements.withUnsafeBufferPointer { source in
        if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
      }
    }
  }

  /// A copy of `other`'s elements.
  convenience init(copying other: AlignedBuffer) {
    self.init(count: other.count) { base in base.initialize(from: other.base, count: other.count) }
  }

  private init(count: Int, initialize: (UnsafeMutablePointer<Element>) -> Void) {
    self.count = count
    base = Self.allocate(count)
    initialize(base)
  }

  private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * MemoryLayout<Element>.stride, alignment: 64)
      .bindMemory(to: Element.self, capacity: count)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "index out of range")
    return base[index]
  }
}
