import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WaypointLinkSite

extension LinkService {
  /// The admin API under `/v1`, behind the admin key (``AdminKeyMiddleware``): links listed,
  /// read, made, changed and removed, the counts, the feed's public key.
  func addAdminRoutes(to router: Hummingbird.Router<LinkRequestContext>) {
    let admin = router.group("v1")
      .add(middleware: AdminKeyMiddleware(adminKey: configuration.adminKey, writes: limiter, refusedKeys: refusedKeys))
      .add(middleware: UploadLimit(bytes: 65_536))
    admin.get("links") { _, _ in LinkList(links: table.entries.map(AdminLink.init)) }
    admin.get("links/{code}") { _, context in
      guard let entry = table.entry(try context.parameters.require("code")) else { throw LinkServiceError.noLink }
      return AdminLink(entry)
    }
    admin.post("links") { request, context in
      EditedResponse(status: .created, response: try await makeLink(try await linkBody(request, context: context)))
    }
    admin.put("links/{code}") { request, context in
      try await changeLink(
        try context.parameters.require("code"), to: try await linkBody(request, context: context),
        reassign: request.uri.queryParameters.get("reassign") == "true")
    }
    admin.delete("links/{code}") { _, context in
      guard try await store.remove(code: try context.parameters.require("code")) else { throw LinkServiceError.noLink }
      await sync.sync()
      return Response(status: .noContent)
    }
    admin.get("clicks") { request, _ in
      await clicks.flush()
      return try await counts(code: request.uri.queryParameters.get("code").map { String($0) })
    }
    admin.get("feed/key") { _, _ in
      Self.text(feed.publicKey, type: "text/plain; charset=utf-8", cache: "no-store")
    }
  }

  /// Every link, as `GET /v1/links` answers.
  struct LinkList: ResponseEncodable {
    var links: [AdminLink]
  }

  /// The link in `request`'s body, checked as a links file's link is.
  ///
  /// - Throws: ``LinkSiteError`` naming what is wrong (a field a link does not have among it),
  ///   which the error middleware answers with 400; 413 past 64 KiB.
  func linkBody(_ request: Request, context: LinkRequestContext) async throws -> LinkSiteFile.Link {
    let link: LinkSiteFile.Link
    do {
      link = try await request.decode(as: LinkSiteFile.Link.self, context: context)
    } catch let error as HTTPError where error.status == .badRequest {
      throw LinkServiceError(.badRequest, "not a link: \(error.body ?? "")")
    }
    try LinkSiteFile.check(link, name: "the link")
    return link
  }

  /// `POST /v1/links`: `link` at revision 1, under a code no link ever had, when it opens a
  /// public route of the manifest on the site's host.
  func makeLink(_ given: LinkSiteFile.Link) async throws -> AdminLink {
    var link = given
    link.revision = nil
    let entry = try checked(link)
    guard try await store.add(link) else {
      let removed = try await store.stored(code: link.code)?.body == nil
      throw LinkServiceError(
        .conflict,
        removed
          ? "the code '\(link.code)' was removed, and a removed code is never issued again"
          : "a link has the code '\(link.code)' (codes ignore case); PUT /v1/links/\(link.code) changes it")
    }
    await sync.sync()
    return AdminLink(entry)
  }

  /// `PUT /v1/links/{code}`: the link of `code` changed.
  ///
  /// Its title, description and image change freely; sending it elsewhere (another route,
  /// values or url) needs `reassign` (`?reassign=true`) and raises its revision, so the apps'
  /// tables learn of it from the change feed.
  func changeLink(_ code: String, to given: LinkSiteFile.Link, reassign: Bool) async throws -> AdminLink {
    var link = given
    guard link.code.lowercased() == code.lowercased() else {
      throw LinkServiceError(.badRequest, "the link's code is '\(link.code)', not the path's '\(code)'")
    }
    guard let stored = try await store.stored(code: code) else { throw LinkServiceError.noLink }
    guard let body = stored.body, let served = try? LinkSiteFile.Link.stored(body) else {
      throw LinkServiceError(.gone, "the link '\(code)' was removed, for good")
    }
    if link.goesWhere(served) {
      link.revision = served.revision
    } else {
      guard reassign else {
        throw LinkServiceError(
          .conflict,
          "this sends '\(served.code)' elsewhere: a printed or shared link would open the new destination; ask "
            + "again with ?reassign=true to do so (its revision becomes \(served.currentRevision + 1))")
      }
      link.revision = served.currentRevision + 1
    }
    link.code = served.code
    let entry = try checked(link)
    guard try await store.replace(body, with: link) else {
      throw LinkServiceError(.conflict, "the link changed meanwhile; read it and ask again")
    }
    await sync.sync()
    return AdminLink(entry)
  }

  /// The entry of `link` when it opens a public route of the manifest on the site's host.
  ///
  /// - Throws: A ``LinkServiceError`` (422) saying why not.
  func checked(_ link: LinkSiteFile.Link) throws -> LinkSite.Entry {
    switch LinkSite.entry(for: link, in: configuration.site, router: table.router) {
    case .success(let entry): return entry
    case .failure(let problem): throw LinkServiceError(.unprocessableContent, problem.message)
    }
  }

  /// A link as the admin API shows it.
  struct AdminLink: ResponseEncodable {
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
