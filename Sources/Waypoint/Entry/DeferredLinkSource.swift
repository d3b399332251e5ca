#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
