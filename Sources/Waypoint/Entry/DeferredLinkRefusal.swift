#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A deferred-link source's answer that there is no link to open and never will be: the token
/// was redeemed before, has expired, or was refused.
///
/// ``LinkInbox/receiveDeferredLink(from:ledger:maxAge:)`` drops it with `reason` and keeps the
/// ledger's claim, so the source is not asked again; any other error releases the claim.
public struct DeferredLinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why; `expired: …` for a link whose time is up.
  public let reason: String

  /// A refusal saying `reason`.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}
