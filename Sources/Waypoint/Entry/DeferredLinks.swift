#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where the link that brought a user to install the app comes from on its first launch.
///
/// A server of the app's own, an attribution SDK, an App Clip's hand-off through a shared
/// container: Waypoint ships no source and no tracking; an app wraps the one it uses.
///
/// ```swift
/// struct AppClipHandOff: DeferredLinkSource {
///   let name = "appClip"
///   func deferredLink() async throws -> DeferredLink? {
///     guard let link = UserDefaults(suiteName: "group.example.notes")?.string(forKey: "clipLink") else { return nil }
///     return DeferredLink(link)
///   }
/// }
/// await inbox.receiveDeferredLink(from: AppClipHandOff(), ledger: launches)
/// ```
public protocol DeferredLinkSource: Sendable {
  /// A name for events and the ledger (`"appClip"`, `"attribution"`).
  var name: String { get }
  /// The deferred link, or `nil` when there is none; throw when the source cannot tell.
  func deferredLink() async throws -> DeferredLink?
}

/// A link that arrived after install, with what the source knows of it.
public struct DeferredLink: Sendable, Hashable {
  /// The link.
  public var link: String
  /// When the user followed it (before installing), when known.
  public var created: Date?
  /// When it stops being worth opening, when the source says.
  public var expires: Date?
  /// The campaign the source attributes it to (`utm_source`, …), read into ``Origin/campaign``.
  public var campaign: [String: String]

  /// Makes a deferred link.
  ///
  /// - Parameters:
  ///   - link: The link, as the user followed it.
  ///   - created: When the user followed it; `nil` when the source does not know, and then
  ///     the link is never too old for ``LinkInbox/receiveDeferredLink(from:ledger:maxAge:)``.
  ///   - expires: When it stops being worth opening; `nil` when it does not expire on its own.
  ///   - campaign: The campaign the source attributes it to; empty by default.
  public init(_ link: String, created: Date? = nil, expires: Date? = nil, campaign: [String: String] = [:]) {
    self.link = link
    self.created = created
    self.expires = expires
    self.campaign = campaign
  }
}

/// Remembers which deferred-link sources were asked, so each is asked once per install: back it
/// with storage that outlives the process (`UserDefaults`, a file).
///
/// ```swift
/// struct Launches: DeferredLinkLedger {
///   func claim(_ source: String) -> Bool {
///     guard !UserDefaults.standard.bool(forKey: "deferred." + source) else { return false }
///     UserDefaults.standard.set(true, forKey: "deferred." + source)
///     return true
///   }
///   func release(_ source: String) { UserDefaults.standard.removeObject(forKey: "deferred." + source) }
/// }
/// ```
public protocol DeferredLinkLedger: Sendable {
  /// Claims `source`: `true` the first time, `false` once claimed.
  func claim(_ source: String) -> Bool
  /// Gives the claim back (the source failed), so it is asked again.
  func release(_ source: String)
}

/// A ledger in memory: each source is asked once per process (tests, previews).
public final class MemoryDeferredLinkLedger: DeferredLinkLedger {
  private let claimed = Locked(Set<String>())

  /// An empty ledger.
  public init() {}

  /// Claims `source` once.
  public func claim(_ source: String) -> Bool {
    claimed.withLock { $0.insert(source).inserted }
  }

  /// Gives the claim back.
  public func release(_ source: String) {
    _ = claimed.withLock { $0.remove(source) }
  }
}
