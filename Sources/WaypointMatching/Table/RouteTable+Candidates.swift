extension RouteTable {
  /// The routes matching one URL, best first, found as they are iterated.
  package struct Candidates: Sequence, Sendable {
    let table: RouteTable
    let url: ParsedURL
    let roots: [Int32]

    /// Starts the search.
    package func makeIterator() -> Iterator {
      Iterator(table: table, url: url, roots: roots)
    }

    /// The search's state.
    ///
    /// Not meant to be shared.
    package struct Iterator: IteratorProtocol {
      let table: RouteTable
      let url: ParsedURL
      let roots: [Int32]
      private var rootIndex = 0
      private var frames: [RouteTrie.Frame]
      private var depth = 0
      /// The routes given so far, when a route may end at several terminals.
      ///
      /// Optional groups and host spellings give a route several; it is given once, with its
      /// best spelling. Unused otherwise.
      private var given = Set<Int>()

      init(table: RouteTable, url: ParsedURL, roots: [Int32]) {
        self.table = table
        self.url = url
        self.roots = roots
        self.frames = Array(
          repeating: RouteTrie.Frame(node: 0, segment: 0, phase: 0, summary: .none), count: table.trie.maxDepth + 1)
      }

      /// The next best route, or `nil` when there are no more.
      package mutating func next() -> RouteMatch<Payload>? {
        let dedupes = !table.trie.terminalsAreRoutes
        while rootIndex < roots.count {
          let (table, url, root, fresh) = (self.table, self.url, roots[rootIndex], depth == 0)
          var depth = self.depth
          // Moved out and back, so inserting does not copy the set.
          var given = self.given
          self.given = []
          let found: Int32? = frames.withUnsafeMutableBufferPointer { buffer in
            var search =
              fresh
              ? RouteTrie.Search(frames: buffer, root: root, in: table.trie)
              : RouteTrie.Search(resuming: buffer, depth: depth)
            while let terminal = search.next(in: table.trie, url: url) {
              if !dedupes || given.insert(Int(table.trie.terminals[Int(terminal)].position)).inserted {
                depth = search.depth
                return terminal
              }
            }
            depth = 0
            return nil
          }
          self.depth = depth
          self.given = given
          if let found { return table.makeMatch(table.index.core(for: found, url: url)) }
          rootIndex += 1
        }
        return nil
      }
    }
  }
}
