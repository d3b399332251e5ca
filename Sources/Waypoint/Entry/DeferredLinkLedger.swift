#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
