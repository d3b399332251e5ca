/// The error of routing: parsing and matching URLs, compiling patterns and tables, printing URLs,
/// and opening a URL through the router.
///
/// A code that says what kind of failure it is, a message that names the URL, pattern, route or
/// parameter at fault, and the same facts as fields.
///
/// Every routing code is declared in this file, including those only the router in `Waypoint`
/// throws, so the list is in one place. Match on ``code`` to react to a failure; show
/// ``message`` (or ``description``) to people.
///
/// ```swift
/// do {
///   let table = try builder.build()
/// } catch let error where error.code == .conflict {
///   print(error.message)  // names both patterns
/// }
/// ```
public struct RoutingError: WaypointError {
  /// What kind of routing failure an error is.
  public struct Code: ErrorCode {
    /// The code's stable name, as printed by the CLI (`notFound`, `invalidURL`, …).
    public var rawValue: String

    /// Makes a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    // MARK: Reading and matching URLs

    /// The URL breaks a parsing rule or a limit (escapes, UTF-8, lengths, control characters).
    public static let invalidURL: Code = "invalidURL"
    /// No route matches the URL.
    public static let notFound: Code = "notFound"

    // MARK: Building tables and routers

    /// A pattern is malformed; the error points at the column.
    public static let invalidPattern: Code = "invalidPattern"
    /// Two routes have the same shape in the same place and priority.
    public static let conflict: Code = "conflict"
    /// Two routes share a name.
    public static let duplicateName: Code = "duplicateName"
    /// An entry of a host allow-list is not a host name (see ``HostAllowList``).
    public static let invalidHost: Code = "invalidHost"

    // MARK: Reading values and printing URLs

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

    // MARK: Lint warnings

    /// A route that can never win: another route matches every URL it matches and ranks higher.
    public static let shadowed: Code = "shadowed"
    /// A regex with a repeat inside a repeat, which may take exponential time to fail.
    public static let catastrophicRegex: Code = "catastrophicRegex"
    /// Two regex parameters at the same place both match some value; registration order decides.
    public static let overlappingRegex: Code = "overlappingRegex"
    /// A pattern has an empty segment (`//`), which is collapsed: the message says how it reads.
    public static let emptySegment: Code = "emptySegment"
    /// A pattern names only a scheme (`tel://`): the message says the few URLs it matches.
    public static let schemeOnly: Code = "schemeOnly"
    /// A route names an http(s) host the table's ``HostAllowList`` does not list: the route
    /// still takes that host's links, but the list, which says where the app's links come
    /// from, and the associated-domains file miss it.
    public static let unlistedHost: Code = "unlistedHost"
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
  /// The error of another subsystem that a handler or middleware threw, kept whole under
  /// `handlerFailed` or `middlewareFailed`: a `NavigationError` when a module could not be shown,
  /// a `ModuleError` when it could not be made.
  public var underlying: (any WaypointError)?
  /// The check that refused a link, when the router knows it.
  ///
  /// For `forbidden`, `rejected` and `callbackNotAllowed`: the type name of the middleware that
  /// threw, or `observer` and the observer's type name. The router fills it in;
  /// `RouteEvent.check` reports it.
  public var check: String?

  /// Makes an error; every fact but the code and message is optional.
  ///
  /// - Parameters:
  ///   - code: What kind of failure it is.
  ///   - message: A sentence for people that names what is at fault.
  ///   - url: The URL being parsed or matched, when there is one.
  ///   - pattern: The pattern at fault, when there is one.
  ///   - column: The 1-based column in `pattern` where the problem was found.
  ///   - parameter: The parameter at fault, when there is one.
  ///   - routePosition: The 0-based position of the route at fault in registration order (for a
  ///     manifest, its position in the manifest's routes).
  ///   - routeName: The name of the route at fault, when it has one.
  ///   - underlying: Another subsystem's error kept whole, under `handlerFailed` or
  ///     `middlewareFailed`.
  public init(
    _ code: Code, _ message: String, url: String? = nil, pattern: String? = nil,
    column: Int? = nil, parameter: String? = nil, routePosition: Int? = nil,
    routeName: String? = nil, underlying: (any WaypointError)? = nil
  ) {
    self.code = code
    self.message = message
    self.url = url
    self.pattern = pattern
    self.column = column
    self.parameter = parameter
    self.routePosition = routePosition
    self.routeName = routeName
    self.underlying = underlying
  }

  /// Two errors are equal when every fact is, the underlying error included.
  public static func == (lhs: RoutingError, rhs: RoutingError) -> Bool {
    lhs.code == rhs.code && lhs.message == rhs.message && lhs.url == rhs.url && lhs.pattern == rhs.pattern
      && lhs.column == rhs.column && lhs.parameter == rhs.parameter && lhs.routePosition == rhs.routePosition
      && lhs.routeName == rhs.routeName && lhs.underlying?.hashable == rhs.underlying?.hashable
      && lhs.check == rhs.check
  }

  /// Hashes the code, the message and the route; equal errors hash equally.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(message)
    hasher.combine(routePosition)
  }
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

extension RoutingError {
  /// The one answer for a URL no route takes, whether none exists or none may be reached.
  public static func notFound(_ url: String) -> RoutingError {
    RoutingError(.notFound, "no route matches '\(url)'", url: url)
  }
}
