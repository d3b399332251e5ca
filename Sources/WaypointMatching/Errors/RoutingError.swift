/// The one error type of Waypoint: a code that says what kind of failure it is, a message that
/// names the URL, pattern, route or parameter at fault, and the same facts as fields.
///
/// Match on ``code`` to react to a failure; show ``message`` (or ``description``) to people.
///
/// ```swift
/// do {
///   let table = try builder.build()
/// } catch let error where error.code == .conflict {
///   print(error.message)  // names both patterns
/// }
/// ```
public struct RoutingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure an error is.
  ///
  /// Extensible: other modules add codes of their own.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
  {
    /// The code's stable name, as printed by the CLI (`notFound`, `invalidURL`, …).
    public var rawValue: String

    /// Makes a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Makes a code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The code's name.
    public var description: String { rawValue }

    /// The URL breaks a parsing rule or a limit (escapes, UTF-8, lengths, control characters).
    public static let invalidURL: Code = "invalidURL"
    /// No route matches the URL.
    public static let notFound: Code = "notFound"
    /// The route exists but the caller may not reach it.
    public static let forbidden: Code = "forbidden"
    /// A pattern is malformed; the error points at the column.
    public static let invalidPattern: Code = "invalidPattern"
    /// Two routes have the same shape in the same place and priority.
    public static let conflict: Code = "conflict"
    /// Two routes share a name.
    public static let duplicateName: Code = "duplicateName"
    /// A parameter value is missing or is rejected by its constraint or accessor.
    public static let invalidParameter: Code = "invalidParameter"
    /// No route has the name asked for.
    public static let unknownRoute: Code = "unknownRoute"
    /// No URL opens the route with the parameters asked for.
    ///
    /// The printed URL would open another route (a literal sibling, a route that ranks higher),
    /// another reading of the route's optional groups, or nothing, or it breaks a limit. The
    /// message names the route that would open instead and the parameter at fault.
    public static let unprintableURL: Code = "unprintableURL"
  }

  /// What kind of failure this is.
  public var code: Code
  /// A sentence for people that names what is at fault.
  public var message: String
  /// The URL being parsed or matched, when there is one.
  public var url: String?
  /// The pattern at fault, when there is one.
  public var pattern: String?
  /// The 1-based column in ``pattern`` where the problem was found.
  public var column: Int?
  /// The parameter at fault, when there is one.
  public var parameter: String?
  /// The 0-based position of the route at fault in registration order (for a manifest, its
  /// position in the manifest's routes).
  public var routePosition: Int?
  /// The name of the route at fault, when it has one.
  public var routeName: String?
  /// The manifest field at fault (`pattern`, `priority`, …), when there is one.
  public var field: String?

  /// Makes an error; every fact but the code and message is optional.
  public init(
    _ code: Code, _ message: String, url: String? = nil, pattern: String? = nil,
    column: Int? = nil, parameter: String? = nil, routePosition: Int? = nil,
    routeName: String? = nil, field: String? = nil
  ) {
    self.code = code
    self.message = message
    self.url = url
    self.pattern = pattern
    self.column = column
    self.parameter = parameter
    self.routePosition = routePosition
    self.routeName = routeName
    self.field = field
  }

  /// `code: message`.
  public var description: String { "\(code): \(message)" }
}

extension RoutingError {
  /// A copy that names the route it happened in, for errors raised while building a table.
  func inRoute(position: Int, name: String?) -> RoutingError {
    var copy = self
    copy.routePosition = copy.routePosition ?? position
    copy.routeName = copy.routeName ?? name
    return copy
  }
}

extension RoutingError.Code {
  /// A route that can never win: another route matches every URL it matches and ranks higher.
  public static let shadowed: Self = "shadowed"
  /// A regex with a repeat inside a repeat, which may take exponential time to fail.
  public static let catastrophicRegex: Self = "catastrophicRegex"
  /// Two regex parameters at the same place both match some value; registration order decides.
  public static let overlappingRegex: Self = "overlappingRegex"
}
