/// One route as declared, by a manifest or by a ``RouterBuilder`` call: its pattern and
/// everything said about it.
///
/// The manifest reader and the builder each make one per route, and the same value is the
/// route's metadata everywhere after: in requests, results, events and resolutions.
///
/// ```swift
/// let route = RouteDefinition(pattern: "myapp://note/<int:id>", name: "note", target: "NoteEditor",
///                             presentation: .push, exposure: .public)
/// ```
public struct RouteDefinition: Sendable, Hashable, CustomStringConvertible {
  /// The pattern, as written.
  public var pattern: String {
    get { storage.fields.pattern }
    set { storage.edit { $0.pattern = newValue } }
  }
  /// A unique name for URL generation and messages, or `nil`.
  public var name: String? {
    get { storage.fields.name }
    set { storage.edit { $0.name = newValue } }
  }
  /// The target: the name of the module or handler the route opens, or `nil`.
  public var target: String? {
    get { storage.fields.target }
    set { storage.edit { $0.target = newValue } }
  }
  /// How the target is shown; `nil` leaves it to the target (a module is pushed).
  public var presentation: Presentation? {
    get { storage.fields.presentation }
    set { storage.edit { $0.presentation = newValue } }
  }
  /// Who may reach the route; ``Exposure/internal`` unless set.
  public var exposure: Exposure {
    get { storage.fields.exposure }
    set { storage.edit { $0.exposure = newValue } }
  }
  /// Higher wins before any other rule.
  ///
  /// Default 0.
  public var priority: Int {
    get { storage.fields.priority }
    set { storage.edit { $0.priority = newValue } }
  }
  /// Values for names the URL does not supply.
  public var defaults: [String: String] {
    get { storage.fields.defaults }
    set { storage.edit { $0.defaults = newValue } }
  }
  /// The screens that must be under this route's screen, bottom first, each a target and the
  /// values it takes from the link: opening the link completes a stack that starts this path
  /// (builds it in an empty one, the first as the root), and makes the stack of a tab the route
  /// names exactly these screens, reusing those shown.
  public var under: [UnderScreen] {
    get { storage.fields.under }
    set { storage.edit { $0.under = newValue } }
  }
  /// The targets of ``under``, bottom first.
  public var underTargets: [String] { under.map(\.target) }
  /// The tab and column the screen goes to, and what happens to what is presented.
  public var placement: Placement {
    get { storage.fields.placement }
    set { storage.edit { $0.placement = newValue } }
  }
  /// A URL template (a pattern whose parameters are filled from this route's) to send the
  /// request to instead, or `nil`.
  public var redirect: String? {
    get { storage.fields.redirect }
    set { storage.edit { $0.redirect = newValue } }
  }

  /// Makes a route; only the pattern is required.
  ///
  /// Everything a manifest route can say, for the routes `RouterBuilder.add(_:target:tab:under:presentation:exposure:)`
  /// does not cover:
  ///
  /// ```swift
  /// routes.add(RouteDefinition(pattern: "note/<int:id>", name: "note", target: "Note",
  ///                            placement: Placement(tab: "notes", column: .secondary)))
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The pattern.
  ///   - name: A unique name, for URL generation and messages.
  ///   - target: The screen or handler it opens: a string, or the app's own ``TargetName``.
  ///   - presentation: How the screen is shown; `nil` leaves it to the target (a push).
  ///   - exposure: Who may reach the route.
  ///   - priority: Higher wins before any other rule.
  ///   - defaults: Values for names the URL does not supply.
  ///   - under: The screens that must be under its screen, bottom first.
  ///   - placement: The tab and column, what to do with what is presented, a presented stack.
  ///   - redirect: A URL template to send the request to instead.
  public init(
    pattern: String, name: String? = nil, target: (some TargetName)? = String?.none,
    presentation: Presentation? = nil, exposure: Exposure = .internal, priority: Int = 0,
    defaults: [String: String] = [:], under: [UnderScreen] = [], placement: Placement = Placement(),
    redirect: String? = nil
  ) {
    storage = CopyOnWrite(
      Fields(
        pattern: pattern, name: name, target: target?.targetName, presentation: presentation, exposure: exposure,
        priority: priority, defaults: defaults, under: under, placement: placement, redirect: redirect))
  }

  /// The pattern, and the name when there is one.
  public var description: String { name.map { "\($0) (\(pattern))" } ?? pattern }

  // MARK: - Storage

  // A route travels with every request, result, event and resolution: behind one reference, a
  // copy costs one retain instead of one per field.
  private var storage: CopyOnWrite<Fields>

  /// Everything said about the route.
  private struct Fields: Hashable, Sendable {
    var pattern: String
    var name: String?
    var target: String?
    var presentation: Presentation?
    var exposure: Exposure
    var priority: Int
    var defaults: [String: String]
    var under: [UnderScreen]
    var placement: Placement
    var redirect: String?
  }
}
