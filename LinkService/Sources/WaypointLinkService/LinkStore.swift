import Foundation
import Synchronization
import Waypoint
import WaypointLinkSite

/// Where the link service keeps what must outlive a process: the links, the click counts, the
/// deferred tokens already redeemed, and the key that signs tokens.
///
/// Every server of a deployment shares one store, so a link made on one is served by all, a
/// token is redeemed once across them, and their click counts add up. ``SQLiteLinkStore`` is the
/// embedded one.
package protocol LinkStore: Sendable {
  /// Creates the tables when they are missing.
  func prepare() async throws
  /// Writes `link`, a links file's, under its code when the file changed it since it was last
  /// seeded (or the code is new): a link changed through the admin API stays so until the file
  /// changes that link, and a removed one stays removed for good (codes ignore case).
  ///
  /// It writes only over `expected`, the body read before (`nil` when no link had the code), so
  /// a change that came in between (another server's reassignment) is never undone.
  func seed(_ link: LinkSiteFile.Link, over expected: String?) async throws
  /// Writes `link` when no link ever had its code; `false` when one has, or had (a removed code
  /// is never issued again).
  func add(_ link: LinkSiteFile.Link) async throws -> Bool
  /// Writes `new` under its code when the link there is exactly `old` (as the store keeps it);
  /// `false` when another write came first.
  func replace(_ old: String, with new: LinkSiteFile.Link) async throws -> Bool
  /// Removes the link of `code`, leaving its tombstone; `false` when there was none.
  func remove(code: String) async throws -> Bool
  /// What the store holds under `code`: `nil` when no link ever had it.
  func stored(code: String) async throws -> StoredLink?
  /// Counts `opens` reported by apps, each once by its id; the number new.
  func add(_ opens: [ShortLinkOpen]) async throws -> Int
  /// The opens apps reported, by hour, link, revision, source and platform; of one link's code
  /// when given.
  func opens(code: String?) async throws -> [OpenCount]
  /// The changes after `version`, oldest first: each link written or removed since, with the
  /// version it was written at (a removed link comes back as `nil`).
  func changes(after version: Int64) async throws -> [LinkChange]
  /// Adds `clicks` to the counts, once for `batch`: a batch retried after an error that left it
  /// unknown whether it was written is not added twice. `now` is the service's time (seconds
  /// since 1970), which says when the marks of old batches are purged.
  ///
  /// - Throws: ``UnrecordedClicks`` with the clicks certainly not written (retried under a new
  ///   batch); any other error leaves the whole batch to be retried under the same id.
  func add(_ clicks: [ClickKey: Int], batch: String, now: Int64) async throws
  /// The counts, by day, link, route, platform and kind; of one link's code when given.
  func clicks(code: String?) async throws -> [ClickCount]
  /// Marks the token nonce `nonce` redeemed: `true` the first time, `false` after.
  ///
  /// - Parameters:
  ///   - nonce: The token's nonce.
  ///   - expires: When the token expires (Unix seconds); a nonce is kept at least until then.
  ///   - now: The time now (Unix seconds); nonces expired before it may be forgotten.
  /// - Returns: Whether this call redeemed it.
  /// - Throws: When the store fails.
  func redeem(nonce: String, expires: Int64, now: Int64) async throws -> Bool
  /// The value of the setting `name`, written as `value` by whichever server asks first.
  func setting(_ name: String, orSet value: String) async throws -> String
  /// Closes the store.
  func close() async throws
}
