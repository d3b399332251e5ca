extension RouteTable {
  /// The routes matching one URL, best first, found as they are iterated.
  public struct Candidates: Sequence, Sendable {
    let table: RouteTable
    let url: ParsedURL
    let roots: [Int32]

    /// Starts the search.
    public func makeIterator() -> Iterator {
      Iterator(table: table, url: url, roots: roots)
    }

    /// The search's state.
    ///
    /// Not meant to be shared.
    public struct Iterator: IteratorProtocol {
      let table: RouteTable
      let url: ParsedURL
      let roots: [Int32]
      private var rootIndex = 0
      private var frames: [RouteTrie.Frame]
      private var depth = 0
      private var seen = Set<Int>()

      init(table: RouteTable, url: ParsedURL, roots: [Int32]) {
        self.table = table
        self.url = url
        self.roots = roots
        self.frames = Array(
          repeating: RouteTrie.Frame(
            node: 0, data: UnsafePointer(table.trie.finishedNodes.base), segment: 0, phase: 0,
            summary: RouteTrie.ChildSummary(terminal: -1, hasLiterals: false)),
          count: table.trie.maxDepth + 1)
      }

      /// The next best route, or `nil` when there are no more.
      public mutating func next() -> RouteMatch<Payload>? {
        while rootIndex < roots.count {
          let (table, url, root, fresh) = (self.table, self.url, roots[rootIndex], depth == 0)
          var depth = self.depth
          var seen = self.seen
          let found: RouteMatch<Payload>? = frames.withUnsafeMutableBufferPointer { buffer in
            var search =
              fresh
              ? RouteTrie.Search(frames: buffer, root: root, in: table.trie)
              : RouteTrie.Search(resuming: buffer, depth: depth)
            while let terminal = search.next(in: table.trie, url: url) {
              let route = Int(table.trie.terminals[Int(terminal)].position)
              if seen.insert(route).inserted {
                depth = search.depth
                return table.makeMatch(table.index.core(for: terminal, url: url))
              }
            }
            depth = 0
            return nil
          }
          self.depth = depth
          self.seen = seen
          if let found { return found }
          rootIndex += 1
        }
        return nil
      }
    }
  }
}
