import Foundation
import Hummingbird
import WaypointLinkSite

extension LinkService {
  /// `GET /v1/resolve/{code}`: what the app asks for a code its own table lacks (one made after
  /// it was built).
  ///
  /// 200 with the link, its route, values and revision, counted as an open in the app (source
  /// `resolve`, on the platform the `platform` query item names: `ios` or `android`); 410 for a
  /// code that was removed; 404 for one that never was. Never cached: a code made a moment later
  /// must resolve.
  func resolve(_ code: String, request: Request) throws -> Redeemed {
    guard let entry = table.entry(code) else {
      guard AppIdentifiers.isLinkCode(code), table.knows(code) else { throw LinkServiceError.noLink }
      throw LinkServiceError(.gone, "the link '\(code)' was removed")
    }
    let named = request.uri.queryParameters.get("platform").flatMap(Visitor.Platform.init(rawValue:))
    let platform = named ?? Visitor(userAgent: request.headers[.userAgent]).platform
    clicks.record(
      ClickKey(
        day: ClickKey.day(of: configuration.now()), code: entry.link.code, route: entry.landing.route,
        platform: platform.rawValue, kind: Visitor.Kind.app.rawValue))
    return Redeemed(entry)
  }
}
