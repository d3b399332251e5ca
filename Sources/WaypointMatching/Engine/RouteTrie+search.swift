extension RouteTrie {
  /// One step of the depth-first search: a node, the next segment, and what to try next there.
  ///
  /// A frame holds the node's index, not a pointer to it: frames outlive a call when a
  /// candidates iterator resumes the search, and an index stays meaningful wherever the trie is.
  struct Frame {
    var node: Int32
    var segment: Int32
    /// How many of the node's steps (see ``Step``) the search has taken; kept as a count so a
    /// frame stays small and the node is not read to know the first two.
    var phase: Int32
    /// The node's terminal and whether it has literal children, learned from the step that led
    /// here, so the node is not read for them (a parameter's value is then not looked up in the
    /// literal table).
    var summary: ChildSummary
  }

  /// What a search tries at a node, in precedence order: the node's own terminal when every
  /// segment is read, its literal child, its parameter edges from most to least specific, then
  /// its rest; after that the frame is done.
  enum Step: Equatable {
    case terminal
    case literal
    case edge(Int)
    case rest
    case done

    /// The step a frame's `phase` stands for; `edgeCount` is read only past the literal step,
    /// so the first two steps do not read the node.
    @inline(__always)
    init(phase: Int32, edgeCount: () -> Int) {
      switch phase {
      case 0: self = .terminal
      case 1: self = .literal
      default:
        let edge = Int(phase) - 2
        let count = edgeCount()
        self = edge < count ? .edge(edge) : edge == count ? .rest : .done
      }
    }
  }

  /// The best terminal for `url` over every root that may serve it, or `nil`.
  ///
  /// The terminal says where every value lies (see ``Captures``), so nothing is collected on the way.
  func firstMatch(_ url: ParsedURL, layers: [PriorityLayer], hostsOnly: Bool = false) -> Int32? {
    withUnsafeTemporaryAllocation(of: Frame.self, capacity: maxDepth + 1) { frames in
      var found: Int32?
      PriorityLayer.forEachRoot(of: url, in: layers, hostsOnly: hostsOnly) { root in
        var search = Search(frames: frames, root: root, in: self)
        found = search.next(in: self, url: url)
        return found == nil
      }
      return found
    }
  }

  /// A resumable search: call ``next(in:url:)`` until it returns `nil`.
  ///
  /// Hits come in precedence order: at each node the literal child, then parameter children from most to least
  /// specific, then the rest. Frames live in a caller-provided buffer, so a first-match lookup allocates nothing here.
  ///
  /// The map page's twin: `terminals` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  struct Search {
    var frames: UnsafeMutableBufferPointer<Frame>
    var depth = 0

    init(frames: UnsafeMutableBufferPointer<Frame>, root: Int32, in trie: RouteTrie) {
      self.frames = frames
      frames[0] = Frame(node: root, segment: 0, phase: 0, summary: ChildSummary(of: trie.finishedNodes.base[Int(root)]))
      depth = 1
    }

    /// Resumes a search whose frames are already in `frames`.
    init(resuming frames: UnsafeMutableBufferPointer<Frame>, depth: Int) {
      self.frames = frames
      self.depth = depth
    }

    /// The next terminal in precedence order, or `nil`.
    mutating func next(in trie: RouteTrie, url: ParsedURL) -> Int32? {
      url.withSegmentBytes(folded: true) { bytes in
        url.withBounds { bounds in
          trie.edges.withUnsafeBufferPointer { edges in
            next(
              nodes: trie.finishedNodes.base, edges: edges, literals: trie.literalEdges, bytes: bytes, bounds: bounds,
              url: url, refused: trie.hostOnly.isEmpty || url.firstSegmentIsHost ? nil : trie.hostOnly)
          }
        }
      }
    }

    /// The search proper, over the segments' bytes where they lie (`bounds` into `bytes`).
    private mutating func next(
      nodes base: UnsafeMutablePointer<Node>, edges: UnsafeBufferPointer<Edge>, literals: LiteralTable,
      bytes: UnsafeBufferPointer<UInt8>,
      bounds: UnsafeBufferPointer<Int>, url: ParsedURL, refused: [Bool]?
    ) -> Int32? {
      let count = bounds.count / 2
      let slash = url.options.trailingSlash == .strict && url.hasTrailingSlash
      while depth > 0 {
        let top = depth - 1
        let frame = frames[top]
        frames[top].phase += 1
        let node = UnsafePointer(base + Int(frame.node))
        let segment = Int(frame.segment)
        switch Step(phase: frame.phase, edgeCount: { Int(node.pointee.edgeCount) }) {
        case .terminal:
          // The node is read only when needed: the step that led here says its terminal.
          if segment == count {
            let terminal = slash ? node.pointee.slashTerminal : frame.summary.terminal
            if terminal >= 0, refused?[Int(terminal)] != true { return terminal }
          }
        case .literal:
          if segment < count, frame.summary.hasLiterals,
            let hit = literals.child(
              of: frame.node, UnsafeBufferPointer(rebasing: bytes[bounds[2 * segment]..<bounds[2 * segment + 1]]))
          {
            push(hit.child, segment: segment + 1, summary: hit.summary)
          }
        case .edge(let edgeIndex):
          guard segment < count else { continue }
          if edgeIndex == 0, node.pointee.firstEdgeIsPlain {
            // The first edge, a plain parameter, lies in the node.
            if bounds[2 * segment + 1] > bounds[2 * segment] {
              push(node.pointee.firstChild, segment: segment + 1, summary: node.pointee.firstChildSummary)
            }
          } else {
            let edge = Int(node.pointee.firstEdge) + edgeIndex
            let accepts =
              edges[edge].isPlain
              ? bounds[2 * segment + 1] > bounds[2 * segment]
              : edges[edge].parameter.value(in: url.segment(at: segment), folded: url.foldedSegment(at: segment))
                != nil
            if accepts {
              push(edges[edge].child, segment: segment + 1, summary: edges[edge].childSummary)
            }
          }
        case .rest:
          let terminal = slash ? node.pointee.restSlashTerminal : node.pointee.restTerminal
          if segment < count, terminal >= 0, refused?[Int(terminal)] != true { return terminal }
        case .done:
          depth -= 1
        }
      }
      return nil
    }

    private mutating func push(_ node: Int32, segment: Int, summary: ChildSummary) {
      frames[depth] = Frame(node: node, segment: Int32(segment), phase: 0, summary: summary)
      depth += 1
    }
  }
}
