import Waypoint

extension BuildError {
  /// The first error that is a manifest error.
  var manifest: ManifestError? { errors(as: ManifestError.self).first }
  /// The first error that is a routing error.
  var routing: RoutingError? { errors(as: RoutingError.self).first }
  /// The first error that is a module error.
  var module: ModuleError? { errors(as: ModuleError.self).first }
}

extension Diagnostic {
  /// The problem as a routing error, when it is one.
  var routing: RoutingError? { error(as: RoutingError.self) }
  /// The problem as a manifest error, when it is one.
  var manifest: ManifestError? { error(as: ManifestError.self) }
}
