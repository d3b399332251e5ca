/// A problem found in a route table: an error stops ``RouteTableBuilder/build()``, a warning
/// does not.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    /// The table cannot be built.
    case error
    /// The table builds, but a route probably does not do what its author meant.
    case warning
  }

  /// How serious the problem is.
  public var severity: Severity
  /// The problem, with its code, message, and the route and pattern at fault.
  public var error: RoutingError

  /// Makes a diagnostic.
  public init(_ severity: Severity, _ error: RoutingError) {
    self.severity = severity
    self.error = error
  }

  /// `severity: message`.
  public var description: String { "\(severity.rawValue): \(error.message)" }
}
