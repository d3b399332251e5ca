// Routing signatures deprecated in 0.2.0, kept until 0.3.0 (docs/Style.md, "Versions").

/// The builder a group's closure got in 0.1.0; a group's closure now gets a ``RouterBuilder``,
/// which has every method a group had.
///
/// Deprecated in 0.2.0, removed in 0.3.0.
@available(*, deprecated, renamed: "RouterBuilder", message: "a group's closure gets a RouterBuilder")
public typealias RouteGroup = RouterBuilder

extension RouterBuilder {
  /// The target form of 0.1.0, with every field a manifest route has, in a fixed order.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(
    *, deprecated,
    message:
      "write add(_:target:tab:under:presentation:exposure:) in that order; put name, column, presented, presentsStack, priority or defaults in add(RouteDefinition(…))"
  )
  @_disfavoredOverload
  public mutating func add(
    _ pattern: String, target: String, name: String? = nil, presentation: Presentation? = nil, tab: String? = nil,
    column: SplitColumn? = nil, under: [UnderScreen] = [], presented: PresentedPolicy? = nil,
    presentsStack: Bool = false, exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:]
  ) {
    root.add(
      RouteDefinition(
        pattern: pattern, name: name, target: target, presentation: presentation, exposure: exposure,
        priority: priority, defaults: defaults, under: under,
        placement: Placement(tab: tab, column: column, presented: presented, presentsStack: presentsStack)))
  }
}
