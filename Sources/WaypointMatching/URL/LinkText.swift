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
package struct LinkText: Sendable, Hashable {
  /// Everything before the query: scheme, authority and path.
  package var head: Substring
  /// The query's items as written (`name=value`, still percent-encoded); `nil` when the link
  /// has no `?`.
  package var items: [Substring]?
  /// The fragment without its `#`, as written; `nil` when the link has no `#`.
  package var fragment: Substring?

  /// Splits `url` at its first `#`, then at the first `?` before it.
  package init(_ url: String) {
    var rest = Substring(url)
    // By bytes, as the parser finds them: a `?` followed by a combining mark still starts the query.
    if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
      fragment = rest[rest.utf8.index(after: hash)...]
      rest = rest[..<hash]
    }
    if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
      items = rest[rest.utf8.index(after: mark)...].split(byte: UInt8(ascii: "&"), keepingEmpty: true)
      rest = rest[..<mark]
    }
    head = rest
  }

  /// The link put back together.
  package var string: String {
    var text = String(head)
    if let items { text += "?" + items.joined(separator: "&") }
    if let fragment { text += "#" + fragment }
    return text
  }

  /// Adds `items` at the end of the query, each name and value percent-encoded; an empty item
  /// the link ended with (`a?` or `a?x=1&`) is dropped first.
  package mutating func append(_ items: [QueryItem]) {
    append(raw: items.map(Self.encode))
  }

  /// Adds already encoded `name=value` items at the end of the query; an empty item the link
  /// ended with is dropped first.
  package mutating func append(raw added: [Substring]) {
    guard !added.isEmpty else { return }
    var all = items ?? []
    if all.last?.isEmpty == true { all.removeLast() }
    items = all + added
  }

  /// Whether the query has an item named `name` (`name` alone or `name=…`), compared as written.
  package func hasItem(named name: String) -> Bool {
    items?.contains { $0 == name || $0.hasPrefix(name + "=") } ?? false
  }

  /// The query's item at `raw`, decoded (`+` read as a space), or `nil` when it cannot be decoded.
  package static func decode(_ raw: Substring) -> QueryItem? {
    let equals = raw.utf8.firstIndex(of: UInt8(ascii: "="))
    let rawName = equals.map { raw[..<$0] } ?? raw
    guard let name = try? PercentCoding.decode(rawName, plusAsSpace: true) else { return nil }
    let value = equals.map { try? PercentCoding.decode(raw[raw.utf8.index(after: $0)...], plusAsSpace: true) } ?? ""
    return value.map { QueryItem(name: String(name), value: String($0)) }
  }

  /// Takes out the query's items that `predicate` chooses (an item that cannot be decoded is
  /// kept), and returns them decoded, in order; a query left empty goes with its `?`.
  package mutating func remove(where predicate: (QueryItem) -> Bool) -> [QueryItem] {
    guard let all = items else { return [] }
    var removed: [QueryItem] = []
    var kept: [Substring] = []
    for raw in all {
      if let item = Self.decode(raw), predicate(item) {
        removed.append(item)
      } else {
        kept.append(raw)
      }
    }
    guard !removed.isEmpty else { return [] }
    items = kept.isEmpty ? nil : kept
    return removed
  }

  /// Replaces the value of every item whose decoded name is in `names` with `replacement`;
  /// returns whether any was.
  @discardableResult
  package mutating func redact(_ names: Set<String>, with replacement: String = "REDACTED") -> Bool {
    guard let all = items, !names.isEmpty else { return false }
    var changed = false
    items = all.map { raw in
      guard let item = Self.decode(raw), names.contains(item.name) else { return raw }
      changed = true
      return Self.encode(QueryItem(name: item.name, value: replacement))
    }
    return changed
  }

  /// `url` with `items` added to its query, before any fragment.
  package static func appending(_ items: [QueryItem], to url: String) -> String {
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
