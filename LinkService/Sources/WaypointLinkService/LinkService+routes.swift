import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Metrics
import NIOCore
import Waypoint
import WaypointLinkSite
import WaypointMatching

extension LinkService {
  /// Every route the service answers.
  func routes() -> Hummingbird.Router<LinkRequestContext> {
    let router = Hummingbird.Router(context: LinkRequestContext.self)
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ErrorMiddleware(logger: logger))
    // A span per request only when the process has a tracer: with none, the spans go nowhere and
    // cost a twentieth of a redirect.
    if configuration.traceRequests { router.add(middleware: TracingMiddleware()) }
    router.get("/robots.txt") { _, _ in Self.text(LinkSite.robots, type: "text/plain; charset=utf-8") }
    router.get("/.well-known/{file}") { _, context in
      let name = context.parameters.get("file") ?? ""
      guard let file = wellKnown.file(".well-known/" + name) else { return Self.notFound }
      return Self.text(file, type: "application/json")
    }
    router.get("/{code}") { request, context in
      // The first `User-Agent` as it came: `headers[.userAgent]` would join every one into a new
      // string.
      open(context.parameters.get("code") ?? "", userAgent: request.headers.first { $0.name == .userAgent }?.value)
    }
    router.get("/{code}/qr.svg") { _, context in
      guard let entry = table.entry(context.parameters.get("code") ?? ""), let code = try? QRCode(entry.shortLink)
      else { return Self.notFound }
      return Self.text(code.svg, type: "image/svg+xml", cache: "public, max-age=86400")
    }
    // Open to all: what the app and the page ask, and this API's document.
    router.get("/v1/openapi.json") { _, _ in Self.text(AdminAPIDocument.json, type: "application/json") }
    router.get("/v1/resolve/{code}") { request, context in
      try resolve(try context.parameters.require("code"), request: request)
    }
    router.get("/v1/feed") { _, _ in try feedResponse() }
    router.group("v1").add(middleware: UploadLimit(bytes: 4_096))
      .post("deferred/redeem") { request, context in
        try await redeem(try await request.decode(as: RedeemBody.self, context: context).token)
      }
    router.group("v1").add(middleware: UploadLimit(bytes: 262_144))
      .post("opens") { request, context in try await reportOpens(request, context: context) }
    addAdminRoutes(to: router)
    return router
  }

  /// The answer to a short link: a previewer or robot gets the preview page; a person on iOS
  /// the page with a deferred token on its Continue button; on Android, Google Play with the
  /// token as the install referrer; on a desktop, the route's web page when the site has one.
  func open(_ code: String, userAgent: String?) -> Response {
    guard let (entry, webRedirect) = table.opening(code) else { return Self.notFound }
    let visitor = Visitor(userAgent: userAgent)
    clicks.record(
      ClickKey(
        day: ClickKey.day(of: configuration.now()), code: entry.link.code, route: entry.landing.route,
        platform: visitor.platform.rawValue, kind: visitor.kind.rawValue))
    guard visitor.kind == .person else { return page(entry, copied: entry.appLink, cache: "public, max-age=300") }
    switch visitor.platform {
    case .android:
      if let package = configuration.site.android?.package, let token = issue(entry) {
        let referrer = PercentCoding.encode("waypoint_token=" + token, as: .queryItem)
        if let redirect = redirect(to: "https://play.google.com/store/apps/details?id=\(package)&referrer=\(referrer)")
        {
          return redirect
        }
      }
    case .desktop:
      if let webRedirect { return webRedirect }
    case .ios: break
    }
    return page(entry, copied: issue(entry) ?? entry.appLink, cache: "no-store")
  }

  /// A 302 to `location` when it is printable ASCII and starts with an origin of the allow-list
  /// and a slash (Google Play, the site's web origin); `nil` otherwise, and the caller shows the
  /// page.
  func redirect(to location: String) -> Response? {
    Self.redirect(to: location, allowedOrigins: allowedOrigins, logger: logger)
  }

  /// A 302 to `location`, never cached and varying by agent, when it is printable ASCII and
  /// starts with one of `allowedOrigins`; `nil`, logged, otherwise.
  static func redirect(to location: String, allowedOrigins: [String], logger: Logger) -> Response? {
    guard location.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      allowedOrigins.contains(where: { location.hasPrefix($0) })
    else {
      logger.error("redirect refused", metadata: ["location": "\(printable(String(location.prefix(200))))"])
      return nil
    }
    var response = Response.redirect(to: location, type: .found)
    response.headers[.cacheControl] = "no-store"
    response.headers[.vary] = "User-Agent"
    return response
  }

  /// A new token for `entry`, counted; `nil` when signing fails.
  func issue(_ entry: LinkSite.Entry) -> String? {
    guard let token = try? tokens.issue(code: entry.link.code) else { return nil }
    tokenEvents.issued.increment()
    return token
  }

  /// The preview page of `entry`, its Continue button copying `copied`.
  ///
  /// It says it varies by agent, as a redirect does: a shared cache must not give a previewer's
  /// page to a person.
  func page(_ entry: LinkSite.Entry, copied: String, cache: String) -> Response {
    var response = Self.text(
      LinkSite.page(for: entry, in: configuration.site, copied: copied).html, type: "text/html; charset=utf-8",
      cache: cache)
    response.headers[.vary] = "User-Agent"
    return response
  }

  /// The body of `POST /v1/deferred/redeem`.
  struct RedeemBody: Decodable {
    var token: String
  }

  /// `POST /v1/deferred/redeem` with `{"token": "…"}`: the link's route, target and values, once.
  func redeem(_ token: String) async throws -> Redeemed {
    let refused = { (refusal: DeferredTokens.Refusal, status: HTTPResponse.Status) -> LinkServiceError in
      switch refusal {
      case .expired: tokenEvents.expired.increment()
      case .replayed: tokenEvents.replayed.increment()
      default: tokenEvents.refused.increment()
      }
      return LinkServiceError(status, refusal.text)
    }
    let checked: DeferredTokens.Checked
    switch tokens.check(token) {
    case .success(let valid): checked = valid
    case .failure(let refusal): throw refused(refusal, refusal == .expired ? .gone : .badRequest)
    }
    guard let entry = table.entry(checked.code) else { throw refused(.unknownLink, .notFound) }
    let now = Int64(configuration.now().timeIntervalSince1970)
    guard
      try await store.redeem(
        nonce: checked.nonce, expires: Int64(checked.expires.timeIntervalSince1970) + 60, now: now)
    else { throw refused(.replayed, .conflict) }
    tokenEvents.redeemed.increment()
    return Redeemed(entry)
  }

  /// What a redeemed token answers, and `/v1/resolve`.
  struct Redeemed: ResponseEncodable {
    var code: String
    var url: String
    var route: String
    var target: String
    var values: [String: String]
    var revision: Int

    init(_ entry: LinkSite.Entry) {
      revision = entry.link.currentRevision
      code = entry.link.code
      url = entry.appLink
      route = entry.landing.route
      target = entry.landing.target
      values = entry.landing.values
    }
  }

  /// Not cached: a code made a moment later must not stay missing in a cache.
  static var notFound: Response {
    text("Not found\n", type: "text/plain; charset=utf-8", status: .notFound, cache: "no-store")
  }

  static func text(
    _ text: String, type: String, status: HTTPResponse.Status = .ok, cache: String = "public, max-age=300"
  ) -> Response {
    // A browser takes the file as its type says, never as it guesses.
    let headers: HTTPFields = [.contentType: type, .cacheControl: cache, .xContentTypeOptions: "nosniff"]
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
