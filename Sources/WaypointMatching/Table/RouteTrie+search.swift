extension RouteTrie {
  /// One step of the depth-first search: a node, the next segment, what to try next there, and
  /// the parameter edge that led here (-1 for the root or a literal).
  struct Frame {
    var node: Int32
    var segment: Int32
    var phase: Int32
    var edge: Int32
  }

  /// A terminal reached by the search, and where its rest starts, if it has one.
  struct Hit {
    let terminal: Int32
    let restStart: Int?
  }

  /// A terminal found, with the values captured on the way to it.
  struct Found {
    let terminal: Int32
    let values: CapturedRanges
    let restStart: Int?
  }

  /// The best terminal for `url` over every root that may serve it, or `nil`.
  func firstMatch(_ url: ParsedURL, levels: [PriorityLevel]) -> Found? {
    withUnsafeTemporaryAllocation(of: Frame.self, capacity: maxDepth + 1) { frames in
      var found: Found?
      PriorityLevel.forEachRoot(of: url, in: levels) { root in
        var search = Search(frames: frames, root: root)
        guard let hit = search.next(in: self, url: url) else { return true }
        found = Found(
          terminal: hit.terminal, values: search.capturedValues(in: self, url: url), restStart: hit.restStart)
        return false
      }
      return found
    }
  }

  /// A resumable search: call ``next(in:url:)`` until it returns `nil`.
  ///
  /// Hits come in precedence order: at each node the literal child, then parameter children from most to least
  /// specific, then the rest. Frames live in a caller-provided buffer, so a first-match lookup allocates nothing here.
  struct Search {
    var frames: UnsafeMutableBufferPointer<Frame>
    var depth = 0

    init(frames: UnsafeMutableBufferPointer<Frame>, root: Int32) {
      self.frames = frames
      frames[0] = Frame(node: root, segment: 0, phase: 0, edge: -1)
      depth = 1
    }

    /// Resumes a search whose frames are already in `frames`.
    init(resuming frames: UnsafeMutableBufferPointer<Frame>, depth: Int) {
      self.frames = frames
      self.depth = depth
    }

    mutating func next(in trie: RouteTrie, url: ParsedURL) -> Hit? {
      var text = url.foldedText ?? url.segmentText
      return text.withUTF8 { bytes in
        url.withBounds { bounds in
          trie.nodes.withUnsafeBufferPointer { nodes in
            next(nodes: nodes, literals: trie.literalEdges, bytes: bytes, bounds: bounds, url: url)
          }
        }
      }
    }

    /// The search proper, over the segments' bytes where they lie (`bounds` into `bytes`).
    private mutating func next(
      nodes: UnsafeBufferPointer<Node>, literals: LiteralTable, bytes: UnsafeBufferPointer<UInt8>,
      bounds: UnsafeBufferPointer<Int>, url: ParsedURL
    ) -> Hit? {
      guard let base = nodes.baseAddress else { return nil }
      let count = bounds.count / 2
      let slash = url.options.trailingSlash == .strict && url.hasTrailingSlash
      while depth > 0 {
        let top = depth - 1
        let frame = frames[top]
        frames[top].phase += 1
        let node = base + Int(frame.node)
        let segment = Int(frame.segment)
        switch frame.phase {
        case 0:
          let terminal = slash ? node.pointee.slashTerminal : node.pointee.terminal
          if segment == count, terminal >= 0 { return Hit(terminal: terminal, restStart: nil) }
        case 1:
          if segment < count,
            let child = literals.child(
              of: frame.node, UnsafeBufferPointer(rebasing: bytes[bounds[2 * segment]..<bounds[2 * segment + 1]]))
          {
            push(child, segment: segment + 1, edge: -1)
          }
        default:
          let edgeIndex = Int(frame.phase) - 2
          if edgeIndex < node.pointee.parameters.count {
            let parameter = node.pointee.parameters[edgeIndex].parameter
            if segment < count {
              let accepts =
                parameter.isPlain
                ? bounds[2 * segment + 1] > bounds[2 * segment]
                : parameter.value(in: url.segment(at: segment), folded: url.foldedSegment(at: segment)) != nil
              if accepts {
                push(node.pointee.parameters[edgeIndex].child, segment: segment + 1, edge: Int32(edgeIndex))
              }
            }
          } else if edgeIndex == node.pointee.parameters.count {
            let terminal = slash ? node.pointee.restSlashTerminal : node.pointee.restTerminal
            if segment < count, terminal >= 0 { return Hit(terminal: terminal, restStart: segment) }
          } else {
            depth -= 1
          }
        }
      }
      return nil
    }

    private mutating func push(_ node: Int32, segment: Int, edge: Int32) {
      frames[depth] = Frame(node: node, segment: Int32(segment), phase: 0, edge: edge)
      depth += 1
    }

    /// The byte ranges of the values captured on the path to the current hit, in order.
    func capturedValues(in trie: RouteTrie, url: ParsedURL) -> CapturedRanges {
      var values = CapturedRanges()
      for level in 1..<max(depth, 1) where frames[level].edge >= 0 {
        let parent = trie.nodes[Int(frames[level - 1].node)]
        let parameter = parent.parameters[Int(frames[level].edge)].parameter
        let bounds = url.bounds(of: Int(frames[level].segment) - 1)
        // The search accepted this segment, so it has the parameter's prefix and suffix.
        values.append(
          (bounds.lowerBound + parameter.prefix.utf8.count)..<(bounds.upperBound - parameter.suffix.utf8.count))
      }
      return values
    }
  }
}
