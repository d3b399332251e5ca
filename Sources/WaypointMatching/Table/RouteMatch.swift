/// A route that matches a URL, with what it captured.
public struct RouteMatch<Payload: Sendable>: Sendable {
  /// The matching route.
  public let route: Route<Payload>
  /// The URL as parsed.
  public let url: ParsedURL
  /// The path parameters, decoded, in pattern order.
  public let parameters: PathParameters
  /// Where the rest starts in `url.segments`, when the route ends in a rest.
  @usableFromInline let restStart: Int?

  @usableFromInline
  init(route: Route<Payload>, url: ParsedURL, parameters: PathParameters, restStart: Int?) {
    self.route = route
    self.url = url
    self.parameters = parameters
    self.restStart = restStart
  }

  /// The segments a rest (`*`, `*name`, `<path:name>`) matched, decoded; `nil` when the route has
  /// no rest.
  public var rest: [String]? {
    restStart.map { url.segments(from: $0).map(String.init) }
  }

  /// The route's payload.
  public var payload: Payload { route.payload }
}
