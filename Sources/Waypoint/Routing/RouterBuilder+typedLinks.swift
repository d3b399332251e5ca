import Synchronization
import WaypointMatching

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Routers and typed links

extension RouterBuilder {
  /// Registers every route of `type` with one handler that gets the link as a typed value, and
  /// the request for its origin, extras and callbacks; without a handler, each route goes to the
  /// handler of its target (the app's screen for it), as a manifest route does.
  ///
  /// ```swift
  /// builder.add(NotesLink.self) { link, request in
  ///   switch link {
  ///   case .note(let id): return try await notes.open(id)
  ///   case .search(let query, let page): return try await notes.search(query, page: page)
  ///   }
  /// }
  /// ```
  ///
  /// Each route keeps everything its definition says (name, exposure, priority, defaults,
  /// presentation, placement). The router matches with its own options, and takes the type's
  /// parameter types it does not have already; a value that does not convert fails the open
  /// with `invalidParameter`.
  ///
  /// - Parameters:
  ///   - type: The link type whose `routeDefinitions` are added.
  ///   - body: Handles every route of the type, given the link read from the request and the
  ///     request; what it returns is what `open` gives back. `nil`, the default, sends each
  ///     route to the handler of its target, or to its redirect.
  public mutating func add<Link: RoutableLink>(
    _ type: Link.Type, _ body: (@Sendable (Link, RouteRequest) async throws -> any Sendable)? = nil
  ) {
    let types = Link.parameterTypes
    for name in types.names where parameterTypes[name] == nil {
      if let type = types[name] { parameterTypes.register(type) }
    }
    root.add(type, body)
  }
}

extension RouterBuilder {
  /// Makes ``build()`` fail with `linkMismatch` when the routes lack a route of `type`, or have
  /// one of its names with another pattern: the links the app was compiled with would not open.
  ///
  /// For links generated from a manifest (`waypoint generate`) whose routes come from the
  /// manifest: a manifest replaced at run time (``RouterHolder/replace(manifest:)``) that drops
  /// or changes one of them is refused when it is loaded, and the router in use keeps serving.
  ///
  /// ```swift
  /// var builder = RouterBuilder()
  /// builder.add(bundled)                       // the manifest NotesLink was generated from
  /// builder.requireLinks(NotesLink.self)
  /// let holder = try RouterHolder(builder: builder)
  /// try holder.replace(manifest: downloaded)   // throws linkMismatch if it drops "note.show"
  /// ```
  public mutating func requireLinks<Link: RoutableLink>(_ type: Link.Type) {
    requiredLinks.append((String(describing: Link.self), Link.routeDefinitions))
  }

  /// The routes of required link types that `routes` lack or change.
  func linkMismatches(in routes: [RouteDefinition]) -> [RoutingError] {
    var byName: [String: RouteDefinition] = [:]
    for route in routes { if let name = route.name { byName[name] = byName[name] ?? route } }
    return requiredLinks.flatMap { required in
      required.routes.compactMap { needed -> RoutingError? in
        guard let name = needed.name else { return nil }
        guard let route = byName[name] else {
          return RoutingError(
            .linkMismatch, "\(required.type) needs the route '\(name)' (\(needed.pattern)), which the routes lack",
            pattern: needed.pattern, routeName: name)
        }
        guard route.pattern == needed.pattern else {
          return RoutingError(
            .linkMismatch,
            "\(required.type) needs the route '\(name)' as '\(needed.pattern)', but the routes have it as '\(route.pattern)'",
            pattern: route.pattern, routeName: name)
        }
        return nil
      }
    }
  }
}

extension RouteList {
  /// Adds every route of `type`, each handled by `body` with the link its request reads.
  mutating func add<Link: RoutableLink>(
    _ type: Link.Type, _ body: (@Sendable (Link, RouteRequest) async throws -> any Sendable)?
  ) {
    for definition in Link.routeDefinitions {
      guard let body else {
        add(definition)
        continue
      }
      let name = definition.name ?? ""
      let handler = ClosureHandler { request in
        try await body(try Link(route: name, request: request), request)
      }
      add(definition, handler: handler)
    }
  }
}
