import Foundation
import Hummingbird
import WaypointLinkSite

extension LinkService {
  /// `POST /v1/opens` with `{"opens": [{"id", "code", "revision", "source", "platform", "hour"}]}`:
  /// opens of short links apps resolved from their own tables, each counted once by its id.
  ///
  /// 500 opens and 256 KiB at most; an open of a code the service never had is not counted. The
  /// answer says how many were new: a batch sent again counts nothing.
  func reportOpens(_ request: Request) async throws -> Response {
    struct Body: Decodable { var opens: [AppOpen] }
    guard let buffer = try? await request.body.collect(upTo: 262_144),
      let body = try? JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
    else {
      return Self.json(
        [
          "error":
            "the body is {\"opens\": [{\"id\", \"code\", \"revision\", \"source\", \"platform\", \"hour\"}]}, 256 KiB at most"
        ],
        status: .badRequest)
    }
    guard body.opens.count <= 500 else {
      return Self.json(["error": "a batch is 500 opens at most, not \(body.opens.count)"], status: .badRequest)
    }
    let hour = Int64((configuration.now().timeIntervalSince1970 / 3_600).rounded(.down))
    for (index, open) in body.opens.enumerated() {
      if let problem = Self.problem(with: open, now: hour) {
        return Self.json(["error": "open \(index): \(problem)"], status: .badRequest)
      }
    }
    let known = body.opens.filter { table.knows($0.code) }
    let counted = try await store.add(known)
    return Self.json(["received": body.opens.count, "counted": counted])
  }

  /// What is wrong with `open`, reported in the hour `now`; `nil` when nothing is.
  static func problem(with open: AppOpen, now: Int64) -> String? {
    func isHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
    func isWord(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
    guard (16...64).contains(open.id.utf8.count), open.id.utf8.allSatisfy(isHex) else {
      return "the id is 16 to 64 lowercase hex digits"
    }
    guard AppIdentifiers.isLinkCode(open.code) else { return "the code is no code" }
    guard (1...1_000_000).contains(open.revision) else { return "the revision is 1 to 1000000" }
    guard (1...32).contains(open.source.utf8.count), open.source.utf8.allSatisfy(isWord) else {
      return "the source is 1 to 32 letters, digits, '-', '_' or '.'"
    }
    guard ["ios", "android", "desktop"].contains(open.platform) else {
      return "the platform is ios, android or desktop"
    }
    // Within the three days an app keeps an open, and an hour of clock skew.
    guard (now - 73...now + 1).contains(open.hour) else { return "the hour is not within the last three days" }
    return nil
  }

  /// What `GET /v1/clicks` answers: what the web saw (`clicks`: people, previewers, bots) and what
  /// the apps opened (`opens`: from their tables, by the door the link came in; and through
  /// `/v1/resolve`, with source `resolve`), apart.
  func counts(code: String?) async throws -> [String: [AnyCount]] {
    let clicks = try await store.clicks(code: code)
    var opens = try await store.opens(code: code)
    for click in clicks where click.kind == Visitor.Kind.app.rawValue {
      opens.append(
        OpenCount(
          day: click.day, code: click.code, revision: nil, source: "resolve", platform: click.platform,
          count: click.count))
    }
    return [
      "clicks": clicks.filter { $0.kind != Visitor.Kind.app.rawValue }.map(AnyCount.click),
      "opens": opens.sorted(by: OpenCount.order).map(AnyCount.open),
    ]
  }

  /// A count of either kind, encoded as itself.
  enum AnyCount: Encodable {
    case click(ClickCount)
    case open(OpenCount)

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .click(let count): try count.encode(to: encoder)
      case .open(let count): try count.encode(to: encoder)
      }
    }
  }

  /// `GET /v1/feed`: the signed change feed (``ChangeFeed``), open to all; apps check it with
  /// the key they ship.
  func feedResponse() -> Response {
    guard let body = try? feed.signed() else {
      return Self.json(["error": "the feed cannot be made"], status: .internalServerError)
    }
    return Response(
      status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=60"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
