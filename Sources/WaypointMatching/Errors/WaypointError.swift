/// The shape every Waypoint error has: a ``code`` that says what kind of failure it is, and a
/// ``message`` for people that names what is at fault.
///
/// Each subsystem has one error type of this shape, with its codes declared in one file:
/// ``RoutingError`` (URLs, patterns, tables and the router), `ManifestError` (reading a route
/// manifest), `ModuleError` (the module registry) and `NavigationError` (showing and removing
/// screens). Builders report every problem at once as a ``BuildError``.
///
/// Match on `code` to react to a failure; show `message` (or `description`, `code: message`) to
/// people.
public protocol WaypointError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The type of the error's codes.
  associatedtype Code: ErrorCode
  /// What kind of failure this is.
  var code: Code { get }
  /// A sentence for people that names what is at fault.
  var message: String { get }
}

extension WaypointError {
  /// `code: message`.
  public var description: String { "\(code): \(message)" }

  /// The error as a hashable value, for comparing errors of any subsystem.
  var hashable: AnyHashable { AnyHashable(self) }
}

/// A stable name for a kind of failure, printed by the CLI and matched by callers.
///
/// Each error type declares its codes as static constants of its own `Code` type, so a routing
/// code cannot be compared with a module code by mistake.
public protocol ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
where RawValue == String, StringLiteralType == String {
  /// Makes a code from its name.
  init(rawValue: String)
}

extension ErrorCode {
  /// Makes a code from a string literal.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// The code's name.
  public var description: String { rawValue }
}
