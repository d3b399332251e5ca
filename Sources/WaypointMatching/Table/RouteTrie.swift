/// The segment trie behind a ``RouteTable``: one node array shared by every layer, literal
/// children in a hash map and parameter children ordered by specificity, so a lookup costs the
/// URL's length and not the table's size.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    /// Ordered by rank (most specific first), then by the first route that added the edge.
    var parameters: [Edge] = []
    var terminal: Int32 = -1
    var slashTerminal: Int32 = -1
    var restTerminal: Int32 = -1
    var restSlashTerminal: Int32 = -1
  }

  struct Edge: Sendable {
    let parameter: Parameter
    let shape: ParameterShape
    let rank: SegmentRank
    let firstRoute: Int
    let child: Int32
  }

  /// Where a route ends; when several spellings of one route end at one place, a lookup that
  /// gets there takes the first one's names.
  struct Terminal: Sendable {
    var route: Int
    var entry: Entry
  }

  /// What a variant captures, in the order its parameters appear.
  struct Entry: Sendable {
    let names: [String]
    let restName: String?
  }

  var nodes: [Node] = []
  /// Every literal edge of every node in one table, keyed by the parent node and the literal: one
  /// hash table for the whole trie instead of one per node.
  var literalEdges = LiteralTable()
  var terminals: [Terminal] = []
  /// The most frames a search can stack: the longest variant plus the root.
  var maxDepth = 1

  mutating func makeRoot() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  /// Adds one variant of route `route` under `root`.
  ///
  /// Returns the route it conflicts with, if another route already ends at the same place.
  mutating func insert(
    _ variant: PatternVariant, route: Int, root: Int32, slash: Bool
  ) -> Int? {
    var node = root
    var names: [String] = []
    var restName: String?
    var isRest = false
    for segment in variant.segments {
      switch segment.kind {
      case .literal(let text):
        node = literalChild(of: node, text)
      case .parameter(let parameter):
        names.append(parameter.name)
        node = parameterChild(of: node, parameter, route: route)
      case .rest(let name):
        restName = name
        isRest = true
      }
    }
    maxDepth = max(maxDepth, variant.segments.count + 1)
    let entry = Entry(names: names, restName: restName)
    let existing = nodes[Int(node)].terminal(rest: isRest, slash: slash)
    if existing < 0 {
      terminals.append(Terminal(route: route, entry: entry))
      nodes[Int(node)].setTerminal(Int32(terminals.count - 1), rest: isRest, slash: slash)
      return nil
    }
    if terminals[Int(existing)].route == route { return nil }
    return terminals[Int(existing)].route
  }

  private mutating func literalChild(of node: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      if let child = literalEdges.child(of: node, bytes) { return child }
      let child = makeRoot()
      literalEdges.insert(parent: node, bytes, child: child)
      return child
    }
  }

  private mutating func parameterChild(of node: Int32, _ parameter: Parameter, route: Int) -> Int32 {
    let shape = parameter.shape
    if let edge = nodes[Int(node)].parameters.first(where: { $0.shape == shape }) { return edge.child }
    let child = makeRoot()
    let edge = Edge(parameter: parameter, shape: shape, rank: parameter.rank, firstRoute: route, child: child)
    let position = nodes[Int(node)].parameters.firstIndex { $0.rank < edge.rank } ?? nodes[Int(node)].parameters.count
    nodes[Int(node)].parameters.insert(edge, at: position)
    return child
  }
}

extension RouteTrie.Node {
  func terminal(rest: Bool, slash: Bool) -> Int32 {
    switch (rest, slash) {
    case (false, false): return terminal
    case (false, true): return slashTerminal
    case (true, false): return restTerminal
    case (true, true): return restSlashTerminal
    }
  }

  mutating func setTerminal(_ value: Int32, rest: Bool, slash: Bool) {
    switch (rest, slash) {
    case (false, false): terminal = value
    case (false, true): slashTerminal = value
    case (true, false): restTerminal = value
    case (true, true): restSlashTerminal = value
    }
  }
}
