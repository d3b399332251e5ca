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
    /// Read from the parameter once, so a search never copies it (and retains its strings).
    let isPlain: Bool

    init(parameter: Parameter, shape: ParameterShape, rank: SegmentRank, firstRoute: Int, child: Int32) {
      self.parameter = parameter
      self.shape = shape
      self.rank = rank
      self.firstRoute = firstRoute
      self.child = child
      isPlain = parameter.isPlain
    }
  }

  /// Where a route ends; when several spellings of one route end at one place, a lookup that
  /// gets there takes the first one's names.
  struct Terminal: Sendable {
    var route: Int
    var captures: Captures
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
    var places: [Captures.Place] = []
    var restName: String?
    var restStart: Int?
    for (index, segment) in variant.segments.enumerated() {
      switch segment.kind {
      case .literal(let text):
        node = literalChild(of: node, text)
      case .parameter(let parameter):
        names.append(parameter.name)
        // Each step of the trie takes one segment, so the parameter reads segment `index`.
        places.append(
          Captures.Place(
            segment: index, prefixLength: parameter.prefix.utf8.count, suffixLength: parameter.suffix.utf8.count))
        node = parameterChild(of: node, parameter, route: route)
      case .rest(let name):
        restName = name
        restStart = index
      }
    }
    maxDepth = max(maxDepth, variant.segments.count + 1)
    let isRest = restStart != nil
    let existing = nodes[Int(node)].terminal(rest: isRest, slash: slash)
    if existing < 0 {
      let captures = Captures(names: names, places: places, restName: restName, restStart: restStart)
      terminals.append(Terminal(route: route, captures: captures))
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

/// What one spelling of a route captures, and where: its parameters' names in the order they
/// appear, the segment each is read from, and its rest.
///
/// Every step down the trie takes one segment, so a spelling's values always lie in the same
/// segments: a match needs only the URL and this, and collects nothing while it searches. A
/// class, so a match holds one reference to it.
@usableFromInline
final class Captures: Sendable {
  /// Where a value lies: its segment, less the bytes of the parameter's prefix and suffix.
  struct Place: Sendable {
    let segment: Int
    let prefixLength: Int
    let suffixLength: Int
  }

  let names: [String]
  let places: [Place]
  let restName: String?
  /// The segment the rest starts at, when the spelling ends in one.
  let restStart: Int?

  init(names: [String], places: [Place], restName: String?, restStart: Int?) {
    self.names = names
    self.places = places
    self.restName = restName
    self.restStart = restStart
  }
}
