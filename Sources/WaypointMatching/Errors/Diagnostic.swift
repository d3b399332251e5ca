/// One problem found by a builder's `diagnose()` or carried by a ``BuildError``: an error stops
/// the build, a warning does not.
///
/// The problem itself is one subsystem's error (a ``RoutingError`` for routes and tables, a
/// `ManifestError` for a manifest's format, a `ModuleError` for module registrations); read its
/// facts with `error as? RoutingError` (or the error type it is).
///
/// ```swift
/// for diagnostic in builder.diagnose() where diagnostic.severity == .warning {
///   print(diagnostic)  // "warning: …"
///   if let error = diagnostic.error(as: RoutingError.self) { print(error.pattern ?? "") }
/// }
/// ```
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    /// What was being built cannot be built.
    case error
    /// It builds, but probably does not do what its author meant.
    case warning
  }

  /// How serious the problem is.
  public var severity: Severity
  /// The problem, with its code, message and the facts of its subsystem.
  public var error: any WaypointError

  /// Makes a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: Whether the problem stops the build (`error`) or not (`warning`).
  ///   - error: The problem, as the error of the subsystem that found it.
  public init(_ severity: Severity, _ error: any WaypointError) {
    self.severity = severity
    self.error = error
  }

  /// The problem's code name (`conflict`, `invalidManifest`, `duplicateRegistration`, …).
  public var code: String { error.code.rawValue }

  /// The problem's message.
  public var message: String { error.message }

  /// The problem as the error type of its subsystem, or `nil` when it is of another.
  package func error<Error: WaypointError>(as type: Error.Type) -> Error? { error as? Error }

  /// `severity: message`.
  public var description: String { "\(severity.rawValue): \(error.message)" }

  /// Two diagnostics are equal when their severities and errors are.
  public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.severity == rhs.severity && lhs.error.hashable == rhs.error.hashable
  }

  /// Hashes the severity and the error.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(severity)
    hasher.combine(error.hashable)
  }

}
