/// A compiled index a ``RouteTableBuilder`` may take instead of compiling its routes: read from a
/// compiled table, it is used when the builder's routes, options, hosts and parameter types are
/// the ones it was compiled from (``RouteTableBuilder/precompiled``).
package struct PrecompiledRoutes: Sendable {
  let index: RouteIndex

  /// Reads the index a compiled table holds for `routes` (pattern, name and priority, in table
  /// order), compiled with `options` and `hosts`, against the parameter types the app registers.
  package static func read(
    _ reader: inout ImageReader, routes count: Int, route: (Int) -> (pattern: String, name: String?, priority: Int),
    options: MatchingOptions, hosts: HostAllowList, parameterTypes: ParameterTypes
  ) throws(ImageError) -> PrecompiledRoutes {
    var infos: [RouteInfo] = []
    infos.reserveCapacity(count)
    for position in 0..<count {
      let (pattern, name, priority) = route(position)
      infos.append(RouteInfo(position: position, source: pattern, name: name, priority: priority))
    }
    return PrecompiledRoutes(
      index: try RouteIndex.read(
        &reader, infos: infos, options: options, hosts: hosts, parameterTypes: parameterTypes))
  }

  /// The table of this index with `payloads`, one per route in order: the caller has checked that
  /// the routes are the index's.
  package func table<Payload>(payloads: [Payload]) -> RouteTable<Payload> {
    precondition(payloads.count == index.infos.count, "one payload per route")
    return RouteTable(index: index, payloads: payloads)
  }

  /// Whether the index was compiled, or read, with these very parameter types.
  package func isCompiled(with parameterTypes: ParameterTypes) -> Bool {
    index.parameterTypes.isSame(as: parameterTypes)
  }

  /// The options the index was compiled with.
  package var options: MatchingOptions { index.options }
  /// The hosts the index was compiled with.
  package var hosts: HostAllowList { index.hosts }

  /// Whether a builder of these routes and settings would compile this index.
  func fits(
    _ routes: [RouteInfo], options: MatchingOptions, parameterTypes: ParameterTypes, hosts: HostAllowList
  ) -> Bool {
    let infos = index.infos
    guard infos.count == routes.count, index.options == options, index.hosts == hosts,
      index.parameterTypes.isSame(as: parameterTypes)
    else { return false }
    for (built, asked) in zip(infos, routes)
    where built.source != asked.source || built.name != asked.name || built.priority != asked.priority {
      return false
    }
    return true
  }
}

extension RouteTable {
  /// Writes the table's index as a compiled table holds it (its routes are the caller's to write).
  package func writeImage(into writer: inout ImageWriter) {
    index.writeImage(into: &writer)
  }
}
