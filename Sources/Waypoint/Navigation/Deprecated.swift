// Names of the last release, kept for one release so apps move at their pace (see CHANGELOG).

/// The old name of ``ShownModule``: a shown module is not a route, since URL routes are.
@available(*, deprecated, renamed: "ShownModule")
public typealias PerformedRoute = ShownModule

extension ScreenCoordinator {
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

/// The old name of ``ScreenCoordinator``: ``Navigator`` names the UI side alone.
@available(*, deprecated, renamed: "ScreenCoordinator")
public typealias ModuleNavigator = ScreenCoordinator

extension ScreenCoordinator {
  /// The old name of ``show(_:target:)``: a module is shown, a link is opened.
  @available(*, deprecated, renamed: "show(_:target:)")
  public func open(_ request: RouteRequest, target: String) async throws(NavigationError) -> ShownModule {
    try await show(request, target: target)
  }
}

extension ShownModule {
  /// The old name of ``show()``.
  @available(*, deprecated, renamed: "show()")
  public func perform() async throws(NavigationError) {
    try await show()
  }
}

extension WindowNavigators {
  /// The old name of ``coordinator(for:)``.
  @available(*, deprecated, renamed: "coordinator(for:)")
  public func modules(for id: String) -> ScreenCoordinator? {
    coordinator(for: id)
  }
}

extension ModuleEvent.Phase {
  /// The old name of ``willShow``.
  @available(*, deprecated, renamed: "willShow")
  public static var willPerform: Self { .willShow }
  /// The old name of ``didShow``.
  @available(*, deprecated, renamed: "didShow")
  public static var didPerform: Self { .didShow }
  /// The old name of ``failedToShow``.
  @available(*, deprecated, renamed: "failedToShow")
  public static var failedToPerform: Self { .failedToShow }
}

extension NavigationError.Code {
  /// The old name of ``inTransition``.
  @available(*, deprecated, renamed: "inTransition")
  public static var overRoute: Self { .inTransition }
  /// The old name of ``alreadyShown``.
  @available(*, deprecated, renamed: "alreadyShown")
  public static var alreadyPerformed: Self { .alreadyShown }
  /// The old name of ``notShown``.
  @available(*, deprecated, renamed: "notShown")
  public static var notPerformed: Self { .notShown }
}
