import Foundation
import Waypoint
import WaypointLinkSite
import WaypointSignedLinks

/// What a link service serves and how.
package struct LinkServiceConfiguration: Sendable {
  /// The site, its apps, and the links to serve from the start (written to the store, replacing
  /// links of the same codes).
  package var site: LinkSiteFile
  /// The manifest: every link must open one of its package routes, on the site's host.
  package var manifest: RouteManifest
  /// The key the admin API asks for, as `Authorization: Bearer <key>`.
  package var adminKey: String
  /// The key that signs deferred tokens; `nil` takes the store's (an HMAC-SHA256 secret made by
  /// the first server).
  package var signingKey: SigningKey?
  /// The Ed25519 key that signs the change feed (`GET /v1/feed`); `nil` takes the store's (made
  /// by the first server).
  ///
  /// Apps pin its public half: `GET /v1/feed/key` gives it.
  package var feedKey: SigningKey?
  /// How long a deferred token lasts.
  ///
  /// Default one day.
  package var tokenLifetime: Duration = .seconds(86_400)
  /// How often a server reads links other servers wrote.
  ///
  /// Default half a second.
  package var syncInterval: Duration = .milliseconds(500)
  /// How often counted clicks are written.
  ///
  /// Default one second.
  package var clickInterval: Duration = .seconds(1)
  /// Admin writes allowed per second on average, and at once; requests with a wrong key have a
  /// limit of their own, the same.
  package var adminRate: (perSecond: Double, burst: Double) = (5, 20)
  /// Whether each request is a span of swift-distributed-tracing's tracer (Hummingbird's
  /// `TracingMiddleware`); set it when the process bootstraps a tracer.
  package var traceRequests = false
  /// The clock: every time the service reads (a token's expiry, a click's day, the admin rate
  /// limit, when spent rows are purged) is this one's, so a test moves it rather than waiting.
  package var now: @Sendable () -> Date = WaypointClock.live.now
  /// Where the ids the service makes come from (a batch of clicks'): a new UUID each by default.
  package var newID: @Sendable () -> String = WaypointClock.live.newID

  /// A configuration serving `site`'s links for `manifest`.
  package init(site: LinkSiteFile, manifest: RouteManifest, adminKey: String) {
    self.site = site
    self.manifest = manifest
    self.adminKey = adminKey
  }
}
