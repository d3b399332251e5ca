/// The error of reading a route manifest: a file that cannot be read, JSON that breaks the
/// manifest format, and the manifest's own lint warnings.
///
/// A manifest's routes are also checked as routes: an invalid pattern or a conflict in a manifest
/// is a `RoutingError` whose `routePosition` is the route's place in the manifest.
///
/// ```swift
/// for diagnostic in RouteManifest.diagnose(data: data) {
///   if let error = diagnostic.error(as: ManifestError.self) {
///     print(error.routePosition ?? -1, error.field ?? "", error.message)
///   }
/// }
/// ```
public struct ManifestError: WaypointError {
  /// What kind of manifest failure an error is.
  public struct Code: ErrorCode {
    /// The code's stable name, as printed by `waypoint lint`.
    public var rawValue: String

    /// Makes a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The manifest cannot be read or breaks the manifest format: not JSON, too large, an unknown
    /// field, a value of the wrong type, an unknown presentation.
    public static let invalidManifest: Code = "invalidManifest"
    /// A redirect leads to no route of its manifest (a lint warning).
    public static let unreachableRedirect: Code = "unreachableRedirect"
    /// A redirect uses none of the parameters its route captures (a lint warning).
    public static let redirectIgnoresParameters: Code = "redirectIgnoresParameters"
    /// An `under` entry takes a value the route's pattern does not capture and its defaults do
    /// not give (a lint warning: only the link's query could give it).
    public static let underValueNotCaptured: Code = "underValueNotCaptured"
    /// An `under` entry does not give a value every route to its target captures (a lint
    /// warning: the screen built there would lack what its own links give it).
    public static let underValueMissing: Code = "underValueMissing"
    /// A route's `presentsStack` cannot present its stack: its presentation presents nothing
    /// (a push; a lint warning).
    public static let stackNotPresented: Code = "stackNotPresented"
    /// A redirect forwards the whole URL a query item holds, whatever its host (a lint warning).
    public static let redirectFromQuery: Code = "redirectFromQuery"
    /// A replacement manifest's signature does not verify: missing or malformed, made with an
    /// unknown or revoked key, or over other bytes.
    public static let untrustedManifest: Code = "untrustedManifest"
    /// A replacement manifest's revision is not above the one in use, or a signed manifest has none.
    public static let staleManifest: Code = "staleManifest"
  }

  /// What kind of failure this is.
  public var code: Code
  /// A sentence for people that names the route and field at fault.
  public var message: String
  /// The 0-based position of the route at fault in the manifest's `routes`.
  public var routePosition: Int?
  /// The name of the route at fault, when it has one.
  public var routeName: String?
  /// The field at fault (`pattern`, `options.host`, `redirect`, …), when there is one.
  public var field: String?

  /// Makes an error; every fact but the code and message is optional.
  package init(
    _ code: Code, _ message: String, routePosition: Int? = nil, routeName: String? = nil, field: String? = nil
  ) {
    self.code = code
    self.message = message
    self.routePosition = routePosition
    self.routeName = routeName
    self.field = field
  }
}

extension RoutingError {
  /// The manifest field a routing problem of a manifest route is about: `redirect` for a bad
  /// redirect, `target` for a target without a handler, and `pattern` for every other problem of
  /// a route (an invalid pattern, a conflict, a duplicate name, a lint warning); `nil` for a
  /// problem that is not about one route.
  package var manifestField: String? {
    guard routePosition != nil || routeName != nil else { return nil }
    switch code {
    case .invalidRedirect: return "redirect"
    case .missingHandler: return "target"
    default: return "pattern"
    }
  }
}

extension ManifestError {
  /// A manifest that is not JSON, with the place of the first syntax error.
  static func invalidJSON(_ error: JSONSyntaxError) -> ManifestError {
    ManifestError(.invalidManifest, "the manifest is not valid JSON: \(error.reason) (\(error.place))")
  }
}
