/// A table's compiled index as an image (see ``TableImage``): written by a build step, read at
/// launch instead of parsing every pattern and building the trie.
///
/// Reading checks everything a search or a match later trusts without checking: every node,
/// edge, slot, terminal and root number in range, every node reached from one parent only and
/// numbered after it (so the trie has no cycle), no path deeper than a pattern can be, each
/// terminal's captures in the segments and parameter edges of its own path, a free slot in the
/// literal table. What a search learns on its way down is worked out again, never read. So a
/// damaged or forged image is refused or, at worst, answers wrongly; it cannot make a search
/// read outside the table or stop on a trap. Patterns are not parsed again (that is the cost an
/// image saves): an image's pattern text is trusted to be the one its trie was built from, and
/// one that does not parse reads as a pattern of no segments (see ``PatternReading``).
extension RouteIndex {
  /// Writes the index, less its routes (which the caller writes with what they carry).
  func writeImage(into writer: inout ImageWriter) {
    let nodes = trie.finishedNodes
    writer.uint32(UInt32(MemoryLayout<LiteralTable.Slot>.stride))
    withUnsafeBytes(of: UInt32(0x0102_0304)) { writer.raw($0) }

    writer.uint32(UInt32(nodes.count))
    for node in nodes {
      writer.int32(node.terminal)
      writer.int32(node.slashTerminal)
      writer.int32(node.restTerminal)
      writer.int32(node.restSlashTerminal)
      writer.int32(node.firstEdge)
      writer.int32(node.edgeCount)
    }

    writer.uint32(UInt32(trie.edges.count))
    for edge in trie.edges {
      let parameter = edge.parameter
      writer.text(parameter.name)
      writer.text(parameter.prefix)
      writer.text(parameter.suffix)
      switch parameter.constraint.kind {
      case .none: writer.byte(0)
      case .regex(let source):
        writer.byte(1)
        writer.text(source)
      case .type(let name):
        writer.byte(2)
        writer.text(name)
      }
      writer.int32(Int32(edge.firstRoute))
      writer.int32(edge.child)
    }

    writeLiterals(into: &writer)
    writeTerminals(into: &writer)
    writeLayers(into: &writer)
  }

  private func writeLiterals(into writer: inout ImageWriter) {
    let literals = trie.literalEdges
    writer.uint32(UInt32(literals.count))
    writer.uint32(UInt32(literals.pool.count))
    writer.raw(literals.pool.withUnsafeBytes { UnsafeRawBufferPointer($0) })
    let slots = literals.storedSlots
    writer.uint32(UInt32(slots.count))
    writer.raw(UnsafeRawBufferPointer(start: slots.base, count: slots.count * MemoryLayout<LiteralTable.Slot>.stride))
  }

  private func writeTerminals(into writer: inout ImageWriter) {
    // Captures are shared between terminals: written once each, terminals name them by number.
    var capturesNumbers: [ObjectIdentifier: Int32] = [:]
    var captures: [Captures] = []
    for terminal in trie.terminals where capturesNumbers[ObjectIdentifier(terminal.captures)] == nil {
      capturesNumbers[ObjectIdentifier(terminal.captures)] = Int32(captures.count)
      captures.append(terminal.captures)
    }
    writer.uint32(UInt32(captures.count))
    for shared in captures {
      writer.uint32(UInt32(shared.count))
      for index in 0..<shared.count {
        let place = shared.place(index)
        writer.text(place.name)
        writer.int32(Int32(place.segment))
        writer.int32(Int32(place.prefixLength))
        writer.int32(Int32(place.suffixLength))
      }
      writer.optionalText(shared.restName)
      writer.int(shared.restStart ?? -1)
      writer.int(shared.groups)
    }
    writer.uint32(UInt32(trie.terminals.count))
    for terminal in trie.terminals {
      writer.int32(capturesNumbers[ObjectIdentifier(terminal.captures)] ?? 0)
      writer.int32(terminal.position)
    }
    writer.uint32(UInt32(trie.hostOnly.count))
    for flag in trie.hostOnly { writer.bool(flag) }
  }

  private func writeLayers(into writer: inout ImageWriter) {
    writer.uint32(UInt32(layers.count))
    for layer in layers {
      writer.int(layer.priority)
      writer.int32(layer.anyScheme)
      let schemes = layer.schemes.sorted { $0.key < $1.key }
      writer.uint32(UInt32(schemes.count))
      for (scheme, roots) in schemes {
        writer.text(String(scheme))
        writer.int32(roots.anyHost)
        let hosts = roots.hosts.sorted { $0.key < $1.key }
        writer.uint32(UInt32(hosts.count))
        for (host, root) in hosts {
          writer.text(String(host))
          writer.int32(root)
        }
      }
    }
  }

  /// Reads an index written by ``writeImage(into:)`` for `infos`, the routes in table order,
  /// with the options and hosts they were compiled with and the parameter types the app
  /// registers; checks it as the type's description says.
  static func read(
    _ reader: inout ImageReader, infos: [RouteInfo], options: MatchingOptions, hosts: HostAllowList,
    parameterTypes: ParameterTypes
  ) throws(ImageError) -> RouteIndex {
    let slotStride = MemoryLayout<LiteralTable.Slot>.stride
    guard try reader.uint32() == UInt32(slotStride) else {
      throw ImageError("the compiled table was written by a build whose trie slots differ from this one's")
    }
    let order = try reader.raw(4)
    guard withUnsafeBytes(of: UInt32(0x0102_0304), { $0.elementsEqual(order) }) else {
      throw ImageError("the compiled table was written on a machine of another byte order")
    }

    // Nodes: their numbers are checked once the edges and terminals are known.
    let nodeCount = try reader.count(each: 24)
    // Read into their final buffer, which the trie takes as it is.
    let nodes = AlignedBuffer(repeating: RouteTrie.Node(), count: nodeCount)
    for number in 0..<nodeCount {
      var node = RouteTrie.Node()
      node.terminal = try reader.int32()
      node.slashTerminal = try reader.int32()
      node.restTerminal = try reader.int32()
      node.restSlashTerminal = try reader.int32()
      node.firstEdge = try reader.int32()
      let edgeCount = try reader.int32()
      guard edgeCount >= 0, edgeCount < 1 << 29 else { throw ImageError("a node of the compiled table is damaged") }
      node.edgeCount = edgeCount
      nodes.base[number] = node
    }

    let edges = try readEdges(&reader, nodes: nodeCount, routes: infos.count, parameterTypes: parameterTypes)
    let literals = try readLiterals(&reader, nodes: nodeCount, slotStride: slotStride)
    let (terminals, hostOnly) = try readTerminals(&reader, routes: infos.count)
    let layers = try readLayers(&reader, nodes: nodeCount)

    let maxDepth = try check(nodes: nodes, edges: edges, literals: literals, terminals: terminals, layers: layers)
    let trie = RouteTrie(
      finished: nodes, edges: consume edges, literals: literals, terminals: terminals, hostOnly: hostOnly,
      maxDepth: maxDepth)
    return RouteIndex(
      options: options, parameterTypes: parameterTypes, hosts: hosts,
      reading: PatternReading(options: options, parameterTypes: parameterTypes, fromImage: true), infos: infos,
      trie: trie, layers: layers, routesByName: RouteNames(lazilyFrom: infos))
  }

  private static func readEdges(
    _ reader: inout ImageReader, nodes: Int, routes: Int, parameterTypes: ParameterTypes
  ) throws(ImageError) -> [RouteTrie.Edge] {
    let count = try reader.count(each: 21)
    var edges: [RouteTrie.Edge] = []
    edges.reserveCapacity(count)
    // Most routes share a few constraints: each regex is compiled, and each type looked up, once,
    // by its kind and its text's number (texts are kept apart by their bytes, not by `String`
    // equality, and a regex and a type may have the same text). The last one is asked first.
    var constraints: [Int: (ParameterConstraint, PatternParameter.Details?)] = [:]
    var last: (key: Int, constraint: ParameterConstraint, shared: PatternParameter.Details?)?
    for _ in 0..<count {
      // A pattern is at most `RoutePattern.maxLength` bytes, and so is each part of it: a longer
      // text is no pattern's, and a regex of a million groups would exhaust the stack compiling.
      let name = try reader.text()
      let prefix = try reader.text()
      let suffix = try reader.text()
      guard name.utf8.count + prefix.utf8.count + suffix.utf8.count <= RoutePattern.maxLength else {
        throw ImageError("a parameter of the compiled table is longer than a pattern can be")
      }
      var constraint = ParameterConstraint.none
      var shared: PatternParameter.Details?
      let kind = Int(try reader.byte())
      if kind != 0 {
        guard kind <= 2, let number = try reader.textNumber() else {
          throw ImageError("a parameter of the compiled table has an unknown kind of constraint")
        }
        let key = number &* 4 &+ kind
        if let last, last.key == key {
          (constraint, shared) = (last.constraint, last.shared)
        } else if let known = constraints[key] {
          (constraint, shared) = known
        } else {
          (constraint, shared) = try readConstraint(
            reader.text(numbered: number), isRegex: kind == 1, parameterTypes: parameterTypes)
          constraints[key] = (constraint, shared)
        }
        last = (key, constraint, shared)
      }
      let firstRoute = try reader.int32()
      let child = try reader.int32()
      guard firstRoute >= 0, Int(firstRoute) < routes, child >= 0, Int(child) < nodes else {
        throw ImageError("a parameter edge of the compiled table is damaged")
      }
      let parameter = PatternParameter(
        name: name, prefix: prefix, suffix: suffix, constraint: constraint, shared: shared)
      edges.append(RouteTrie.Edge(parameter: parameter, firstRoute: Int(firstRoute), child: child))
    }
    return edges
  }

  /// The constraint a text names: a regex's source, or a type's name the app registers.
  private static func readConstraint(
    _ text: String, isRegex: Bool, parameterTypes: ParameterTypes
  ) throws(ImageError) -> (ParameterConstraint, PatternParameter.Details?) {
    guard text.utf8.count <= RoutePattern.maxLength else {
      throw ImageError("a constraint of the compiled table is longer than a pattern can be")
    }
    if isRegex {
      guard let regex = try? CompiledRegex(text) else {
        throw ImageError("the compiled table holds the regex '\(text)', which does not compile")
      }
      return (ParameterConstraint(regex: regex), nil)
    }
    guard let type = parameterTypes[text] else {
      throw ImageError("the compiled table names the parameter type '\(text)', which the app does not register")
    }
    return (ParameterConstraint(type: type), type.unaffixed)
  }

  private static func readLiterals(
    _ reader: inout ImageReader, nodes: Int, slotStride: Int
  ) throws(ImageError) -> LiteralTable {
    let count = Int(try reader.uint32())
    let poolCount = try reader.count(each: 1)
    let pool = Array(try reader.raw(poolCount))
    let capacity = try reader.count(each: slotStride)
    // A probe stops only at a free slot (or a hit): a full table would never end a miss.
    guard capacity >= 1, count < capacity else {
      throw ImageError("the literal table of the compiled table is damaged")
    }
    let bytes = try reader.raw(capacity * slotStride)
    let slots = AlignedBuffer(repeating: LiteralTable.Slot(), count: capacity)
    UnsafeMutableRawBufferPointer(start: slots.base, count: bytes.count).copyMemory(from: bytes)
    var occupied = 0
    for index in 0..<capacity {
      let slot = slots.base[index]
      guard slot.child >= 0 else {
        // A free slot is what a probe stops at: only `child` is read, and it must say free.
        slots.base[index] = LiteralTable.Slot()
        continue
      }
      occupied += 1
      guard Int(slot.child) < nodes, slot.parent >= 0, Int(slot.parent) < nodes,
        slot.length <= RoutePattern.maxLength,
        slot.length <= 16 || (slot.head <= UInt64(pool.count) && Int(slot.head) + slot.length <= pool.count)
      else { throw ImageError("a literal edge of the compiled table is damaged") }
      slots.base[index].childSummary = .none
    }
    guard occupied == count else { throw ImageError("the literal table of the compiled table is damaged") }
    return LiteralTable(slots: slots, pool: pool, count: count)
  }

  private static func readTerminals(
    _ reader: inout ImageReader, routes: Int
  ) throws(ImageError) -> ([RouteTrie.Terminal], [Bool]) {
    let capturesCount = try reader.count(each: 21)
    var captures: [Captures] = []
    captures.reserveCapacity(capturesCount)
    for _ in 0..<capturesCount {
      var places = Captures.Places()
      let placeCount = try reader.count(each: 16)
      guard placeCount <= RoutePattern.maxSegments else {
        throw ImageError("the captures of the compiled table are damaged")
      }
      for _ in 0..<placeCount {
        let name = try reader.text()
        let segment = try reader.int32()
        let prefixLength = try reader.int32()
        let suffixLength = try reader.int32()
        guard (0..<Int32(RoutePattern.maxSegments)).contains(segment),
          (0...Int32(RoutePattern.maxLength)).contains(prefixLength),
          (0...Int32(RoutePattern.maxLength)).contains(suffixLength)
        else { throw ImageError("the captures of the compiled table are damaged") }
        places.append(
          Captures.Place(
            name: name, segment: Int16(segment), prefixLength: Int16(prefixLength), suffixLength: Int16(suffixLength)))
      }
      let restName = try reader.optionalText()
      let restStart = try reader.int()
      let groups = try reader.int()
      guard (-1..<RoutePattern.maxSegments).contains(restStart), (0..<(1 << RoutePattern.maxGroups)).contains(groups)
      else { throw ImageError("the captures of the compiled table are damaged") }
      captures.append(
        Captures(
          Captures.Shape(places: places, restName: restName, restStart: restStart < 0 ? nil : restStart, groups: groups)
        ))
    }
    let terminalCount = try reader.count(each: 8)
    var terminals: [RouteTrie.Terminal] = []
    terminals.reserveCapacity(terminalCount)
    for _ in 0..<terminalCount {
      let shared = try reader.int32()
      let position = try reader.int32()
      guard shared >= 0, Int(shared) < captures.count, position >= 0, Int(position) < routes else {
        throw ImageError("a terminal of the compiled table is damaged")
      }
      terminals.append(RouteTrie.Terminal(captures: captures[Int(shared)], position: position))
    }
    let flagCount = try reader.count(each: 1)
    guard flagCount == 0 || flagCount == terminalCount else {
      throw ImageError("the compiled table's host flags are damaged")
    }
    var hostOnly: [Bool] = []
    hostOnly.reserveCapacity(flagCount)
    for _ in 0..<flagCount { hostOnly.append(try reader.bool()) }
    return (terminals, hostOnly)
  }

  private static func readLayers(_ reader: inout ImageReader, nodes: Int) throws(ImageError) -> [PriorityLayer] {
    func root(_ value: Int32, orNone: Bool) throws(ImageError) -> Int32 {
      guard (orNone && value == -1) || (value >= 0 && Int(value) < nodes) else {
        throw ImageError("a root of the compiled table is damaged")
      }
      return value
    }
    let count = try reader.count(each: 16)
    var layers: [PriorityLayer] = []
    for _ in 0..<count {
      var layer = PriorityLayer(priority: try reader.int())
      layer.anyScheme = try root(try reader.int32(), orNone: true)
      let schemeCount = try reader.count(each: 12)
      for _ in 0..<schemeCount {
        let scheme = try reader.text()
        var roots = PriorityLayer.SchemeRoots()
        roots.anyHost = try root(try reader.int32(), orNone: true)
        let hostCount = try reader.count(each: 8)
        for _ in 0..<hostCount {
          let host = try reader.text()
          roots.hosts[Substring(host)] = try root(try reader.int32(), orNone: false)
        }
        layer.schemes[Substring(scheme)] = roots
      }
      layers.append(layer)
    }
    // Searched in this order: highest priority first, as the builder orders them.
    guard zip(layers, layers.dropFirst()).allSatisfy({ $0.priority > $1.priority }) else {
      throw ImageError("the layers of the compiled table are out of order")
    }
    return layers
  }

  /// Checks the trie's shape (see the type's description) and returns the most frames a search
  /// stacks: the deepest node's depth plus the root.
  private static func check(
    nodes: AlignedBuffer<RouteTrie.Node>, edges: [RouteTrie.Edge], literals: LiteralTable,
    terminals: [RouteTrie.Terminal], layers: [PriorityLayer]
  ) throws(ImageError) -> Int {
    let damagedTrie = ImageError("the trie of the compiled table is damaged")
    let damagedNode = ImageError("a node of the compiled table is damaged")
    // Each node's parent, and the parameter edge that leads to it (-1 for a literal one). A child
    // is made after its parent, so numbers grow down every path and no path loops.
    var parents = [Int32](repeating: -1, count: nodes.count)
    var via = [Int32](repeating: -1, count: nodes.count)
    let terminalRange = -1..<Int32(terminals.count)
    for number in 0..<nodes.count {
      let node = nodes.base[number]
      guard terminalRange.contains(node.terminal), terminalRange.contains(node.slashTerminal),
        terminalRange.contains(node.restTerminal), terminalRange.contains(node.restSlashTerminal),
        // A node's edges are a range of the edge array, empty or not (an empty one is still sliced).
        node.firstEdge >= 0, Int(node.firstEdge) + Int(node.edgeCount) <= edges.count
      else { throw damagedNode }
      var edge = node.firstEdge
      while edge < node.firstEdge + node.edgeCount {
        let child = Int(edges[Int(edge)].child)
        guard child > number, parents[child] < 0 else { throw damagedTrie }
        parents[child] = Int32(number)
        via[child] = edge
        edge += 1
      }
    }
    let slots = literals.storedSlots
    for index in 0..<slots.count where slots.base[index].child >= 0 {
      let (child, parent) = (Int(slots.base[index].child), slots.base[index].parent)
      guard child > Int(parent), parents[child] < 0 else { throw damagedTrie }
      parents[child] = parent
    }
    for layer in layers {
      var roots = [layer.anyScheme]
      for scheme in layer.schemes.values { roots += [scheme.anyHost] + Array(scheme.hosts.values) }
      for root in roots where root >= 0 && parents[Int(root)] >= 0 {
        throw ImageError("a root of the compiled table is a child in its trie")
      }
    }
    return try checkPaths(nodes: nodes, parents: parents, via: via, edges: edges, terminals: terminals)
  }

  /// Checks that no path is deeper than a pattern can be and that each terminal's captures read
  /// the segments, and the parameter edges, of its own path; returns the most frames a search stacks.
  private static func checkPaths(
    nodes: AlignedBuffer<RouteTrie.Node>, parents: [Int32], via: [Int32], edges: [RouteTrie.Edge],
    terminals: [RouteTrie.Terminal]
  ) throws(ImageError) -> Int {
    var path = [Int32](repeating: -1, count: RoutePattern.maxSegments + 1)
    // Parents come first, so one pass in number order finds every depth.
    var depths = [UInt8](repeating: 0, count: nodes.count)
    var deepest = 0
    for number in 0..<nodes.count where parents[number] >= 0 {
      let depth = Int(depths[Int(parents[number])]) + 1
      guard depth <= RoutePattern.maxSegments else {
        throw ImageError("the trie of the compiled table is deeper than a pattern can be")
      }
      depths[number] = UInt8(depth)
      deepest = max(deepest, depth)
    }
    for number in 0..<nodes.count {
      let node = nodes.base[number]
      // Most nodes end no route (all four are -1).
      guard node.terminal & node.slashTerminal & node.restTerminal & node.restSlashTerminal != -1 else { continue }
      // The node's four terminals, without an array a node.
      for kind in 0..<4 {
        let terminal =
          kind == 0
          ? node.terminal : kind == 1 ? node.slashTerminal : kind == 2 ? node.restTerminal : node.restSlashTerminal
        guard terminal >= 0 else { continue }
        try checkCaptures(
          terminals[Int(terminal)].captures, rest: kind >= 2, depth: Int(depths[number]), end: number, parents: parents,
          via: via, edges: edges, path: &path)
      }
    }
    return deepest + 1
  }

  /// Checks that `captures`, of a terminal of node `end` at `depth`, reads its rest and its
  /// parameters from the node's own path: each place's segment is on the path, reached by a
  /// parameter edge whose affixes have the place's lengths. (Names are not compared: routes whose
  /// parameters differ only by name share an edge, and a match takes the names from the captures.)
  private static func checkCaptures(
    _ captures: Captures, rest: Bool, depth: Int, end: Int, parents: [Int32], via: [Int32], edges: [RouteTrie.Edge],
    path: inout [Int32]
  ) throws(ImageError) {
    let damaged = ImageError("a terminal of the compiled table is damaged")
    guard rest ? captures.restStart == depth : captures.restStart == nil, captures.count <= depth else { throw damaged }
    guard captures.count > 0 else { return }
    // The edge into each depth of the path (`path`, kept by the caller, holds one per depth),
    // found in one walk up, so a terminal costs its depth and its places, however many share them.
    var step = end
    for level in stride(from: depth, to: 0, by: -1) {
      path[level] = via[step]
      step = Int(parents[step])
    }
    for index in 0..<captures.count {
      let place = captures.place(index)
      guard Int(place.segment) < depth else { throw damaged }
      let edge = path[Int(place.segment) + 1]
      guard edge >= 0 else { throw damaged }
      let parameter = edges[Int(edge)].parameter
      guard parameter.prefix.utf8.count == Int(place.prefixLength),
        parameter.suffix.utf8.count == Int(place.suffixLength)
      else { throw damaged }
    }
  }
}
