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
