// Names of the last release, kept for one release so apps move at their pace (see CHANGELOG).

/// The old name of ``ShownModule``: a shown module is not a route, since URL routes are.
@available(*, deprecated, renamed: "ShownModule")
public typealias PerformedRoute = ShownModule

extension ModuleNavigator {
  /// The old name of ``show(_:_:from:parameters:prepare:)``.
  @available(*, deprecated, renamed: "show(_:_:from:parameters:prepare:)")
  public func route<Key>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    prepare: @escaping (inout Key) throws -> Void = { _ in }
  ) async throws -> ShownModule {
    try await show(key, presentation, from: source, parameters: parameters, prepare: prepare)
  }

  /// The old name of ``show(_:_:from:parameters:configuration:_:prepare:)``.
  @available(*, deprecated, renamed: "show(_:_:from:parameters:configuration:_:prepare:)")
  public func route<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    configuration: Configuration.Type, _ configure: @escaping (inout Configuration) -> Void,
    prepare: @escaping (inout Key) throws -> Void = { _ in }
  ) async throws -> ShownModule {
    try await show(
      key, presentation, from: source, parameters: parameters, configuration: configuration, configure,
      prepare: prepare)
  }

  /// The old name of ``show(target:_:from:parameters:request:)``.
  @available(*, deprecated, renamed: "show(target:_:from:parameters:request:)")
  public func route(
    target: String, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    request: RouteRequest? = nil
  ) async throws -> ShownModule {
    try await show(target: target, presentation, from: source, parameters: parameters, request: request)
  }

  /// The old name of ``refreshShownModules()``.
  @available(*, deprecated, renamed: "refreshShownModules()")
  public func refreshRoutes() {
    refreshShownModules()
  }
}

extension ShownModule.State {
  /// The old name of ``unshown``.
  @available(*, deprecated, renamed: "unshown")
  public static var unrouted: Self { .unshown }
  /// The old name of ``showing``.
  @available(*, deprecated, renamed: "showing")
  public static var routing: Self { .showing }
  /// The old name of ``shown``.
  @available(*, deprecated, renamed: "shown")
  public static var routed: Self { .shown }
}
