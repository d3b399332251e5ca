import Synchronization

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The app's own table of its short links (`https://go.example/summit`), so a tap on one opens
/// the link it stands for with no network: at a cold launch and a warm one alike, online or not.
///
/// `waypoint links compile` (or the build plugin, for a `links.json` beside a `routes.json`)
/// writes the table from the links file the link service serves; give it to the inbox's policy:
///
/// ```swift
/// var policy = LinkInbox.Policy()
/// policy.shortLinks = try ShortLinks(json: tableData) { page in
///   Task { @MainActor in UIApplication.shared.open(URL(string: page)!) }
/// }
/// let app = try WaypointApp(routes: routes, tabs: tabs, policy: policy) { … }
/// ```
///
/// The inbox looks a link up before anything else. A short link of the table opens the link it
/// stands for, through the router like any other: its door's origin kept (with the code in
/// ``Origin/details`` under `shortLink`), its campaign items read, the sign-in gates applied. A
/// link on the site's hosts with one segment that is neither a code of the table nor a path one
/// of the app's routes opens (a code made after the app was built) is asked of the link service
/// when the table has one (``ShortLinkService``: the link waits, no screen does), and opens as
/// its answer says. A code no link ever had, or any such link when there is no service to ask,
/// is handed to `openOnWeb` in its `#web` form, the page the site always shows, and dropped with
/// that reason: the site's association file leaves `#web` links to the browser, so it cannot come
/// back to the app.
public struct ShortLinks: Sendable {
  /// The table as `waypoint links compile` writes it.
  package struct File: Codable, Sendable {
    /// The format, ``ShortLinks/format``.
    package var format: Int
    /// The site's origin.
    package var site: String
    /// The hosts whose links are short links: the site's and its alternate host.
    package var hosts: [String]
    /// `sha256:<hex>` of the links file.
    package var digest: String
    /// The links, by code.
    package var links: [ShortLink]

    /// A table of `links` for `site`'s `hosts`, made from a links file of `digest`.
    package init(site: String, hosts: [String], digest: String, links: [ShortLink]) {
      format = ShortLinks.format
      self.site = site
      self.hosts = hosts
      self.digest = digest
      self.links = links
    }
  }

  /// The table format this version reads and writes.
  package static let format = 1
  /// The largest table read: 64 MiB, the links file's own limit.
  static let maxSize = 64 << 20

  /// What the table holds, behind one reference: an inbox's policy carries it with every link.
  private final class Storage: Sendable {
    let site: String
    let hosts: Set<String>
    let digest: String
    let openOnWeb: @Sendable (String) -> Void
    let links: [String: ShortLink]
    let service: ShortLinkService?
    /// What the last change feed read says, by lowercased code.
    let changes = Mutex(Changes())

    init(
      site: String, hosts: Set<String>, digest: String, openOnWeb: @escaping @Sendable (String) -> Void,
      links: [String: ShortLink], service: ShortLinkService?
    ) {
      self.site = site
      self.hosts = hosts
      self.digest = digest
      self.openOnWeb = openOnWeb
      self.links = links
      self.service = service
    }
  }

  /// A change feed's entries over the table, and the feed they came from.
  struct Changes: Sendable {
    var version: Int64 = -1
    var entries: [String: ShortLinkFeed.Entry] = [:]
    var signed: Data?
  }

  private let storage: Storage

  /// The site's origin (`https://go.example`).
  public var site: String { storage.site }
  /// The hosts whose one-segment links the table answers, lowercased.
  public var hosts: Set<String> { storage.hosts }
  /// The links file's digest, `sha256:<hex>`: which file the table was made from.
  public var digest: String { storage.digest }
  /// Where a link on the site the table lacks goes, in its `#web` form.
  var openOnWeb: @Sendable (String) -> Void { storage.openOnWeb }
  /// Whom the inbox asks for a code the table lacks, when anyone.
  public var service: ShortLinkService? { storage.service }

  /// The number of short links.
  public var count: Int { storage.links.count }

  /// The table in `json`, written by `waypoint links compile`.
  ///
  /// - Parameters:
  ///   - json: The table.
  ///   - service: The link service the inbox asks for a code the table lacks; without one, such a
  ///     link goes to `openOnWeb`.
  ///   - openOnWeb: Shows a page in a browser (an in-app one, or Safari): called, on any thread,
  ///     with the `#web` form of a link on the site that is no code (of the table, or of the
  ///     service when it is asked).
  /// - Throws: A `BuildError` (`invalidManifest`) saying what is wrong with the table.
  public init(
    json: Data, asking service: ShortLinkService? = nil, openOnWeb: @escaping @Sendable (String) -> Void
  ) throws(BuildError) {
    func refuse(_ message: String) -> BuildError {
      BuildError(errors: [ManifestError(.invalidManifest, "the short links table " + message)])
    }
    guard json.count <= Self.maxSize else { throw refuse("is \(json.count) bytes, over \(Self.maxSize)") }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: json)
    } catch {
      throw refuse("is not one `waypoint links compile` writes: \(error)")
    }
    guard file.format == Self.format else {
      throw refuse("has format \(file.format); this version reads \(Self.format): compile it again")
    }
    var links: [String: ShortLink] = [:]
    for link in file.links {
      guard Self.isCode(link.code[...]) else { throw refuse("has '\(link.code)', which is no code") }
      guard links.updateValue(link, forKey: link.code.lowercased()) == nil else {
        throw refuse("has the code '\(link.code)' twice (codes ignore case)")
      }
    }
    storage = Storage(
      site: file.site, hosts: Set(file.hosts.map { $0.lowercased() }), digest: file.digest, openOnWeb: openOnWeb,
      links: links, service: service)
  }

  /// What the table says of a link.
  public enum Lookup: Sendable, Hashable {
    /// Not a one-segment link on the site's hosts.
    case notShort
    /// A short link of the table.
    case found(ShortLink)
    /// A one-segment link on the site that the table lacks; its `#web` form.
    case missing(code: String, web: String)
    /// A short link the link service's change feed says was removed: it opens nothing.
    case removed(code: String)
  }

  /// What the table says of `url`: its scheme https (or http), its host one of ``hosts``, no
  /// user part, and its path one segment (with a final slash or not).
  public func lookup(_ url: String) -> Lookup {
    guard let (authority, path, query) = Self.parts(of: url),
      hosts.contains(Self.host(of: authority)), !authority.contains("@")
    else { return .notShort }
    var segment = path.dropFirst()
    if segment.hasSuffix("/") { segment = segment.dropLast() }
    guard !segment.isEmpty, !segment.contains("/") else { return .notShort }
    let key = segment.lowercased()
    let built = storage.links[key]
    if let change = storage.changes.withLock({ $0.entries[key] }),
      change.link == nil || change.revision > built?.revision ?? 0
    {
      return change.link.map(Lookup.found) ?? .removed(code: String(segment))
    }
    if let built { return .found(built) }
    let scheme = url.prefix(while: { $0 != ":" }).lowercased()
    return .missing(code: String(segment), web: "\(scheme)://\(authority)\(path)\(query.map { "?" + $0 } ?? "")#web")
  }

  /// The change feed applied last (the JSON `GET /v1/feed` answers), to keep and ``apply(feed:)``
  /// again at the next launch; `nil` before one was.
  public var feed: Data? { storage.changes.withLock { $0.signed } }

  /// Reads the link service's change feed and applies it (see ``apply(feed:)``): call it at
  /// launch and when the app comes back to the foreground; no link waits for it.
  ///
  /// - Returns: How many codes the feed names: removed, or sent elsewhere.
  /// - Throws: A `ManifestError`: no service (or one with no feed keys), an unreachable or
  ///   failing service (`invalidManifest`), or a feed no trusted key signed (`untrustedManifest`).
  @discardableResult
  public func readFeed() async throws(ManifestError) -> Int {
    guard let service, service.feedKeys != nil else {
      throw ManifestError(.invalidManifest, "the short links table has no link service with feed keys to read from")
    }
    let answer: (status: Int, body: Data)
    do {
      answer = try await service.get(service.origin + "/v1/feed")
    } catch {
      throw ManifestError(.invalidManifest, "the link service's feed could not be read: \(error)")
    }
    guard answer.status == 200 else {
      throw ManifestError(.invalidManifest, "the link service answered \(answer.status) for its feed")
    }
    return try apply(feed: answer.body)
  }

  /// Applies a change feed read before: each entry newer than the table's link (a removed code,
  /// or one at a higher revision) wins over it from now on, for every link that arrives.
  ///
  /// A feed older than the one applied last changes nothing, so a replayed feed cannot bring a
  /// removed code back.
  ///
  /// - Returns: How many codes the feed names (the one applied before, when this one is older).
  /// - Throws: A `ManifestError`: `untrustedManifest` when no key the service's ``ShortLinkService/feedKeys``
  ///   trusts signed exactly these bytes; `invalidManifest` for a feed that cannot be read or is
  ///   another site's.
  @discardableResult
  public func apply(feed signed: Data) throws(ManifestError) -> Int {
    guard let keys = service?.feedKeys else {
      throw ManifestError(.invalidManifest, "the short links table has no link service with feed keys")
    }
    guard signed.count <= Self.maxSize,
      let envelope = try? JSONDecoder().decode(ShortLinkFeed.Signed.self, from: signed),
      let bytes = Data(base64Encoded: envelope.feed)
    else { throw ManifestError(.invalidManifest, "the change feed is not one the link service writes") }
    try keys.verify(manifest: bytes, signature: Data(envelope.signature.utf8))
    let feed: ShortLinkFeed
    do {
      feed = try JSONDecoder().decode(ShortLinkFeed.self, from: bytes)
    } catch {
      throw ManifestError(.invalidManifest, "the change feed cannot be read: \(error)")
    }
    guard feed.format == ShortLinkFeed.currentFormat, feed.site == site else {
      throw ManifestError(
        .invalidManifest,
        "the change feed is format \(feed.format) of \(feed.site); this table reads format "
          + "\(ShortLinkFeed.currentFormat) of \(site)")
    }
    var entries: [String: ShortLinkFeed.Entry] = [:]
    for entry in feed.entries where Self.isCode(entry.code[...]) {
      guard entry.link.map({ $0.code.lowercased() == entry.code.lowercased() }) ?? true else { continue }
      entries[entry.code.lowercased()] = entry
    }
    return storage.changes.withLock { changes -> Int in
      guard feed.version >= changes.version else { return changes.entries.count }
      changes = Changes(version: feed.version, entries: entries, signed: signed)
      return entries.count
    }
  }

  /// The authority, path and query of an http(s) URL; `nil` for any other.
  private static func parts(of url: String) -> (authority: Substring, path: Substring, query: Substring?)? {
    let lowered = url.prefix(8).lowercased()
    let rest: Substring
    if lowered.hasPrefix("https://") {
      rest = url.dropFirst(8)
    } else if lowered.hasPrefix("http://") {
      rest = url.dropFirst(7)
    } else {
      return nil
    }
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let afterAuthority = rest[authority.endIndex...]
    let path = afterAuthority.prefix { $0 != "?" && $0 != "#" }
    var query: Substring?
    if afterAuthority[path.endIndex...].first == "?" {
      query = afterAuthority[path.endIndex...].dropFirst().prefix { $0 != "#" }
    }
    return (authority, path, query)
  }

  /// The lowercased host of `authority` (its port left off).
  private static func host(of authority: Substring) -> String {
    if authority.hasPrefix("[") { return String(authority.prefix { $0 != "]" }).lowercased() + "]" }
    return authority.prefix { $0 != ":" }.lowercased()
  }

  /// Whether `text` is a code: 1 to 64 ASCII letters, digits, `-` and `_`, starting with a
  /// letter or digit.
  package static func isCode(_ text: Substring) -> Bool {
    guard let first = text.utf8.first, text.utf8.count <= 64, isAlphanumeric(first) else { return false }
    return text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}
