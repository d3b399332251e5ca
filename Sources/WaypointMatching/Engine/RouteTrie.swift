/// The segment trie behind a ``RouteTable``: one node array shared by every layer, literal
/// children in a hash map and parameter children ordered by specificity, so a lookup costs the
/// URL's length and not the table's size.
///
/// Nodes are plain values (32 bytes, no references) in memory aligned to a cache line, and every
/// node's parameter edges lie next to each other in one array; a node carries its first plain
/// parameter edge, so a step down the trie reads one cache line.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    var terminal: Int32 = -1
    var slashTerminal: Int32 = -1
    var restTerminal: Int32 = -1
    var restSlashTerminal: Int32 = -1
    /// The node's parameter edges: `edges[firstEdge..<firstEdge + edgeCount]`, ordered by rank
    /// (most specific first), then by the first route that added the edge.
    var firstEdge: Int32 = 0
    /// The edge count in the low 29 bits; the top bits say whether the node has literal children,
    /// whether its first edge is a plain parameter, and whether that edge's child has literals.
    private var edgeBits: UInt32 = 0
    /// The first edge's child and the child's summary, copied by ``RouteTrie/finish()`` when the
    /// edge is a plain parameter, so a search that follows it reads the node and nothing else.
    private(set) var firstChild: Int32 = -1
    private(set) var firstChildSummary = ChildSummary.none

    private static let literalsBit: UInt32 = 1 << 31
    private static let plainFirstBit: UInt32 = 1 << 30
    private static let countMask: UInt32 = (1 << 30) - 1

    var edgeCount: Int32 {
      get { Int32(bitPattern: edgeBits & Self.countMask) }
      set {
        precondition(newValue >= 0 && UInt32(newValue) <= Self.countMask, "too many parameter edges")
        edgeBits = edgeBits & ~Self.countMask | UInt32(bitPattern: newValue)
      }
    }

    /// Whether the node has literal children.
    ///
    /// A search does not look a segment up in the literal table under a node without any (a
    /// parameter's value, most often). See ``Frame``.
    var hasLiterals: Bool {
      get { edgeBits & Self.literalsBit != 0 }
      set { edgeBits = newValue ? edgeBits | Self.literalsBit : edgeBits & ~Self.literalsBit }
    }

    /// Whether the first parameter edge is plain, so ``firstChild`` holds its child.
    var firstEdgeIsPlain: Bool { edgeBits & Self.plainFirstBit != 0 }

    /// Copies what a search needs of `edge`, the node's first edge.
    mutating func copyFirstEdge(_ edge: Edge) {
      guard edge.isPlain else { return }
      firstChild = edge.child
      firstChildSummary = edge.childSummary
      edgeBits |= Self.plainFirstBit
    }
  }

  /// What a step down the trie learns of the node it leads to, so the search does not read that
  /// node for it: the node's terminal and whether it has literal children.
  ///
  /// One 32-bit encoding wherever it is kept: with every edge, in a node for its first plain
  /// edge, and in the literal slot of its child. ``init(of:)`` is the one place a summary is
  /// made from a node.
  struct ChildSummary: Sendable, Equatable {
    /// The terminal plus one in the low 31 bits (0 for none); the top bit says whether the node
    /// has literal children.
    private var bits: UInt32

    private static let literalsBit: UInt32 = 1 << 31

    /// No terminal and no literal children: what an edge holds before ``RouteTrie/finish()``.
    static let none = ChildSummary(terminal: -1, hasLiterals: false)

    /// The summary of `node`.
    @inline(__always)
    init(of node: Node) {
      self.init(terminal: node.terminal, hasLiterals: node.hasLiterals)
    }

    init(terminal: Int32, hasLiterals: Bool) {
      precondition(terminal >= -1 && terminal < Int32.max, "a terminal out of range")
      bits = UInt32(bitPattern: terminal &+ 1) | (hasLiterals ? Self.literalsBit : 0)
    }

    /// The node's terminal, or -1.
    @inline(__always)
    var terminal: Int32 { Int32(bitPattern: bits & ~Self.literalsBit) &- 1 }
    /// Whether the node has literal children.
    @inline(__always)
    var hasLiterals: Bool { bits & Self.literalsBit != 0 }
  }

  // The fields are ordered so an edge takes 40 bytes.
  struct Edge: Sendable {
    let parameter: PatternParameter
    private let storedFirstRoute: Int32
    let child: Int32
    /// The child's summary, set by ``RouteTrie/finish()``.
    var childSummary = ChildSummary.none
    /// Read from the parameter once, so a search never reaches into it for a plain parameter.
    let isPlain: Bool

    init(parameter: PatternParameter, firstRoute: Int, child: Int32) {
      self.parameter = parameter
      storedFirstRoute = Int32(firstRoute)
      self.child = child
      isPlain = parameter.isPlain
    }

    /// The position of the first route that added the edge.
    var firstRoute: Int { Int(storedFirstRoute) }

    var rank: SegmentRank { parameter.rank }
  }

  /// The nodes while routes are inserted; ``finish()`` moves them to ``finishedNodes``.
  private var nodes: [Node] = []
  /// The nodes, once the trie is finished.
  private(set) var finishedNodes = AlignedBuffer(repeating: Node(), count: 0)
  /// Every node's parameter edges, laid out by ``finish()``.
  var edges: [Edge] = []
  /// The parameter edges while routes are inserted, in one array for the whole trie.
  ///
  /// Each node's edges form a list, from the node's `firstEdge` through `pendingNext`, most
  /// specific first, so a node with parameters costs no allocation of its own.
  private var pendingEdges: [Edge] = []
  private var pendingNext: [Int32] = []
  /// Every literal edge of every node in one table, keyed by the parent node and the literal: one
  /// hash table for the whole trie instead of one per node.
  var literalEdges = LiteralTable()
  /// Where routes end; when several spellings of one route end at one place, a lookup that gets
  /// there takes the first one's names.
  var terminals: [Terminal] = []
  /// Whether every terminal `i` belongs to route `i`; set by ``finish()``.
  ///
  /// True when every route has one spelling (no optional groups, no host spelling), as in most
  /// tables. A match then knows the route's position, and where its payload lies, before it
  /// reads the terminal.
  private(set) var terminalsAreRoutes = false
  /// Every distinct ``Captures`` while routes are inserted, so terminals that capture alike share one.
  private var sharedCaptures = CapturesPool()
  /// For each terminal, whether it takes only URLs whose first segment is their host (a spelling
  /// whose first literal was lowered to compare with a lowered host); empty when none does.
  var hostOnly: [Bool] = []
  /// The most frames a search can stack: the longest spelling plus the root.
  var maxDepth = 1

  /// Makes room for the nodes of about `routes` routes, so that building does not copy them as they grow.
  mutating func reserveCapacity(routes: Int) {
    // Most routes share their first segments, and end one to three nodes past the last shared
    // one. The nodes are copied to their final buffer by `finish()`, so room left over is not kept.
    nodes.reserveCapacity(3 * routes + 1)
    pendingEdges.reserveCapacity(routes)
    pendingNext.reserveCapacity(routes)
    terminals.reserveCapacity(routes)
    // One to two new literal edges a route: the table then rarely grows while routes are added,
    // instead of a dozen times from its first 16 slots (`finish()` sizes it to what it holds).
    literalEdges.reserveCapacity(routes * 5 / 2)
  }

  mutating func makeRoot() -> Int32 {
    nodes.append(Node())
    return Int32(nodes.count - 1)
  }

  /// Lays every node's parameter edges out next to each other; call once, after the last insert.
  mutating func finish() {
    edges.reserveCapacity(pendingEdges.count)
    for node in nodes.indices where nodes[node].edgeCount > 0 {
      let head = nodes[node].firstEdge
      var edge = head
      nodes[node].firstEdge = Int32(edges.count)
      while edge >= 0 {
        // What a search learns on its way down, so it need not read a child to know it.
        var laidOut = pendingEdges[Int(edge)]
        laidOut.childSummary = ChildSummary(of: nodes[Int(laidOut.child)])
        if edge == head { nodes[node].copyFirstEdge(laidOut) }
        edges.append(laidOut)
        edge = pendingNext[Int(edge)]
      }
    }
    pendingEdges = []
    pendingNext = []
    sharedCaptures = CapturesPool()
    terminalsAreRoutes = terminals.indices.allSatisfy { Int(terminals[$0].position) == $0 }
    literalEdges.finish { [nodes] child in ChildSummary(of: nodes[Int(child)]) }
    finishedNodes = AlignedBuffer(nodes)
    nodes = []
  }

  /// An empty trie, for ``insert(_:position:root:slash:hostOnly:)`` and ``finish()``.
  init() {}

  /// A finished trie from the parts a compiled table keeps, which `RouteIndex+image.swift` checked.
  ///
  /// What a search learns on its way down (which nodes have literal children, each child's
  /// summary, a node's first plain edge) is worked out here, as ``finish()`` does, never taken
  /// from the image.
  init(
    finished nodes: AlignedBuffer<Node>, edges: consuming [Edge], literals: LiteralTable, terminals: [Terminal],
    hostOnly: [Bool], maxDepth: Int
  ) {
    let slots = literals.storedSlots
    for index in 0..<slots.count where slots.base[index].child >= 0 {
      nodes.base[Int(slots.base[index].parent)].hasLiterals = true
    }
    for index in edges.indices {
      edges[index].childSummary = ChildSummary(of: nodes.base[Int(edges[index].child)])
    }
    for node in 0..<nodes.count where nodes.base[node].edgeCount > 0 {
      nodes.base[node].copyFirstEdge(edges[Int(nodes.base[node].firstEdge)])
    }
    var literals = literals
    literals.summarize { child in ChildSummary(of: nodes.base[Int(child)]) }
    self.edges = edges
    self.literalEdges = literals
    self.terminals = terminals
    self.hostOnly = hostOnly
    self.maxDepth = maxDepth
    terminalsAreRoutes = terminals.indices.allSatisfy { Int(terminals[$0].position) == $0 }
    finishedNodes = nodes
  }

  /// The parameter edges of `node`, once the trie is finished.
  func edges(of node: Node) -> ArraySlice<Edge> {
    edges[Int(node.firstEdge)..<Int(node.firstEdge + node.edgeCount)]
  }

  /// Adds one spelling (its segments) of route `route` under `root`.
  ///
  /// Returns the route it conflicts with, if another route already ends at the same place.
  mutating func insert(
    _ spelling: PatternSpelling, position route: Int, root: Int32, slash: Bool,
    hostOnly: Bool = false
  ) -> Int? {
    let segments = spelling.segments
    var node = root
    var places = Captures.Places()
    var restName: String?
    var restStart: Int?
    for (index, segment) in segments.enumerated() {
      switch segment.kind {
      case .literal(let text):
        node = literalChild(of: node, text)
      case .parameter(let parameter):
        // Each step of the trie takes one segment, so the parameter reads segment `index`.
        places.append(
          Captures.Place(
            name: parameter.name, segment: Int16(index), prefixLength: Int16(parameter.prefix.utf8.count),
            suffixLength: Int16(parameter.suffix.utf8.count)))
        node = parameterChild(of: node, parameter, route: route)
      case .rest(let name):
        restName = name
        restStart = index
      }
    }
    maxDepth = max(maxDepth, segments.count + 1)
    let isRest = restStart != nil
    let existing = nodes[Int(node)].terminal(rest: isRest, slash: slash)
    if existing < 0 {
      let captures = sharedCaptures.shared(
        Captures.Shape(places: places, restName: restName, restStart: restStart, groups: spelling.mask))
      terminals.append(Terminal(captures: captures, position: Int32(route)))
      nodes[Int(node)].setTerminal(Int32(terminals.count - 1), rest: isRest, slash: slash)
      if hostOnly || !self.hostOnly.isEmpty {
        if self.hostOnly.isEmpty { self.hostOnly = Array(repeating: false, count: terminals.count - 1) }
        self.hostOnly.append(hostOnly)
      }
      return nil
    }
    let other = Int(terminals[Int(existing)].position)
    return other == route ? nil : other
  }

  private mutating func literalChild(of node: Int32, _ text: String) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      if let hit = literalEdges.child(of: node, bytes) { return hit.child }
      let child = makeRoot()
      literalEdges.insert(parent: node, bytes, child: child)
      nodes[Int(node)].hasLiterals = true
      return child
    }
  }

  private mutating func parameterChild(of node: Int32, _ parameter: PatternParameter, route: Int) -> Int32 {
    let rank = parameter.rank
    // The node's list, most specific first: find an edge of the same shape, or where a new one goes
    // (after every edge at least as specific, so earlier routes keep their place among equals).
    var current: Int32 = nodes[Int(node)].edgeCount > 0 ? nodes[Int(node)].firstEdge : -1
    var insertAfter: Int32 = -1
    while current >= 0 {
      let edge = pendingEdges[Int(current)]
      if edge.parameter.hasShape(of: parameter) { return edge.child }
      if edge.rank >= rank { insertAfter = current }
      current = pendingNext[Int(current)]
    }
    let child = makeRoot()
    let index = Int32(pendingEdges.count)
    pendingEdges.append(Edge(parameter: parameter, firstRoute: route, child: child))
    if insertAfter >= 0 {
      pendingNext.append(pendingNext[Int(insertAfter)])
      pendingNext[Int(insertAfter)] = index
    } else {
      pendingNext.append(nodes[Int(node)].edgeCount > 0 ? nodes[Int(node)].firstEdge : -1)
      nodes[Int(node)].firstEdge = index
    }
    nodes[Int(node)].edgeCount += 1
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

extension RouteTrie {
  /// Where one spelling of a route ends: the route's position and what the spelling captures.
  struct Terminal: Sendable {
    /// Shared by every terminal that captures alike (see ``Captures``).
    let captures: Captures
    /// The route's place in the table's routes (and payloads).
    let position: Int32
  }
}

/// What one spelling captures: its parameters' names in the order they appear, the segment each
/// is read from, and its rest.
///
/// Every step down the trie takes one segment, so a spelling's values always lie in the same
/// segments: a match needs only the URL and this, and collects nothing while it searches. It
/// names no route, so a table keeps one for all the spellings that capture alike
/// (`/a/:id` and `/b/:id` share one, as do thousands of deep links of one shape); a lookup then
/// reads a shared object that stays in cache instead of one per route, and a table keeps a few
/// of them instead of one per route. A class, so a match holds one reference to it.
@usableFromInline
final class Captures: Sendable {
  /// A parameter, and where its value lies: its segment, less the bytes of its prefix and suffix.
  ///
  /// Patterns have at most 128 segments of at most 8 KiB, so the numbers fit 16 bits.
  struct Place: Sendable, Equatable {
    let name: String
    let segment: Int16
    let prefixLength: Int16
    let suffixLength: Int16

    static let none = Place(name: "", segment: 0, prefixLength: 0, suffixLength: 0)
  }

  /// A spelling's places, gathered in order without an array for the first.
  struct Places: Equatable {
    fileprivate var first = Place.none
    fileprivate var others: [Place] = []
    fileprivate var count = 0

    mutating func append(_ place: Place) {
      if count == 0 { first = place } else { others.append(place) }
      count += 1
    }
  }

  /// Everything a ``Captures`` holds, as a value: what ``CapturesPool`` finds a shared one by.
  struct Shape: Equatable {
    let places: Places
    let restName: String?
    let restStart: Int?
    let groups: Int

    /// A hash of the numbers only, the first name by its length (``Captures/holds(_:)`` compares
    /// everything): a table has as many terminals as routes and only a few shapes.
    var hash: UInt64 {
      let first = places.first
      let numbers =
        places.count &<< 56 | groups &<< 48 | ((restStart ?? 255) & 0xFF) &<< 40
        | (first.name.utf8.count & 0xFF) &<< 32 | (Int(first.segment) & 0xFF) &<< 24
        | (Int(first.prefixLength) & 0xFFF) &<< 12 | (Int(first.suffixLength) & 0xFFF)
      return LiteralTable.mix(UInt64(bitPattern: Int64(numbers)))
    }
  }

  /// What the spelling captures; shared objects are few (one per shape in a table), so it is
  /// kept as one value rather than packed.
  let shape: Shape
  /// The values themselves, for parameters a client made rather than a search found.
  ///
  /// One per place, then the rest's segments (see ``PathParameters/init(_:rest:)``); `nil` in a trie.
  let given: (values: [String], rest: [String]?)?

  init(_ shape: Shape, given: (values: [String], rest: [String]?)? = nil) {
    self.shape = shape
    self.given = given
  }

  /// The captures of parameters a client gives: `pairs` in order, and a rest when `rest` is not `nil`.
  convenience init(given pairs: [(name: String, value: String)], rest: [String]?) {
    var places = Places()
    for pair in pairs { places.append(Place(name: pair.name, segment: 0, prefixLength: 0, suffixLength: 0)) }
    self.init(
      Shape(places: places, restName: nil, restStart: rest == nil ? nil : 0, groups: 0),
      given: (pairs.map(\.value), rest))
  }

  /// The optional groups present in the spelling, one bit per group (bit 0 for the first).
  var groups: Int { shape.groups }
  /// How many parameters the spelling has.
  var count: Int { shape.places.count }
  /// The segment the rest starts at, when the spelling ends in one.
  var restStart: Int? { shape.restStart }
  /// The rest's name, when the spelling ends in a named one.
  var restName: String? { shape.restName }

  /// Parameter `index` (below `count`).
  func place(_ index: Int) -> Place {
    index == 0 ? shape.places.first : shape.places.others[index - 1]
  }

  /// Whether this holds exactly `shape`.
  func holds(_ shape: Shape) -> Bool { self.shape == shape }

  /// The position of the parameter called `name`, or `nil`.
  func index(of name: String) -> Int? {
    if count > 0, shape.places.first.name == name { return 0 }
    guard count > 1 else { return nil }
    return shape.places.others.firstIndex { $0.name == name }.map { $0 + 1 }
  }
}

/// The ``Captures`` of a trie being built, one per shape, so terminals that capture alike share
/// one (see ``Captures``).
///
/// An open-addressing set keyed by ``Captures/Shape/hash``, which hashes numbers only: a
/// `Dictionary` keyed by the shape cost more per route than the rest of inserting it. The tests
/// compare it with a plain scan of every shape.
struct CapturesPool {
  private var slots: [Captures?] = Array(repeating: nil, count: 16)
  private(set) var count = 0

  /// The shared ``Captures`` for `shape`, made on first use.
  mutating func shared(_ shape: Captures.Shape) -> Captures {
    var index = Int(truncatingIfNeeded: shape.hash) & (slots.count - 1)
    while let captures = slots[index] {
      if captures.holds(shape) { return captures }
      index = (index + 1) & (slots.count - 1)
    }
    let captures = Captures(shape)
    slots[index] = captures
    count += 1
    // At most half full, so a probe stops soon.
    if count * 2 > slots.count { grow() }
    return captures
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: old.count * 2)
    for case let captures? in old {
      var index = Int(truncatingIfNeeded: captures.shape.hash) & (slots.count - 1)
      while slots[index] != nil { index = (index + 1) & (slots.count - 1) }
      slots[index] = captures
    }
  }
}
