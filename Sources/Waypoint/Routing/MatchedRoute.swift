/// What a request or result says about the route that took it.
public struct MatchedRoute: Sendable, Hashable, CustomStringConvertible {
  /// The route's name, if it has one.
  public var name: String?
  /// The pattern as written.
  public var pattern: String
  /// The route's target (the handler's identifier in a manifest), if it has one.
  public var target: String?
  /// The route's presentation, from a manifest.
  public var presentation: String?
  /// Who may reach the route.
  public var exposure: Exposure
  /// The route's priority.
  public var priority: Int
  /// The modules that must be under the route's screen (its deep-link path), bottom first.
  public var under: [String]

  /// Makes a description of a route.
  public init(
    name: String? = nil, pattern: String, target: String? = nil, presentation: String? = nil,
    exposure: Exposure = .internal, priority: Int = 0, under: [String] = []
  ) {
    self.name = name
    self.pattern = pattern
    self.target = target
    self.presentation = presentation
    self.exposure = exposure
    self.priority = priority
    self.under = under
  }

  /// The pattern, and the name when there is one.
  public var description: String { name.map { "\($0) (\(pattern))" } ?? pattern }
}
