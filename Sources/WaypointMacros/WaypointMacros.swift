@_exported public import Waypoint
@_exported public import WaypointMatching

/// Makes an enum a ``Waypoint/RoutableLink``: each case is a route, written with ``Route(_:target:name:presentation:tab:column:under:presented:exposure:priority:defaults:)``.
///
/// ```swift
/// @Routable
/// enum NotesLink: Equatable {
///   @Route("notes://note/<int:id>") case note(id: Int)
///   @Route("notes://search") case search(query: String, page: Int = 1)
///   @Route("notes://settings(/:section)", exposure: .public) case settings(section: String?)
/// }
///
/// let link = NotesLink(url: "notes://note/42")        // .note(id: 42)
/// let url = try NotesLink.search(query: "a b").url    // "notes://search?query=a%20b&page=1"
/// ```
///
/// Associated values named by the pattern come from the path; the others come from the query
/// (optional or defaulted ones may be absent). Every associated value needs a label. Types:
/// `Int`, `Double`, `Float`, `Bool`, `UUID`, `String`, `[String]` for a rest (or repeated query
/// items), optionals for a pattern's optional groups, and any `LosslessStringConvertible` type.
///
/// The macro reads every pattern with Waypoint's own parser and builds the table with its
/// conflict check when the app compiles: an invalid pattern, a placeholder with no associated
/// value of its name, a value of the wrong type for its placeholder, an optional group's
/// parameter that is not optional, and two routes in conflict are compile errors on their case.
/// A pattern's custom parameter type (`<colour:c>`) is checked by the type's `parameterTypes`
/// when the table is first built.
@attached(member, names: named(routeDefinitions), named(init(route:request:)), named(routeValues))
@attached(extension, conformances: RoutableLink)
public macro Routable() = #externalMacro(module: "WaypointMacrosPlugin", type: "RoutableMacro")

/// Declares the route of one case of a ``Routable()`` enum, with everything a manifest route
/// says.
///
/// ```swift
/// @Route("notes://note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], exposure: .public)
/// case note(id: Int)
/// ```
///
/// - Parameters:
///   - pattern: The route's pattern, in Waypoint's pattern language.
///   - target: The screen the route shows; the app's screen for that target handles it when the
///     links are added without a handler (`routes.add(NotesLink.self)`).
///   - name: The route's name; the case's name when `nil`.
///   - presentation: How a module for the route is shown.
///   - tab: The tab the screen goes in.
///   - column: The split view column the screen goes in.
///   - under: The screens under the route's screen, bottom first.
///   - presented: What happens to what is already presented.
///   - exposure: Who may reach the route; links from outside reach only public routes.
///   - priority: Higher wins before any other precedence rule.
///   - defaults: Values for names the URL does not supply.
@attached(peer)
public macro Route(
  _ pattern: String, target: String? = nil, name: String? = nil, presentation: Presentation? = nil,
  tab: String? = nil, column: SplitColumn? = nil, under: [String] = [], presented: PresentedPolicy? = nil,
  exposure: Exposure = .internal, priority: Int = 0, defaults: [String: String] = [:]
) = #externalMacro(module: "WaypointMacrosPlugin", type: "RouteMacro")
