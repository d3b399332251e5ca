/// What every builder throws when it cannot build: all the problems it found, not only the first.
///
/// `RouteTableBuilder`, `RouterBuilder`, `ModuleRegistryBuilder` and the manifest reader each
/// check everything before they give up, and report it here: the errors that stopped the build,
/// and the warnings their `diagnose()` also reports.
///
/// ```swift
/// do {
///   let router = try builder.build()
/// } catch {
///   for problem in error.errors { print(problem) }       // "conflict: …", "missingHandler: …"
///   let conflicts = error.errors(as: RoutingError.self).filter { $0.code == .conflict }
/// }
/// ```
public struct BuildError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Every problem found, errors and warnings, in the order the builder found them.
  public var diagnostics: [Diagnostic]

  /// Makes a build error from what a builder found; at least one should be an error.
  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  /// Makes a build error from errors alone.
  package init(errors: [any WaypointError]) {
    self.init(errors.map { Diagnostic(.error, $0) })
  }

  /// The problems that stopped the build, in order.
  public var errors: [any WaypointError] {
    diagnostics.filter { $0.severity == .error }.map(\.error)
  }

  /// The problems that stopped the build that are of one subsystem's type.
  public func errors<Error: WaypointError>(as type: Error.Type) -> [Error] {
    errors.compactMap { $0 as? Error }
  }

  /// The first problem that stopped the build.
  package var first: (any WaypointError)? { errors.first }

  /// The first error's message alone when it is the only one; otherwise a count and one line per
  /// error (`- code: message`).
  public var message: String {
    let errors = errors
    guard errors.count != 1 else { return errors[0].message }
    return "\(errors.count) problems:\n" + errors.map { "- \($0)" }.joined(separator: "\n")
  }

  /// The first error alone (`code: message`) when it is the only one; otherwise ``message``.
  public var description: String {
    let errors = errors
    return errors.count == 1 ? errors[0].description : message
  }
}
