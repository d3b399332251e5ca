import Foundation
import Hummingbird
import Waypoint
import WaypointLinkSite

extension LinkService {
  /// `POST /v1/opens` with `{"opens": [{"id", "code", "revision", "source", "platform", "hour"}]}`:
  /// opens of short links apps resolved from their own tables, each counted once by its id.
  ///
  /// 500 opens and 256 KiB at most. An open that is not one (a bad id, code, revision, source or
  /// platform) is skipped and named in the answer, the others counted, so one bad open never
  /// costs the batch; an hour more than three days back or an hour ahead (a device's clock) is
  /// taken as the service's own; an open of a code the service never had is not counted. The
  /// answer says how many were new: a batch sent again counts nothing.
  func reportOpens(_ request: Request, context: LinkRequestContext) async throws -> OpensReceived {
    let body = try await request.decode(as: OpensBody.self, context: context)
    guard body.opens.count <= 500 else {
      throw LinkServiceError(.badRequest, "a batch is 500 opens at most, not \(body.opens.count)")
    }
    let hour = ShortLinkOpen.hour(of: configuration.now())
    var taken: [ShortLinkOpen] = []
    var skipped: [OpensReceived.Skipped] = []
    for (index, open) in body.opens.enumerated() {
      if let problem = open.problem {
        skipped.append(OpensReceived.Skipped(index: index, why: problem))
        continue
      }
      var open = open
      if !(hour - 72...hour + 1).contains(open.hour) { open.hour = hour }
      if table.knows(open.code) { taken.append(open) }
    }
    let counted = try await store.add(taken)
    return OpensReceived(received: body.opens.count, counted: counted, skipped: skipped)
  }

  /// The body of `POST /v1/opens`.
  struct OpensBody: Decodable {
    var opens: [ShortLinkOpen]
  }

  /// What `POST /v1/opens` answers: how many opens came, how many were new, and which were
  /// skipped, with why.
  struct OpensReceived: ResponseEncodable {
    var received: Int
    var counted: Int
    var skipped: [Skipped]

    /// An open that is not one.
    struct Skipped: Encodable {
      var index: Int
      var why: String
    }
  }

  /// What `GET /v1/clicks` answers: what the web saw (`clicks`: people, previewers, bots) and what
  /// the apps opened (`opens`: from their tables, by the door the link came in; and through
  /// `/v1/resolve`, with source `resolve`), apart.
  func counts(code: String?) async throws -> Counts {
    let clicks = try await store.clicks(code: code)
    var opens = try await store.opens(code: code)
    for click in clicks where click.kind == Visitor.Kind.app.rawValue {
      opens.append(
        OpenCount(
          day: click.day, code: click.code, revision: nil, source: "resolve", platform: click.platform,
          count: click.count))
    }
    return Counts(
      clicks: clicks.filter { $0.kind != Visitor.Kind.app.rawValue }, opens: opens.sorted(by: OpenCount.order))
  }

  /// What `GET /v1/clicks` answers.
  struct Counts: ResponseEncodable {
    /// What the web saw.
    var clicks: [ClickCount]
    /// What the apps opened.
    var opens: [OpenCount]
  }

  /// `GET /v1/feed`: the signed change feed (``ChangeFeed``), open to all; apps check it with
  /// the key they ship.
  func feedResponse() throws -> Response {
    let body = try feed.signed()
    return Response(
      status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=60"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
