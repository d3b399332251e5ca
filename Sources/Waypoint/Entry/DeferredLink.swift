#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
