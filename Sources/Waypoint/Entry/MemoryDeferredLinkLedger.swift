#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
