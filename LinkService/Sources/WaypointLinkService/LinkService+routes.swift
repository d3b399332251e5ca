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
  func routes() -> Hummingbird.Router<BasicRequestContext> {
    let router = Hummingbird.Router(context: BasicRequestContext.self)
    router.add(middleware: MetricsMiddleware())
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
      var response = open(context.parameters.get("code") ?? "", userAgent: request.headers[.userAgent])
      // The answer depends on the agent: a shared cache must not give a previewer's page to a person.
      if let vary = HTTPField.Name("Vary") { response.headers[vary] = "User-Agent" }
      return response
    }
    router.get("/{code}/qr.svg") { _, context in
      guard let entry = table.entry(context.parameters.get("code") ?? ""), let code = try? QRCode(entry.shortLink)
      else { return Self.notFound }
      return Self.text(code.svg, type: "image/svg+xml", cache: "public, max-age=86400")
    }
    router.post("/v1/deferred/redeem") { request, _ in try await redeem(request) }
    router.get("/v1/resolve/{code}") { request, context in
      resolve(context.parameters.get("code") ?? "", request: request)
    }
    router.get("/v1/feed") { _, _ in feedResponse() }
    router.post("/v1/opens") { request, _ in try await reportOpens(request) }
    addAdminRoutes(to: router)
    return router
  }

  /// The answer to a short link: a previewer or robot gets the preview page; a person on iOS
  /// the page with a deferred token on its Continue button; on Android, Google Play with the
  /// token as the install referrer; on a desktop, the route's web page when the site has one.
  func open(_ code: String, userAgent: String?) -> Response {
    guard let entry = table.entry(code) else { return Self.notFound }
    let visitor = Visitor(userAgent: userAgent)
    clicks.record(
      ClickKey(
        day: utcDay(configuration.now()), code: entry.link.code, route: entry.landing.route,
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
      if let web = configuration.site.webOrigin, let redirect = redirect(to: webPage(of: entry, on: web)) {
        return redirect
      }
    case .ios: break
    }
    return page(entry, copied: issue(entry) ?? entry.appLink, cache: "no-store")
  }

  /// The route's page on the web origin `web` (no final slash): the app link's path and query
  /// there.
  func webPage(of entry: LinkSite.Entry, on web: String) -> String {
    web + entry.appLink.dropFirst(configuration.site.origin.count)
  }

  /// A 302 to `location` when it is printable ASCII and starts with an origin of the allow-list
  /// and a slash (Google Play, the site's web origin); `nil` otherwise, and the caller shows the
  /// page.
  func redirect(to location: String) -> Response? {
    guard location.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      allowedOrigins.contains(where: { location.hasPrefix($0) })
    else {
      logger.error("redirect refused", metadata: ["location": "\(printable(String(location.prefix(200))))"])
      return nil
    }
    var response = Response.redirect(to: location, type: .found)
    response.headers[.cacheControl] = "no-store"
    return response
  }

  /// A new token for `entry`, counted; `nil` when signing fails.
  func issue(_ entry: LinkSite.Entry) -> String? {
    guard let token = try? tokens.issue(code: entry.link.code) else { return nil }
    tokenEvents.issued.increment()
    return token
  }

  /// The preview page of `entry`, its Continue button copying `copied`.
  func page(_ entry: LinkSite.Entry, copied: String, cache: String) -> Response {
    Self.text(
      LinkSite.page(for: entry, in: configuration.site, copied: copied).html, type: "text/html; charset=utf-8",
      cache: cache)
  }

  /// `POST /v1/deferred/redeem` with `{"token": "…"}`: the link's route, target and values, once.
  func redeem(_ request: Request) async throws -> Response {
    struct Body: Decodable { var token: String }
    guard let buffer = try? await request.body.collect(upTo: 4_096),
      let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
    else { return Self.json(["error": "the body is {\"token\": \"…\"}, 4 KiB at most"], status: .badRequest) }
    let refused = { (refusal: DeferredTokens.Refusal, status: HTTPResponse.Status) -> Response in
      switch refusal {
      case .expired: tokenEvents.expired.increment()
      case .replayed: tokenEvents.replayed.increment()
      default: tokenEvents.refused.increment()
      }
      return Self.json(["error": refusal.text], status: status)
    }
    let checked: DeferredTokens.Checked
    switch tokens.check(body.token) {
    case .success(let valid): checked = valid
    case .failure(let refusal): return refused(refusal, refusal == .expired ? .gone : .badRequest)
    }
    guard let entry = table.entry(checked.code) else { return refused(.unknownLink, .notFound) }
    let now = Int64(configuration.now().timeIntervalSince1970)
    guard
      try await store.redeem(
        nonce: checked.nonce, expires: Int64(checked.expires.timeIntervalSince1970) + 60, now: now)
    else { return refused(.replayed, .conflict) }
    tokenEvents.redeemed.increment()
    return Self.json(Redeemed(entry))
  }

  /// What a redeemed token answers.
  struct Redeemed: Encodable {
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
    var headers: HTTPFields = [.contentType: type, .cacheControl: cache]
    // A browser takes the file as its type says, never as it guesses.
    if let noSniff = HTTPField.Name("X-Content-Type-Options") { headers[noSniff] = "nosniff" }
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Response(
      status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// `waypoint_links_tokens{event=…}`: tokens issued, redeemed, expired, replayed and refused.
///
/// Made with the service, so a process bootstraps its metrics system before it makes one.
struct TokenEvents: Sendable {
  let issued = Counter(label: "waypoint_links_tokens", dimensions: [("event", "issued")])
  let redeemed = Counter(label: "waypoint_links_tokens", dimensions: [("event", "redeemed")])
  let expired = Counter(label: "waypoint_links_tokens", dimensions: [("event", "expired")])
  let replayed = Counter(label: "waypoint_links_tokens", dimensions: [("event", "replayed")])
  let refused = Counter(label: "waypoint_links_tokens", dimensions: [("event", "refused")])
}
