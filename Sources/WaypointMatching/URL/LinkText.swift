/// A link's text split for editing its query: what comes before the query, the query's raw
/// items, and the fragment, each kept byte for byte.
///
/// It is the one place Waypoint edits a link as text (callback URLs, link signing, a request's
/// query), so every editor splits at the same `#` and `?` and encodes added items the same way.
///
/// ```swift
/// var link = LinkText("notes://login?via=mail#top")
/// link.append([QueryItem(name: "next", value: "notes://note/42")])
/// link.string  // "notes://login?via=mail&next=notes%3A%2F%2Fnote%2F42#top"
/// ```
public struct LinkText: Sendable, Hashable {
  /// Everything before the query: scheme, authority and path.
  public var head: Substring
  /// The query's items as written (`name=value`, still percent-encoded); `nil` when the link
  /// has no `?`.
  public var items: [Substring]?
  /// The fragment without its `#`, as written; `nil` when the link has no `#`.
  public var fragment: Substring?

  /// Splits `url` at its first `#`, then at the first `?` before it.
  public init(_ url: String) {
    var rest = Substring(url)
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      items = rest[rest.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
      rest = rest[..<mark]
    }
    head = rest
  }

  /// The link put back together.
  public var string: String {
    var text = String(head)
    if let items { text += "?" + items.joined(separator: "&") }
    if let fragment { text += "#" + fragment }
    return text
  }

  /// Adds `items` at the end of the query, each name and value percent-encoded; an empty item
  /// the link ended with (`a?` or `a?x=1&`) is dropped first.
  public mutating func append(_ items: [QueryItem]) {
    append(raw: items.map(Self.encode))
  }

  /// Adds already encoded `name=value` items at the end of the query; an empty item the link
  /// ended with is dropped first.
  public mutating func append(raw added: [Substring]) {
    guard !added.isEmpty else { return }
    var all = items ?? []
    if all.last?.isEmpty == true { all.removeLast() }
    items = all + added
  }

  /// Whether the query has an item named `name` (`name` alone or `name=…`), compared as written.
  public func hasItem(named name: String) -> Bool {
    items?.contains { $0 == name || $0.hasPrefix(name + "=") } ?? false
  }

  /// `url` with `items` added to its query, before any fragment.
  public static func appending(_ items: [QueryItem], to url: String) -> String {
    guard !items.isEmpty else { return url }
    var link = LinkText(url)
    link.append(items)
    return link.string
  }

  /// `name=value`, each percent-encoded for a query.
  static func encode(_ item: QueryItem) -> Substring {
    Substring(PercentCoding.encode(item.name, as: .queryItem) + "=" + PercentCoding.encode(item.value, as: .queryItem))
  }
}
