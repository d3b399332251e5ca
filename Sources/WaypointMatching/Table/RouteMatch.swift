/// A route that matches a URL, with what it captured.
public struct RouteMatch<Payload: Sendable>: Sendable {
  /// The matching route.
  public let route: Route<Payload>
  /// The path parameters, decoded, in pattern order.
  public let parameters: PathParameters

  // A match holds as few references as it can: it is made, copied and released on every lookup.
  @usableFromInline
  init(route: Route<Payload>, parameters: PathParameters) {
    self.route = route
    self.parameters = parameters
  }

  /// The URL as parsed.
  public var url: ParsedURL { parameters.url }

  /// The segments a rest (`*`, `*name`, `<path:name>`) matched, decoded; `nil` when the route has
  /// no rest.
  public var rest: [String]? {
    parameters.restStart.map { url.segments(from: $0).map(String.init) }
  }

  /// The route's payload.
  public var payload: Payload { route.payload }
}
