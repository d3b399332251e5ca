/// A route that matches a URL, with what it captured.
public struct RouteMatch<Payload: Sendable>: Sendable {
  /// The matching route's payload.
  public let payload: Payload
  /// The path parameters, decoded, in pattern order.
  public let parameters: PathParameters

  /// The table's compiled routes, read for ``route`` only: the shared index is retained, not the route.
  @usableFromInline let index: RouteIndex

  // A match holds as few references as it can, each to something every match shares but the
  // URL: it is made, copied and released on every lookup.
  @usableFromInline
  init(payload: Payload, parameters: PathParameters, index: RouteIndex) {
    self.payload = payload
    self.parameters = parameters
    self.index = index
  }

  /// The matching route.
  public var route: Route<Payload> { Route(index.infos[parameters.position], in: index, payload: payload) }

  /// The URL as parsed.
  public var url: ParsedURL { parameters.url }

  /// The segments a rest (`*`, `*name`, `<path:name>`) matched, decoded; `nil` when the route has
  /// no rest.
  public var rest: [String]? { parameters.rest }
}
