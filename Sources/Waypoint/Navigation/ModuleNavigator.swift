/// Shows modules: makes them through a ``ModuleRegistry`` and performs them on a ``Navigator``,
/// returning a ``PerformedRoute`` that can remove them again.
///
/// ```swift
/// let modules = ModuleNavigator(registry: registry, navigator: HeadlessNavigator())
/// let list = try await modules.route(NoteList.self, .replaceRoot)
/// let editor = try await modules.route(NoteEditor.self, .push, parameters: ["id": "42"]) {
///   (configuration: inout NoteEditorConfiguration) in configuration.noteID = 42
/// }
/// try await editor.remove()   // pops, without the caller knowing it was a push
/// ```
///
/// Order: the factory, the module's prepare, the caller's prepare, `didMake`, then `willPerform`
/// and `didPerform`.
@MainActor
public final class ModuleNavigator {
  /// Where modules come from.
  public let registry: ModuleRegistry
  /// Where they are shown.
  public let navigator: any Navigator
  /// The registry's presentation restrictions and URL bindings.
  private let rules: ModuleNavigationRules
  private var lastNumber = 0

  /// A module navigator over `registry` and `navigator`.
  public init(registry: ModuleRegistry, navigator: any Navigator) {
    self.registry = registry
    self.navigator = navigator
    self.rules = registry.navigation
  }

  /// Makes and shows `key`'s module.
  ///
  /// - Parameters:
  ///   - key: The module's key.
  ///   - presentation: How to show it.
  ///   - source: The screen to show it from; `nil` for the top screen.
  ///   - parameters: Parameters to keep on the screen and the performed route.
  ///   - prepare: The caller's preparation, after the module's own.
  /// - Returns: The performed route, which can remove the module later.
  /// - Throws: Each error unchanged from where it arose: a ``NavigationError``
  ///   (`unsupportedPresentation` when the module does not allow `presentation`, or the
  ///   navigator's `invalidSource`…) or a ``ModuleError`` from making the module.
  public func route<Key>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    prepare: (inout Key) throws -> Void = { _ in }
  ) async throws -> PerformedRoute {
    let moduleKey = ModuleKey(key)
    try check(presentation, for: moduleKey)
    let made = try registry.make(key, chain: [], configure: ModuleRegistry.unconfigured, prepare: prepare)
    return try await perform(
      ModuleInstance(value: made), key: moduleKey, presentation: presentation, source: source, parameters: parameters,
      routeName: nil)
  }

  /// Makes `key`'s module with a configuration the caller fills, and shows it.
  ///
  /// - Throws: A ``NavigationError`` or a ``ModuleError``, as ``route(_:_:from:parameters:prepare:)``.
  public func route<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    configure: (inout Configuration) -> Void, prepare: (inout Key) throws -> Void = { _ in }
  ) async throws -> PerformedRoute {
    let moduleKey = ModuleKey(key)
    try check(presentation, for: moduleKey)
    let made = try registry.make(
      key, chain: [],
      configure: { (configuration: inout any ModuleConfiguration) throws(ModuleError) in
        try ModuleRegistry.apply(configure, to: &configuration)
      }, prepare: prepare)
    return try await perform(
      ModuleInstance(value: made), key: moduleKey, presentation: presentation, source: source, parameters: parameters,
      routeName: nil)
  }

  /// Makes and shows the module registered as `target`; with a `request`, the module's
  /// binding fills its configuration from it.
  ///
  /// - Throws: A ``NavigationError``, or a ``ModuleError`` (`notRegistered` for an unknown
  ///   target, `bindingFailed` when the request does not fill the configuration).
  public func route(
    target: String, _ presentation: Presentation, from source: String? = nil, parameters: [String: String] = [:],
    request: RouteRequest? = nil
  ) async throws -> PerformedRoute {
    let key = try registry.key(for: target)
    try check(presentation, for: key)
    let instance = try registry.instance(key, chain: [], configure: rules.configure(key, from: request))
    registry.didMake(key, chain: [])
    return try await perform(
      instance, key: key, presentation: presentation, source: source, parameters: parameters,
      routeName: request?.route.map { $0.name ?? $0.pattern })
  }

  // MARK: - Performing

  private func perform(
    _ instance: ModuleInstance, key: ModuleKey, presentation: Presentation, source: String?,
    parameters: [String: String], routeName: String?
  ) async throws(NavigationError) -> PerformedRoute {
    let target = registry.registrations[key]?.target
    let name = target ?? key.name
    let screen = Screen(id: "\(name)#\(nextNumber())", target: name, parameters: parameters, route: routeName)
    let registry = self.registry
    let route = PerformedRoute(
      screen: screen, presentation: presentation, source: source, key: key, instance: instance, navigator: navigator
    ) { phase in
      registry.notify(ModuleEvent(phase: phase, key: key, target: target, requester: nil))
    }
    try await route.perform()
    return route
  }

  /// Refuses `presentation` when `key`'s module does not allow it.
  private func check(_ presentation: Presentation, for key: ModuleKey) throws(NavigationError) {
    guard let refusal = rules.refusal(of: presentation, for: key) else { return }
    throw NavigationError(.unsupportedPresentation, refusal)
  }

  /// A screen number never used before by this navigator, and above every number shown (so
  /// numbers stay unique after a restore): a stale performed route can never match a new screen.
  private func nextNumber() -> Int {
    let shown = navigator.state.allScreens.compactMap { screen in
      screen.id.split(separator: "#").last.flatMap { Int($0) }
    }
    lastNumber = max(lastNumber, shown.max() ?? 0) + 1
    return lastNumber
  }
}
