// Routing names and signatures of the last release, kept for one release (see CHANGELOG).

extension RouteRequest {
  /// The old initialiser, which took the path parameters as a literal and the rest apart.
  @available(*, deprecated, message: "pass PathParameters(pairs, rest: rest) as parameters")
  package init(
    url: ParsedURL, route: RouteDefinition? = nil, parameters: KeyValuePairs<String, String>, rest: [String]?,
    extras: [String: any Sendable] = [:], origin: Origin = .internal, callbacks: CallbackURLs = CallbackURLs()
  ) {
    self.init(
      url: url, route: route,
      parameters: PathParameters(parameters.map { (name: $0.key, value: $0.value) }, rest: rest),
      extras: extras, origin: origin, callbacks: callbacks)
  }
}

extension RouteDefinition {
  /// The initialiser of the last release, whose `under` named targets only.
  @available(*, deprecated, message: "under takes UnderScreen values; string literals still work")
  @_disfavoredOverload
  public init(
    pattern: String, name: String? = nil, target: String? = nil, presentation: Presentation? = nil,
    exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:], under: [String],
    placement: Placement = Placement(), redirect: String? = nil
  ) {
    self.init(
      pattern: pattern, name: name, target: target, presentation: presentation, exposure: exposure, priority: priority,
      defaults: defaults, under: under.map { UnderScreen($0) }, placement: placement, redirect: redirect)
  }
}

extension RouteGroup {
  /// The `add` of the last release, whose `under` named targets only.
  @available(*, deprecated, message: "under takes UnderScreen values; string literals still work")
  @_disfavoredOverload
  public mutating func add(
    _ pattern: String, target: String, name: String? = nil, presentation: Presentation? = nil, tab: String? = nil,
    column: SplitColumn? = nil, under: [String], presented: PresentedPolicy? = nil,
    exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:]
  ) {
    add(
      pattern, target: target, name: name, presentation: presentation, tab: tab, column: column,
      under: under.map { UnderScreen($0) }, presented: presented, exposure: exposure, priority: priority,
      defaults: defaults)
  }
}

extension RouterBuilder {
  /// The `add` of the last release, whose `under` named targets only.
  @available(*, deprecated, message: "under takes UnderScreen values; string literals still work")
  @_disfavoredOverload
  public mutating func add(
    _ pattern: String, target: String, name: String? = nil, presentation: Presentation? = nil, tab: String? = nil,
    column: SplitColumn? = nil, under: [String], presented: PresentedPolicy? = nil,
    exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:]
  ) {
    add(
      pattern, target: target, name: name, presentation: presentation, tab: tab, column: column,
      under: under.map { UnderScreen($0) }, presented: presented, exposure: exposure, priority: priority,
      defaults: defaults)
  }
}
