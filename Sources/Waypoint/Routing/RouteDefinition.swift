/// One route as declared, by a manifest or by a ``RouterBuilder`` call: its pattern and
/// everything said about it.
///
/// The manifest reader and the builder each make one per route, and the same value is the
/// route's metadata everywhere after: in requests, results, events and resolutions.
///
/// ```swift
/// let route = RouteDefinition(pattern: "myapp://note/<int:id>", name: "note", target: "NoteEditor",
///                             presentation: .push, exposure: .public)
/// ```
public struct RouteDefinition: Sendable, Hashable, CustomStringConvertible {
  /// The pattern, as written.
  public var pattern: String
  /// A unique name for URL generation and messages, or `nil`.
  public var name: String?
  /// The target: the name of the module or handler the route opens, or `nil`.
  public var target: String?
  /// How the target is shown; `nil` leaves it to the target (a module is pushed).
  public var presentation: Presentation?
  /// Who may reach the route; ``Exposure/internal`` unless set.
  public var exposure: Exposure
  /// Higher wins before any other rule.
  ///
  /// Default 0.
  public var priority: Int
  /// Values for names the URL does not supply.
  public var defaults: [String: String]
  /// The modules that must be under this route's screen, bottom first: opening the link
  /// completes a stack that starts this path (builds it in an empty one, the first as the root),
  /// and makes the stack of a tab the route names exactly these screens, reusing those shown.
  public var under: [String]
  /// The tab and column the screen goes to, and what happens to what is presented.
  public var placement: Placement
  /// A URL template (a pattern whose parameters are filled from this route's) to send the
  /// request to instead, or `nil`.
  public var redirect: String?

  /// Makes a route; only the pattern is required.
  public init(
    pattern: String, name: String? = nil, target: String? = nil, presentation: Presentation? = nil,
    exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:], under: [String] = [],
    placement: Placement = Placement(), redirect: String? = nil
  ) {
    self.pattern = pattern
    self.name = name
    self.target = target
    self.presentation = presentation
    self.exposure = exposure
    self.priority = priority
    self.defaults = defaults
    self.under = under
    self.placement = placement
    self.redirect = redirect
  }

  /// The pattern, and the name when there is one.
  public var description: String { name.map { "\($0) (\(pattern))" } ?? pattern }
}
