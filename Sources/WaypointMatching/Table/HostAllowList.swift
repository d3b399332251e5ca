/// The hosts `http` and `https` links must come from to reach routes that name no host of their own.
///
/// Entries are exact hosts (`www.example.com`) or a wildcard for every subdomain
/// (`*.example.com`, which does not take `example.com` itself), as in an app's associated
/// domains. Hosts compare case-insensitively. An empty list allows every host.
///
/// A link from any other host, or with none, reaches only routes whose pattern names its host:
/// for the others it is unknown, as if they did not exist. Links of other schemes (`myapp://`)
/// are not affected.
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.hosts = ["www.example.com", "*.example.org"]
/// builder.add("/product/:id", payload: "Product")
/// let table = try builder.build()
/// try table.match("https://www.example.com/product/1")   // Product
/// try table.match("https://shop.example.org/product/1")  // Product
/// try table.match("https://evil.example.net/product/1")  // nil
/// try table.match("myapp://product/1")                   // Product: not http(s)
/// ```
public struct HostAllowList: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// The entries as given.
  public let entries: [String]
  /// The exact hosts, lowered.
  private let exact: Set<String>
  /// The wildcards' domains with their leading dot (`.example.com` for `*.example.com`), lowered.
  private let suffixes: [String]

  /// A list of `entries`; `problems` says which are not hosts.
  public init(_ entries: [String]) {
    self.entries = entries
    var exact = Set<String>()
    var suffixes: [String] = []
    for entry in entries {
      let lowered = String(Substring(entry).asciiLowercased())
      if lowered.hasPrefix("*.") { suffixes.append(String(lowered.dropFirst())) } else { exact.insert(lowered) }
    }
    self.exact = exact
    self.suffixes = suffixes
  }

  /// A list written as an array literal.
  public init(arrayLiteral entries: String...) {
    self.init(entries)
  }

  /// Whether the list is empty, so every host is allowed.
  package var isEmpty: Bool { entries.isEmpty }

  /// Whether `host` is on the list (or the list is empty).
  ///
  /// The map page's twin: `allows` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  public func allows(_ host: some StringProtocol) -> Bool {
    if entries.isEmpty { return true }
    let lowered = String(Substring(host).asciiLowercased())
    if exact.contains(lowered) { return true }
    return suffixes.contains { lowered.utf8.count > $0.utf8.count && lowered.hasSuffix($0) }
  }

  /// Whether `url` is an `http` or `https` link whose host is not on the list, so only routes
  /// that name their host may take it.
  ///
  /// The map page's twin: `refusesHost` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  func refuses(_ url: ParsedURL) -> Bool {
    guard !entries.isEmpty, let scheme = url.scheme else { return false }
    guard MatchingOptions.isWeb(scheme) else { return false }
    if let host = url.host { return !allows(host) }
    guard url.firstSegmentIsHost, url.segmentCount > 0 else { return true }
    return !allows(URLParser.hostPart(of: url.segment(at: 0)))
  }

  /// Why each entry that is not a host is refused, naming it.
  ///
  /// A host is dot-separated labels of ASCII letters, digits and `-` (not first or last), each
  /// at most 63 bytes and 253 in all; a wildcard is `*.` and such a host of two labels or more.
  package var problems: [String] {
    var problems: [String] = []
    var seen = Set<String>()
    for entry in entries {
      let lowered = String(Substring(entry).asciiLowercased())
      let isWildcard = lowered.hasPrefix("*.")
      let host = isWildcard ? Substring(lowered.dropFirst(2)) : Substring(lowered)
      if let reason = Self.reason(host, isWildcard: isWildcard) {
        problems.append("the host '\(entry)' \(reason)")
      } else if !seen.insert(lowered).inserted {
        problems.append("the host '\(entry)' is listed twice")
      }
    }
    return problems
  }

  /// `entries`, comma-separated.
  public var description: String { entries.joined(separator: ", ") }

  /// Why `host` is not a host name, or `nil`.
  private static func reason(_ host: Substring, isWildcard: Bool) -> String? {
    if host.isEmpty { return "is empty" }
    if host.utf8.count > 253 { return "is longer than 253 bytes" }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if isWildcard, labels.count < 2 { return "covers a whole top-level domain; name a domain such as *.example.com" }
    for label in labels {
      if label.isEmpty { return "has an empty label" }
      if label.utf8.count > 63 { return "has a label longer than 63 bytes" }
      let allowed = label.utf8.allSatisfy { byte in
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
      }
      if !allowed {
        return "has a character a host may not have (letters, digits, '-' and '.' only; '*.' only at the start)"
      }
      if label.utf8.first == 0x2D || label.utf8.last == 0x2D { return "has a label that starts or ends with '-'" }
    }
    return nil
  }

  /// The lists of `lists` as one, each entry once.
  package static func union(_ lists: [HostAllowList]) -> HostAllowList {
    var seen = Set<String>()
    return HostAllowList(lists.flatMap(\.entries).filter { seen.insert($0.lowercased()).inserted })
  }
}
