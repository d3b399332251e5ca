#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A deferred link from the app's link service (`waypoint-links serve`): a one-shot token the
/// service handed out before install, traded once for the link it opens.
///
/// The service's preview page puts the token on the pasteboard when the user taps Continue;
/// Google Play hands it to an Android app as the install referrer. A token is the service's
/// short link, signed with its purpose
/// (`https://notes.example.com/welcome?use=deferred&kid=…&exp=…&nonce=…&sig=…`): nothing of the
/// device is in it, and nothing is matched to the device. `token` reads it; a text that is not a
/// token of `service` is never sent anywhere.
///
/// ```swift
/// let source = DeferredTokenSource(service: "https://notes.example.com") {
///   await PasteboardToken.read(service: "https://notes.example.com")   // WaypointUIKit
/// } post: { url, body in
///   var request = URLRequest(url: URL(string: url)!)
///   request.httpMethod = "POST"
///   request.httpBody = body
///   request.setValue("application/json", forHTTPHeaderField: "Content-Type")
///   let (data, response) = try await URLSession.shared.data(for: request)
///   return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
/// }
/// await inbox.receiveDeferredLink(from: source, ledger: launches)
/// ```
///
/// What the inbox reports: a redeemed token opens its link with the ``Origin/deferred(source:)``
/// origin; a token redeemed before, expired, or refused is dropped with the reason (`expired: …`
/// for an expired one) and not asked for again; a service that cannot answer (no network, a
/// server error) is dropped as a failure and asked again on the next launch. With the service's
/// count of tokens issued, those events give the app's deferred success rate.
public struct DeferredTokenSource: DeferredLinkSource {
  /// The source's name in events and the ledger.
  ///
  /// Default `"linkService"`.
  public let name: String
  /// The link service's origin, `https://host[:port]`; a token is a link on it.
  public let service: String
  private let token: @Sendable () async throws -> String?
  private let post: @Sendable (_ url: String, _ body: Data) async throws -> (status: Int, body: Data)

  /// A source that reads a token with `token` and redeems it at `service` with `post`.
  ///
  /// - Parameters:
  ///   - name: The source's name in events and the ledger.
  ///   - service: The link service's origin (`https://notes.example.com`).
  ///   - token: Reads the token (from the pasteboard, the install referrer); `nil` when there is
  ///     none.
  ///   - post: Sends `body` (JSON) to `url` with POST and returns the status and body of the
  ///     answer: `URLSession` in an app.
  public init(
    name: String = "linkService", service: String, token: @escaping @Sendable () async throws -> String?,
    post: @escaping @Sendable (_ url: String, _ body: Data) async throws -> (status: Int, body: Data)
  ) {
    self.name = name
    self.service = service.hasSuffix("/") ? String(service.dropLast()) : service
    self.token = token
    self.post = post
  }

  /// Whether `text` is a token of this source's service: its signed short link.
  public func isToken(_ text: String) -> Bool {
    let prefix = service + "/"
    guard text.utf8.count <= 1_024, text.hasPrefix(prefix) else { return false }
    let rest = text.utf8.dropFirst(prefix.utf8.count)
    return rest.contains(UInt8(ascii: "?")) && text.contains("&sig=")
  }

  /// The link the service trades the token for, or `nil` when there is no token.
  ///
  /// - Throws: ``DeferredLinkRefusal`` when the service refuses the token (redeemed before,
  ///   expired, tampered with, its link gone); any other error when the service cannot answer.
  public func deferredLink() async throws -> DeferredLink? {
    guard let text = try await token() else { return nil }
    var read = Substring(text)
    while read.first?.isWhitespace == true { read = read.dropFirst() }
    while read.last?.isWhitespace == true { read = read.dropLast() }
    let found = String(read)
    guard isToken(found) else { return nil }
    let body = try JSONEncoder().encode(["token": found])
    let (status, answer) = try await post(service + "/v1/deferred/redeem", body)
    // The service's answer: the link (`url`, beside its route, target and values) or `error`.
    // A body that is not the service's JSON (a proxy's page) is no refusal of the token.
    let message = try? JSONDecoder().decode(Answer.self, from: answer)
    switch (status, message) {
    case (200, let message?):
      guard let url = message.url else {
        throw RoutingError(.rejected, "the link service's answer names no url", url: service)
      }
      return DeferredLink(url)
    case (409, _?): throw DeferredLinkRefusal("the token was redeemed before")
    case (410, _?): throw DeferredLinkRefusal("expired: the token's time is up")
    case (400, let message?), (404, let message?):
      throw DeferredLinkRefusal("the link service refused the token: \(Self.said(message.error))")
    default:
      throw RoutingError(
        .rejected, "the link service answered \(status): \(Self.said(message?.error))", url: service)
    }
  }

  /// What the service answers a redeem with.
  private struct Answer: Decodable {
    var url: String?
    var error: String?
  }

  /// What the service said, short and on one line.
  private static func said(_ text: String?) -> String {
    String((text ?? "no reason").prefix(200).map { $0.isNewline ? " " : $0 })
  }
}
