public import Foundation

/// Decides, as iOS does, whether an `apple-app-site-association` file hands a URL to the app:
/// read from the file's JSON alone (none of the code that wrote it), so a test of what a file
/// claims does not trust the writer.
///
/// The rules, from Apple's "applinks.Details.Components" page
/// (https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary):
/// - the components are tried in order and the first that matches decides: an `exclude`
///   component leaves the link to the browser, any other opens the app; none matching is the
///   browser;
/// - a component matches when each of its `/`, `?` (a pattern for the whole query) and `#`
///   patterns matches that part of the URL; a key left out is `*`, which matches anything, an
///   absent fragment or query included;
/// - `*` matches any run of characters (`/` included), `?` any one character, so `?*` one or
///   more; every other character matches itself;
/// - `caseSensitive` (default `true`) and the `defaults` object's `caseSensitive`;
/// - `percentEncoded` is taken at its default, `true`: the pattern is compared with the URL's
///   parts as written, percent escapes and all.
///
/// Android 15's dynamic rules (`dynamic_app_link_components` in `assetlinks.json`) follow the same
/// matching, case-sensitively: ``init(assetLinks:)``.
public struct AppleLinkMatcher: Sendable {
  /// One component, as the file gives it.
  public struct Component: Sendable, Equatable {
    /// The `/` pattern.
    public var path: String
    /// The `?` pattern.
    public var query: String
    /// The `#` pattern.
    public var fragment: String
    /// Whether a match leaves the link to the browser.
    public var exclude: Bool
    /// Whether the patterns compare case-sensitively.
    public var caseSensitive: Bool
  }

  /// The components, in the file's order.
  public let components: [Component]

  /// The matcher of the association file `json`: its first `applinks` details entry.
  public init(json: Data) throws {
    let root = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    let details = (root?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
    guard let first = details?.first, let list = first["components"] as? [[String: Any]] else {
      throw MatcherError("no applinks.details[0].components")
    }
    let defaults = (first["defaults"] as? [String: Any])?["caseSensitive"] as? Bool ?? true
    components = try list.map { try Self.component($0, caseSensitive: defaults) }
  }

  /// The matcher of the dynamic rules in the Android `assetlinks.json` `json`, compared
  /// case-sensitively.
  public init(assetLinks json: Data) throws {
    let statements = try JSONSerialization.jsonObject(with: json) as? [[String: Any]]
    let extensions = statements?.first?["relation_extensions"] as? [String: Any]
    let rules =
      (extensions?["delegate_permission/common.handle_all_urls"] as? [String: Any])?[
        "dynamic_app_link_components"] as? [[String: Any]]
    guard let rules else { throw MatcherError("no dynamic_app_link_components") }
    components = try rules.map { try Self.component($0, caseSensitive: true, ignoresCase: false) }
  }

  private static func component(_ object: [String: Any], caseSensitive: Bool, ignoresCase: Bool = true) throws
    -> Component
  {
    if object["?"] is [String: Any] { throw MatcherError("query dictionaries are not read by this matcher") }
    return Component(
      path: object["/"] as? String ?? "*", query: object["?"] as? String ?? "*",
      fragment: object["#"] as? String ?? "*", exclude: object["exclude"] as? Bool ?? false,
      caseSensitive: ignoresCase ? (object["caseSensitive"] as? Bool ?? caseSensitive) : true)
  }

  /// Whether tapping `url` opens the app.
  public func opensApp(_ url: String) -> Bool {
    let (path, query, fragment) = Self.parts(of: url)
    for component in components {
      let matches =
        Self.glob(component.path, path, caseSensitive: component.caseSensitive)
        && Self.glob(component.query, query ?? "", caseSensitive: component.caseSensitive, absent: query == nil)
        && Self.glob(
          component.fragment, fragment ?? "", caseSensitive: component.caseSensitive, absent: fragment == nil)
      if matches { return !component.exclude }
    }
    return false
  }

  /// The path, query and fragment of `url` as written.
  static func parts(of url: String) -> (String, String?, String?) {
    var rest = Substring(url)
    if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
    rest = rest.drop { $0 != "/" && $0 != "?" && $0 != "#" }
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    return (rest.isEmpty ? "/" : String(rest), query, fragment)
  }

  /// Whether `pattern` matches all of `text`; a missing part matches only a pattern of `*`s.
  static func glob(_ pattern: String, _ text: String, caseSensitive: Bool, absent: Bool = false) -> Bool {
    if absent { return pattern.allSatisfy { $0 == "*" } }
    let fold = { (value: String) in caseSensitive ? Array(value) : Array(value.lowercased()) }
    let pattern = fold(pattern)
    let text = fold(text)
    func match(_ p: Int, _ t: Int) -> Bool {
      guard p < pattern.count else { return t == text.count }
      switch pattern[p] {
      case "*": return (t...text.count).contains { match(p + 1, $0) }
      case "?": return t < text.count && match(p + 1, t + 1)
      default: return t < text.count && text[t] == pattern[p] && match(p + 1, t + 1)
      }
    }
    return match(0, 0)
  }
}

/// Why a file could not be read by ``AppleLinkMatcher``.
public struct MatcherError: Error, CustomStringConvertible {
  /// What the file lacks.
  public var description: String
  init(_ description: String) { self.description = description }
}
