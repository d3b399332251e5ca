import Synchronization
import WaypointMatching

/// The tables of the link types in use, each built on first use and kept for the process.
final class LinkTables: Sendable {
  static let shared = LinkTables()

  private let tables = Mutex<[ObjectIdentifier: Result<RouteTable<RouteDefinition>, RoutingError>]>([:])

  func table<Link: RoutableLink>(for type: Link.Type) throws(RoutingError) -> RouteTable<RouteDefinition> {
    let key = ObjectIdentifier(type)
    if let built = tables.withLock({ $0[key] }) { return try built.get() }
    // Built outside the lock: two threads may both build, and both get an equal table.
    let built = Self.build(type)
    tables.withLock { $0[key] = $0[key] ?? built }
    return try built.get()
  }

  private static func build<Link: RoutableLink>(_ type: Link.Type) -> Result<RouteTable<RouteDefinition>, RoutingError>
  {
    var builder = RouteTableBuilder<RouteDefinition>(options: Link.matchingOptions)
    builder.parameterTypes = Link.parameterTypes
    for route in Link.routeDefinitions {
      guard let name = route.name, !name.isEmpty else {
        return .failure(
          RoutingError(
            .invalidPattern,
            "the route '\(route.pattern)' of \(Link.self) has no name; every route of a link type needs one",
            pattern: route.pattern))
      }
      builder.add(route.pattern, name: name, priority: route.priority, payload: route)
    }
    do {
      return .success(try builder.build())
    } catch {
      let first = error.errors(as: RoutingError.self).first
      var failure = first ?? RoutingError(.invalidPattern, error.message)
      failure.message = "\(Link.self): \(failure.message)"
      return .failure(failure)
    }
  }
}
