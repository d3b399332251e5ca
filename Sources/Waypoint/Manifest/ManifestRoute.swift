/// One route of a ``RouteManifest``: every field but `pattern` is optional.
public struct ManifestRoute: Sendable, Hashable {
  /// The route's position in the manifest's `routes` array.
  public var index: Int
  /// A unique name for URL generation, or `nil`.
  public var name: String?
  /// The pattern, as written in the manifest.
  public var pattern: String
  /// The module or handler the route opens, by identifier.
  public var target: String?
  /// How the target is shown: `push`, `present`, `present(style)`, `sheet`, `popover`,
  /// `fullScreen`, `replaceRoot`, `addChild`, `show`, `showDetail`, `custom(name)` or `none`.
  public var presentation: String?
  /// Who may reach the route; ``Exposure/internal`` unless set.
  public var exposure: Exposure
  /// Higher wins before any other rule.
  ///
  /// Default 0.
  public var priority: Int
  /// Values for names the URL does not supply.
  public var defaults: [String: String]
  /// The modules that must be under this route's screen, bottom first: opening the link from a
  /// cold start builds them (the first as the root).
  public var under: [String]
  /// A URL template (a pattern whose parameters are filled from this route's) to send the
  /// request to instead.
  public var redirect: String?

  /// Makes a route; only the pattern is required.
  public init(
    index: Int = 0, name: String? = nil, pattern: String, target: String? = nil,
    presentation: String? = nil, exposure: Exposure = .internal, priority: Int = 0,
    defaults: [String: String] = [:], redirect: String? = nil, under: [String] = []
  ) {
    self.index = index
    self.name = name
    self.pattern = pattern
    self.target = target
    self.presentation = presentation
    self.exposure = exposure
    self.priority = priority
    self.defaults = defaults
    self.redirect = redirect
    self.under = under
  }

  /// The presentation names a manifest may use without an argument.
  static let plainPresentations = Presentation.Kind.allCases.filter { $0 != .custom }.map(\.rawValue)

  /// Whether `value` names a presentation: a plain one, `present(style)` or `custom(name)`.
  static func isPresentation(_ value: String) -> Bool {
    Presentation(value) != nil
  }
}
