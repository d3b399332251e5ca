extension ModuleNavigator {
  /// Shows the module a deep link targets: builds the screens its route declares under it (from a
  /// cold start), binds the request into the module's configuration, and performs the route's
  /// presentation from the top screen, or from the screen in the request's `source` extra.
  ///
  /// The presentation is the request's `presentation` extra (a ``Presentation`` or its string
  /// form) when it has one, else its route's, else `push`.
  ///
  /// The values the URL gives (`RouteRequest.urlValues`: path, then query, then defaults) stay on
  /// the screen and the performed route.
  ///
  /// - Throws: A ``NavigationError`` or a ``ModuleError``, unchanged, as
  ///   ``route(target:_:from:parameters:request:)``; `unknownPresentation` naming the string when
  ///   the `presentation` extra names no presentation.
  public func open(_ request: RouteRequest, target: String) async throws -> PerformedRoute {
    let presentation = try Self.presentation(of: request)
    try await buildPath(request.route?.under ?? [], for: request)
    return try await route(
      target: target, presentation, from: request.extras["source"] as? String,
      parameters: request.urlValues, request: request)
  }

  /// The presentation `request` asks for: its `presentation` extra, else its route's, else `push`.
  static func presentation(of request: RouteRequest) throws(NavigationError) -> Presentation {
    switch request.extras["presentation"] {
    case nil:
      return request.route?.presentation ?? .push
    case let presentation as Presentation:
      return presentation
    case let text as String:
      guard let presentation = Presentation(text) else {
        throw NavigationError(
          .unknownPresentation, "unknown presentation '\(text)' (known: \(Presentation.knownForms))")
      }
      return presentation
    case let other?:
      throw NavigationError(
        .unknownPresentation, "the 'presentation' extra is a \(type(of: other)), not a Presentation or its string form")
    }
  }

  /// Registers a handler for every target of the registry, so manifest routes whose
  /// `target` is a module open it.
  public func registerTargets(in builder: inout RouterBuilder) {
    for target in registry.targets {
      builder.register(target: target, handler: ModuleRouteHandler(navigator: self, target: target))
    }
  }

  /// Ensures the root stack starts with the `path` modules: from an empty state, the first
  /// becomes the root and the rest are pushed; a stack that is a prefix of the path is
  /// completed; any other stack is left alone, so a link never throws away what the user has.
  private func buildPath(_ path: [String], for request: RouteRequest) async throws {
    guard !path.isEmpty else { return }
    let stack = navigator.state.stack.map(\.target)
    guard stack.count < path.count, Array(path.prefix(stack.count)) == stack, navigator.state.presented == nil else {
      return
    }
    for (index, target) in path.enumerated().dropFirst(stack.count) {
      _ = try await route(target: target, index == 0 ? .replaceRoot : .push, request: request)
    }
  }
}

/// A route handler that shows a module.
///
/// ``ModuleNavigator/registerTargets(in:)`` registers one for each manifest target. Its value is
/// the ``PerformedRoute``.
public struct ModuleRouteHandler: RouteHandler {
  /// Where the module is shown.
  public let navigator: ModuleNavigator
  /// The module's target.
  public let target: String

  /// A handler showing `target`'s module.
  public init(navigator: ModuleNavigator, target: String) {
    self.navigator = navigator
    self.target = target
  }

  /// Shows the module and returns its ``PerformedRoute``.
  public func handle(_ request: RouteRequest) async throws -> any Sendable {
    try await navigator.open(request, target: target)
  }
}
