import WaypointMatching

extension Diagnostic {
  /// The problem as a routing error: every diagnostic of a route table is one.
  var routing: RoutingError? { error(as: RoutingError.self) }
}
