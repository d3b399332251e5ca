/// The coordinators of an app's windows: one ``ScreenCoordinator``, with its navigator and its
/// navigation state, per window (an iPad or Mac scene, a visionOS window), and the rule that
/// says which window a link opens in.
///
/// Each window has its own navigator and its own ``ScreenCoordinator`` over the one registry;
/// the router is shared. A link opens in the window it arrived in (the request's
/// ``windowExtra``, which `SceneLinks` and `WaypointHost` set), else in the one most recently
/// active; ``chooseWindow`` can decide otherwise (a compose link always in a window of its own
/// kind, say).
///
/// ```swift
/// let windows = WindowCoordinators(registry: registry)
/// var routes = RouterBuilder()
/// routes.add(try RouteManifest(json: manifestJSON))
/// windows.registerTargets(in: &routes)
/// let router = RouterHolder(try routes.build())
///
/// // when a scene connects:
/// let modules = windows.add("scene-A", navigator: HeadlessNavigator())
/// _ = try await router.open("notes://note/42", extras: [WindowCoordinators.windowExtra: "scene-A"])
/// ```
///
/// Each window saves and restores its own state: ``state(of:)`` gives it to save, and adding
/// the window with a navigator that starts on the saved state restores it.
@MainActor
public final class WindowCoordinators {
  /// The name of the request extra that says which window a link arrived in (a `String`).
  public nonisolated static let windowExtra = "window"
  /// The name of the request extra that pins a link to the window its ``windowExtra`` names (a
  /// `Bool`): a link a screen opened lands there or nowhere, whatever ``chooseWindow`` says.
  package nonisolated static let pinnedExtra = "waypoint.windowPinned"

  /// Where every window's modules come from.
  public let registry: ModuleRegistry
  /// The window a request opens in, chosen by the app from the request and the open windows
  /// (least recently active first); `nil` keeps the default rule.
  public var chooseWindow: (@MainActor (RouteRequest, [String]) -> String?)?
  /// The open windows, least recently active first.
  private var windows: [(id: String, coordinator: ScreenCoordinator)] = []
  /// The window each scene (a `UIScene`, by identity) is, as the adapters say.
  private var scenes: [ObjectIdentifier: String] = [:]
  /// For the windows an adapter can ask, whether the user is in it now: UIKit's frontmost scene,
  /// SwiftUI's focused one.
  private var frontmost: [String: @MainActor () -> Bool] = [:]
  /// Why a link's screen may not be placed now (a gate let it through and the user signed out
  /// since), asked when its placement is planned; `WaypointApp` sets it.
  package var refusalNow: (@MainActor (RouteRequest, String) -> String?)?

  /// Navigators for the windows of an app over `registry`.
  public init(registry: ModuleRegistry) {
    self.registry = registry
  }

  /// The ids of the open windows, least recently active first.
  package var windowIDs: [String] { windows.map(\.id) }

  /// Adds the window `id` (a scene's persistent identifier) over `navigator`, makes it the most
  /// recently active, and returns its screen coordinator; a window already added with that id
  /// keeps its navigator.
  ///
  /// - Parameters:
  ///   - id: The window's id, which a request's ``windowExtra`` names.
  ///   - navigator: What shows the window's screens; one starting on a saved state restores
  ///     the window.
  /// - Returns: The window's screen coordinator.
  @discardableResult
  public func add(_ id: String, navigator: any Navigator) -> ScreenCoordinator {
    if let added = coordinator(for: id) {
      activate(id)
      return added
    }
    let coordinator = ScreenCoordinator(registry: registry, navigator: navigator)
    coordinator.refusesLink = { [weak self] request, target in self?.refusalNow?(request, target) }
    windows.append((id, coordinator))
    return coordinator
  }

  /// Adds the window `id` over `navigator`, as ``add(_:navigator:)`` does: the window's
  /// coordinator comes into being, nothing is opened.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "add(_:navigator:)")
  @discardableResult
  public func open(_ id: String, navigator: any Navigator) -> ScreenCoordinator {
    add(id, navigator: navigator)
  }

  /// Closes the window `id` (its scene disconnected); links no longer open there.
  public func close(_ id: String) {
    windows.removeAll { $0.id == id }
    scenes = scenes.filter { $0.value != id }
    frontmost[id] = nil
  }

  /// Says how to tell whether the user is in the window `id` now (the adapters: the scene is
  /// frontmost, the window focused), so a link that names no window opens there rather than in
  /// the one that last changed activation (fourth adapter review, E4).
  package func follow(frontmost isFrontmost: @escaping @MainActor () -> Bool, of id: String) {
    frontmost[id] = isFrontmost
  }

  /// Says that the scene `scene` (a `UIScene`, by identity) shows the window `id`, so a
  /// notification the system shows in that scene opens there.
  package func attach(scene: ObjectIdentifier, to id: String) {
    scenes[scene] = id
  }

  /// Forgets the scene `scene` (it disconnected) while its window stays open.
  package func detach(scene: ObjectIdentifier) {
    scenes[scene] = nil
  }

  /// The open window the scene `scene` shows, if any.
  package func window(forScene scene: ObjectIdentifier) -> String? {
    guard let id = scenes[scene], coordinator(for: id) != nil else { return nil }
    return id
  }

  /// Makes the window `id` the most recently active (its scene became active).
  public func activate(_ id: String) {
    guard let index = windows.firstIndex(where: { $0.id == id }) else { return }
    windows.append(windows.remove(at: index))
  }

  /// The screen coordinator of the window `id`.
  public func coordinator(for id: String) -> ScreenCoordinator? {
    windows.first { $0.id == id }?.coordinator
  }

  /// The state of the window `id`, to save with its scene: without the query items the
  /// router redacts (``RouterBuilder/redaction``: `sig`, `token`), in the links and the values of
  /// its screens, so a signed link's secret is not written to disk.
  public func state(of id: String) -> NavigationState? {
    coordinator(for: id)?.navigator.state.removingSecrets(redaction)
  }

  /// The query items the states to save leave out: the router's redaction, once an app set it.
  package var redaction = LinkRedaction.none

  /// The window `request` opens in: the window it was opened from when a screen opened it
  /// (``pinnedExtra``), else the app's choice, else the window it arrived in (the one the system
  /// names), else the window the user is in (as the adapters tell), else the most recently
  /// active; `nil` when no window is open (or the one asked for is not open).
  package func window(for request: RouteRequest) -> String? {
    let ids = windowIDs
    if request.extras[Self.pinnedExtra] as? Bool == true {
      guard let pinned = request.extras[Self.windowExtra] as? String, ids.contains(pinned) else { return nil }
      return pinned
    }
    if let chooseWindow, let chosen = chooseWindow(request, ids) {
      return ids.contains(chosen) ? chosen : nil
    }
    if let arrived = request.extras[Self.windowExtra] as? String, ids.contains(arrived) { return arrived }
    // The window the user is in, when an adapter can tell (the most recently active of them
    // should it say so of several); else the most recently active.
    if let front = ids.last(where: { frontmost[$0]?() == true }) { return front }
    return ids.last
  }

  /// Registers a handler for every target of the registry that shows the module in the window
  /// the request opens in (`window(for:)`), as ``ScreenCoordinator/registerTargets(in:)`` does
  /// for one navigator.
  public func registerTargets(in builder: inout RouterBuilder) {
    for target in registry.targets {
      builder.register(target: target, handler: WindowRouteHandler(windows: self, target: target))
    }
  }

  /// Shows `target`'s module for `request` in the window it opens in.
  ///
  /// - Throws: A ``NavigationError`` `unshowableDestination` naming the window when none is
  ///   open to take the link; else what ``ScreenCoordinator/show(_:target:)`` throws.
  func show(_ request: RouteRequest, target: String) async throws -> ShownModule {
    guard let id = window(for: request), let coordinator = self.coordinator(for: id) else {
      let asked = (request.extras[Self.windowExtra] as? String).map { " (it arrived in '\($0)')" } ?? ""
      throw NavigationError(
        .unshowableDestination, "no open window can show '\(target)'\(asked); open a window first")
    }
    if let refusal = refusalNow?(request, target) { throw RoutingError.rejected(refusal, url: request.url.string) }
    do {
      return try await coordinator.show(request, target: target)
    } catch {
      if let refusal = error.gateRefusal { throw RoutingError.rejected(refusal, url: request.url.string) }
      throw error
    }
  }

  /// Whether `request` can be shown within the caller's turn: its window is open and its
  /// navigator can change now (``ScreenCoordinator/canShowNow(_:target:)``).
  func canShowNow(_ request: RouteRequest, target: String) -> Bool {
    guard let id = window(for: request), let coordinator = self.coordinator(for: id) else { return false }
    return coordinator.canShowNow(request, target: target)
  }

  /// Shows `target`'s module for `request` as ``show(_:target:)`` does, within the caller's turn.
  func showNow(_ request: RouteRequest, target: String) throws -> ShownModule {
    guard let id = window(for: request), let coordinator = self.coordinator(for: id) else {
      throw NavigationError(.unshowableDestination, "no open window can show '\(target)'; open a window first")
    }
    if let refusal = refusalNow?(request, target) { throw RoutingError.rejected(refusal, url: request.url.string) }
    return try coordinator.showNow(request, target: target)
  }
}

/// Shows a target's module in the window a request opens in.
private struct WindowRouteHandler: HandlesNow {
  let windows: WindowCoordinators
  let target: String

  func handle(_ request: RouteRequest) async throws -> any Sendable {
    try await windows.show(request, target: target)
  }

  func canHandleNow(_ request: RouteRequest) -> Bool {
    windows.canShowNow(request, target: target)
  }

  func handleNow(_ request: RouteRequest) throws -> any Sendable {
    try windows.showNow(request, target: target)
  }
}
