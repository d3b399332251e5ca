import Foundation
import Hummingbird
import NIOCore
import Synchronization
import WaypointLinkSite

extension LinkService {
  /// The admin API under `/v1`: links listed, read, made and removed, click counts, all behind
  /// the admin key; its OpenAPI document at `/v1/openapi.json`, open to all.
  func addAdminRoutes(to router: Hummingbird.Router<BasicRequestContext>) {
    router.get("/v1/openapi.json") { _, _ in Self.text(AdminAPIDocument.json, type: "application/json") }
    router.get("/v1/links") { request, _ in
      admitted(request, writes: false) ?? Self.json(["links": table.entries.map(AdminLink.init)])
    }
    router.get("/v1/links/{code}") { request, context in
      if let refusal = admitted(request, writes: false) { return refusal }
      guard let entry = table.entry(context.parameters.get("code") ?? "") else {
        return Self.json(["error": "no link has this code"], status: .notFound)
      }
      return Self.json(AdminLink(entry))
    }
    router.post("/v1/links") { request, _ in
      if let refusal = admitted(request, writes: true) { return refusal }
      return try await makeLink(request)
    }
    router.put("/v1/links/{code}") { request, context in
      if let refusal = admitted(request, writes: true) { return refusal }
      return try await changeLink(context.parameters.get("code") ?? "", request: request)
    }
    router.get("/v1/feed/key") { request, _ in
      admitted(request, writes: false)
        ?? Self.text(feed.publicKey, type: "text/plain; charset=utf-8", cache: "no-store")
    }
    router.delete("/v1/links/{code}") { request, context in
      if let refusal = admitted(request, writes: true) { return refusal }
      guard try await store.remove(code: context.parameters.get("code") ?? "") else {
        return Self.json(["error": "no link has this code"], status: .notFound)
      }
      await sync.sync()
      return Response(status: .noContent)
    }
    router.get("/v1/clicks") { request, _ in
      if let refusal = admitted(request, writes: false) { return refusal }
      await clicks.flush()
      let code = request.uri.queryParameters.get("code").map { String($0) }
      return Self.json(try await counts(code: code))
    }
  }

  /// The refusal of `request`, or `nil` when it may go on.
  ///
  /// It may go on when it carries the admin key and, for a write, is within the writes' rate
  /// limit. Wrong keys spend a limit of their own, so a stranger's guesses never use up the
  /// admin's writes. Each limit is a server's own: N servers allow N times the rate.
  func admitted(_ request: Request, writes: Bool) -> Response? {
    let given = request.headers[.authorization] ?? ""
    guard constantTimeEqual(given, "Bearer " + configuration.adminKey) else {
      guard refusedKeys.take() else { return Self.tooMany }
      var response = Self.json(["error": "the admin API needs 'Authorization: Bearer <key>'"], status: .unauthorized)
      response.headers[.wwwAuthenticate] = "Bearer"
      return response
    }
    if writes, !limiter.take() { return Self.tooMany }
    return nil
  }

  static var tooMany: Response {
    var response = json(["error": "too many admin requests; try again in a second"], status: .tooManyRequests)
    response.headers[.retryAfter] = "1"
    return response
  }

  /// `POST /v1/links`: a link checked as a links file's link is, and against the manifest, at
  /// revision 1, under a code no link ever had.
  func makeLink(_ request: Request) async throws -> Response {
    var link: LinkSiteFile.Link
    switch await checkedLink(in: request) {
    case .refused(let refusal): return refusal
    case .link(let given): link = given
    }
    link.revision = nil
    if case .refused(let refusal) = checked(link) { return refusal }
    guard try await store.add(link) else {
      let removed = try await store.stored(code: link.code)?.body == nil
      return Self.json(
        [
          "error": removed
            ? "the code '\(link.code)' was removed, and a removed code is never issued again"
            : "a link has the code '\(link.code)' (codes ignore case); PUT /v1/links/\(link.code) changes it"
        ], status: .conflict)
    }
    await sync.sync()
    return try Self.json(AdminLink(entry(of: link)), status: .created)
  }

  /// `PUT /v1/links/{code}`: the link of `code` changed.
  ///
  /// Its title, description and image change freely; sending it elsewhere (another route, values or url) needs `?reassign=true` and
  /// raises its revision, so the apps' tables learn of it from the change feed.
  func changeLink(_ code: String, request: Request) async throws -> Response {
    var link: LinkSiteFile.Link
    switch await checkedLink(in: request) {
    case .refused(let refusal): return refusal
    case .link(let given): link = given
    }
    guard link.code.lowercased() == code.lowercased() else {
      return Self.json(["error": "the link's code is '\(link.code)', not the path's '\(code)'"], status: .badRequest)
    }
    guard let stored = try await store.stored(code: code) else {
      return Self.json(["error": "no link has this code"], status: .notFound)
    }
    guard let body = stored.body, let served = try? LinkSiteFile.Link.stored(body) else {
      return Self.json(["error": "the link '\(code)' was removed, for good"], status: .gone)
    }
    if link.goesWhere(served) {
      link.revision = served.revision
    } else {
      guard request.uri.queryParameters.get("reassign") == "true" else {
        return Self.json(
          [
            "error": "this sends '\(served.code)' elsewhere: a printed or shared link would open the new "
              + "destination; ask again with ?reassign=true to do so (its revision becomes \(served.currentRevision + 1))"
          ], status: .conflict)
      }
      link.revision = served.currentRevision + 1
    }
    link.code = served.code
    if case .refused(let refusal) = checked(link) { return refusal }
    guard try await store.replace(body, with: link) else {
      return Self.json(["error": "the link changed meanwhile; read it and ask again"], status: .conflict)
    }
    await sync.sync()
    return try Self.json(AdminLink(entry(of: link)))
  }

  /// A link read from a request, or the refusal.
  enum Checked {
    case link(LinkSiteFile.Link)
    case refused(Response)
  }

  /// The link in `request`'s body, checked as a links file's link is (64 KiB at most).
  func checkedLink(in request: Request) async -> Checked {
    guard let buffer = try? await request.body.collect(upTo: 65_536) else {
      return .refused(Self.json(["error": "a link is 64 KiB at most"], status: .contentTooLarge))
    }
    do {
      let link = try JSONDecoder().decode(LinkSiteFile.Link.self, from: Data(buffer.readableBytesView))
      try LinkSiteFile.check(link, name: "the link")
      return .link(link)
    } catch let error as LinkSiteError {
      return .refused(Self.json(["error": error.message], status: .badRequest))
    } catch {
      return .refused(Self.json(["error": "not a link: \(error)"], status: .badRequest))
    }
  }

  /// `link` when it opens a public route of the manifest on the site's host, or the refusal.
  func checked(_ link: LinkSiteFile.Link) -> Checked {
    switch LinkSite.entry(for: link, in: configuration.site, router: table.router) {
    case .success: return .link(link)
    case .failure(let problem): return .refused(Self.json(["error": problem.message], status: .unprocessableContent))
    }
  }

  /// The entry of a link ``checked(_:)`` let through.
  func entry(of link: LinkSiteFile.Link) throws -> LinkSite.Entry {
    try LinkSite.entry(for: link, in: configuration.site, router: table.router).get()
  }

  /// A link as the admin API shows it.
  struct AdminLink: Encodable {
    var code: String
    var shortLink: String
    var url: String
    var route: String
    var target: String
    var values: [String: String]
    var title: String
    var revision: Int

    init(_ entry: LinkSite.Entry) {
      revision = entry.link.currentRevision
      code = entry.link.code
      shortLink = entry.shortLink
      url = entry.appLink
      route = entry.landing.route
      target = entry.landing.target
      values = entry.landing.values
      title = entry.link.title
    }
  }
}

/// Whether `given` and `expected` are equal, in a time that does not depend on where they differ.
func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
  let left = Array(given.utf8)
  let right = Array(expected.utf8)
  var difference = UInt8(left.count == right.count ? 0 : 1)
  for index in 0..<right.count {
    difference |= (index < left.count ? left[index] : 0) ^ right[index]
  }
  return difference == 0
}

/// A token bucket: `burst` requests at once, then `perSecond` on average.
final class RateLimiter: Sendable {
  private struct State {
    var tokens: Double
    var last: ContinuousClock.Instant
  }

  private let state: Mutex<State>
  let perSecond: Double
  let burst: Double

  init(perSecond: Double, burst: Double) {
    self.perSecond = perSecond
    self.burst = burst
    state = Mutex(State(tokens: burst, last: .now))
  }

  /// Takes one token: `false` when none is left.
  func take() -> Bool {
    state.withLock { state in
      let now = ContinuousClock.now
      let elapsed = state.last.duration(to: now)
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      state.tokens = min(burst, state.tokens + seconds * perSecond)
      state.last = now
      guard state.tokens >= 1 else { return false }
      state.tokens -= 1
      return true
    }
  }
}
