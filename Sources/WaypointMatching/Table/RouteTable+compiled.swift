/// A route table's compiled form as plain data: the trie the router searches, its roots by
/// priority, scheme and host, and what each terminal captures.
///
/// `waypoint graph --format html` writes it into the map's page, whose resolver walks it the way
/// ``RouteTrie/Search`` does, so the page answers with the router's own table rather than a second
/// reading of the patterns. Node, edge and terminal numbers are the trie's own.
package struct CompiledTable: Encodable, Sendable {
  /// One trie node: where routes end on it, its literal children and its parameter edges, most
  /// specific first.
  package struct Node: Encodable, Sendable {
    package var terminal: Int32
    package var slashTerminal: Int32
    package var restTerminal: Int32
    package var restSlashTerminal: Int32
    /// Each literal child with its text as the URL's folded segment must spell it, byte for byte
    /// (a list, not a dictionary, whose `String` keys would merge canonically equivalent texts).
    package var literals: [Literal] = []
    package var edges: [Edge]
  }

  /// A literal edge.
  package struct Literal: Encodable, Sendable {
    package var text: String
    package var child: Int32
  }

  /// A parameter edge: the segment's prefix and suffix, what its value must satisfy, and where it leads.
  package struct Edge: Encodable, Sendable {
    package var prefix: String
    package var suffix: String
    /// `plain`, `regex` or `type`.
    package var kind: String
    /// The regex source or the type's name; `nil` for a plain parameter.
    package var constraint: String?
    package var child: Int32
  }

  /// Where a route ends, and how to read its parameters from the URL's segments.
  package struct Terminal: Encodable, Sendable {
    package var route: Int
    package var places: [Place]
    package var restName: String?
    package var restStart: Int?
    /// Taken only when the URL's first segment is its host (a spelling whose first literal was lowered).
    package var hostOnly: Bool
  }

  /// A parameter's segment and the bytes of prefix and suffix around its value.
  package struct Place: Encodable, Sendable {
    package var name: String
    package var segment: Int
    package var prefixLength: Int
    package var suffixLength: Int
  }

  /// The roots of one priority, searched in order: the URL's scheme and host, its scheme, any scheme.
  package struct Layer: Encodable, Sendable {
    package var priority: Int
    package var schemes: [String: Roots]
    package var anyScheme: Int32
  }

  /// The roots of one scheme.
  package struct Roots: Encodable, Sendable {
    package var hosts: [String: Int32]
    package var anyHost: Int32
  }

  /// One segment of a pattern as written, for a reader that explains or prints it.
  package struct Segment: Encodable, Sendable {
    /// `literal`, `parameter` or `rest`.
    package var kind: String
    package var text: String?
    package var name: String?
    package var prefix: String?
    package var suffix: String?
    /// `plain`, `regex` or `type`, for a parameter.
    package var constraintKind: String?
    package var constraint: String?
    /// The optional group, if any.
    package var group: Int?

    package init(_ segment: PatternSegment) {
      group = segment.group
      switch segment.kind {
      case .literal(let text):
        (kind, self.text) = ("literal", text)
      case .rest(let name):
        (kind, self.name) = ("rest", name)
      case .parameter(let parameter):
        (kind, name, prefix, suffix) = ("parameter", parameter.name, parameter.prefix, parameter.suffix)
        (constraintKind, constraint) = parameter.constraint.kind.written
      }
    }
  }

  package var nodes: [Node]
  package var terminals: [Terminal]
  package var layers: [Layer]
}

extension ParameterConstraint.Kind {
  /// `plain`, `regex` or `type`, with the regex source or the type's name.
  var written: (kind: String, constraint: String?) {
    switch self {
    case .none: ("plain", nil)
    case .regex(let source): ("regex", source)
    case .type(let name): ("type", name)
    }
  }
}

extension RouteTable {
  /// The table's trie as plain data (see ``CompiledTable``).
  package var compiled: CompiledTable {
    let trie = index.trie
    var nodes = (0..<trie.finishedNodes.count).map { number in
      let node = trie.finishedNodes.base[number]
      return CompiledTable.Node(
        terminal: node.terminal, slashTerminal: node.slashTerminal, restTerminal: node.restTerminal,
        restSlashTerminal: node.restSlashTerminal,
        edges: trie.edges(of: node).map { edge in
          let parameter = edge.parameter
          let (kind, constraint) = parameter.constraint.kind.written
          return CompiledTable.Edge(
            prefix: parameter.prefix, suffix: parameter.suffix, kind: kind, constraint: constraint, child: edge.child)
        })
    }
    // The literal table keeps short texts packed beyond recovery, so each literal edge is found again
    // by walking every route's spellings down the trie with the table's own lookups.
    for (info, pattern) in zip(index.infos, index.patterns) {
      guard let root = root(priority: info.priority, scheme: pattern.scheme, host: pattern.host) else { continue }
      for spelling in pattern.spellings {
        for lowersFirst in [false, true] { walk(spelling, from: root, loweringFirst: lowersFirst, into: &nodes) }
      }
    }
    let terminals = trie.terminals.enumerated().map { number, terminal in
      let captures = terminal.captures
      return CompiledTable.Terminal(
        route: Int(terminal.position),
        places: (0..<captures.count).map { index in
          let place = captures.place(index)
          return CompiledTable.Place(
            name: place.name, segment: Int(place.segment), prefixLength: Int(place.prefixLength),
            suffixLength: Int(place.suffixLength))
        },
        restName: captures.restName, restStart: captures.restStart,
        hostOnly: trie.hostOnly.isEmpty ? false : trie.hostOnly[number])
    }
    let layers = index.layers.map { layer in
      CompiledTable.Layer(
        priority: layer.priority,
        schemes: Dictionary(
          uniqueKeysWithValues: layer.schemes.map { scheme, roots in
            (
              String(scheme),
              CompiledTable.Roots(
                hosts: Dictionary(uniqueKeysWithValues: roots.hosts.map { (String($0.key), $0.value) }),
                anyHost: roots.anyHost)
            )
          }), anyScheme: layer.anyScheme)
    }
    return CompiledTable(nodes: nodes, terminals: terminals, layers: layers)
  }

  /// The root a route of this priority, scheme and host was inserted under.
  private func root(priority: Int, scheme: String?, host: String?) -> Int32? {
    guard let layer = index.layers.first(where: { $0.priority == priority }) else { return nil }
    guard let scheme else { return layer.anyScheme >= 0 ? layer.anyScheme : nil }
    guard let roots = layer.schemes[Substring(scheme)] else { return nil }
    let root = host.map { roots.hosts[Substring($0)] ?? -1 } ?? roots.anyHost
    return root >= 0 ? root : nil
  }

  /// Follows `spelling` down from `root`, recording each literal edge it takes in `nodes`.
  private func walk(
    _ spelling: PatternSpelling, from root: Int32, loweringFirst: Bool, into nodes: inout [CompiledTable.Node]
  ) {
    let trie = index.trie
    var node = root
    for (position, segment) in spelling.segments.enumerated() {
      switch segment.kind {
      case .literal(let written):
        var text = loweringFirst && position == 0 ? String(Substring(written).asciiLowercased()) : written
        guard let hit = text.withUTF8({ trie.literalEdges.child(of: node, $0) }) else { return }
        if !nodes[Int(node)].literals.contains(where: { $0.text.utf8.elementsEqual(text.utf8) }) {
          nodes[Int(node)].literals.append(CompiledTable.Literal(text: text, child: hit.child))
        }
        node = hit.child
      case .parameter(let parameter):
        let edges = trie.edges(of: trie.finishedNodes.base[Int(node)])
        guard let edge = edges.first(where: { $0.parameter.hasShape(of: parameter) }) else { return }
        node = edge.child
      case .rest:
        return
      }
    }
  }
}
