#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LinkInbox {
  // MARK: - Deferred links

  /// Asks `source` once for the link that brought the user to install the app, and sends it
  /// through the inbox with the ``Origin/deferred(source:)`` origin.
  ///
  /// The source is asked only the first time `ledger` lets it claim the source's name (once per
  /// install, with a ledger that persists), and once per inbox. A link older than `maxAge`
  /// or past its own expiry is dropped as expired; a source that fails gives a `dropped` event
  /// and releases its claim, so the next launch asks again, unless it throws a
  /// ``DeferredLinkRefusal`` (there is no link and never will be), whose reason the event gives.
  ///
  /// - Parameters:
  ///   - source: Where the link comes from; the ledger claims its ``DeferredLinkSource/name``.
  ///   - ledger: Remembers which sources were asked; with one that outlives the process, a
  ///     source is asked once per install.
  ///   - maxAge: How long after ``DeferredLink/created`` the link is still opened; one day by
  ///     default. A link with no creation date is never too old.
  /// - Returns: The number of the link's events, or `nil` when no link was received.
  @discardableResult
  public func receiveDeferredLink(
    from source: some DeferredLinkSource, ledger: some DeferredLinkLedger, maxAge: Duration = .seconds(86_400)
  ) async -> UInt64? {
    let first = state.withLock { $0.deferredSources.insert(source.name).inserted }
    guard first, ledger.claim(source.name) else { return nil }
    let origin = Origin.deferred(source: source.name)
    let found: DeferredLink?
    do {
      found = try await source.deferredLink()
    } catch let refusal as DeferredLinkRefusal {
      // No link now or later: the claim stays, so the source is not asked again.
      report(
        RouteEvent(
          openID: router.router.hub.nextOpenID(), phase: .dropped, url: "", origin: origin,
          reason: refusal.reason, timestamp: now()))
      return nil
    } catch {
      ledger.release(source.name)
      report(
        RouteEvent(
          openID: router.router.hub.nextOpenID(), phase: .dropped, url: "", origin: origin,
          reason: "the deferred link source '\(source.name)' failed: \(error)", timestamp: now()))
      return nil
    }
    guard let deferred = found else { return nil }
    var withCampaign = origin
    withCampaign.campaign = deferred.campaign
    let moment = now()
    let expired =
      deferred.expires.map { $0 < moment } ?? false
      || deferred.created.map { moment.timeIntervalSince($0) > Self.seconds(maxAge) } ?? false
    guard !expired else {
      let openID = router.router.hub.nextOpenID()
      report(RouteEvent(openID: openID, phase: .received, url: deferred.link, origin: withCampaign, timestamp: moment))
      report(
        RouteEvent(
          openID: openID, phase: .dropped, url: deferred.link, origin: withCampaign,
          reason: "expired: the deferred link is older than \(maxAge)", timestamp: moment))
      return openID
    }
    return receive(deferred.link, origin: withCampaign)
  }
}
