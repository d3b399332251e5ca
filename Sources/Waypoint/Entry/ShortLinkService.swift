#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How the app asks the link service for a short link its own table lacks (a code made after the
/// app was built): `GET <origin>/v1/resolve/<code>`, and how long it waits.
///
/// ```swift
/// let service = ShortLinkService(origin: "https://go.example") { url in
///   let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
///   return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
/// }
/// policy.shortLinks = try ShortLinks(json: table, asking: service) { page in … }
/// ```
///
/// The link waits in the inbox while the answer comes, in a task of its own: no other link and no
/// screen waits for it. Past ``softBudget`` a `waited` event says so (a screen may show that
/// something is coming); an attempt unanswered after ``hardLimit`` ends the link (`dropped`,
/// with the reason). An attempt that cannot reach the service (`get` throws: offline), or that the
/// service answers with a 5xx or 429, is tried again every ``retryInterval``, so the link opens
/// when the network returns, until ``offlineLimit`` from the first try; never after it. A 404
/// (no link ever had the code) shows the link's `#web` form through the table's `openOnWeb`; a
/// 410 (the link was removed) opens nothing and says why.
public struct ShortLinkService: Sendable {
  /// Fetches a URL: its status and body.
  ///
  /// It throws when the service cannot be reached, and should end when its task is cancelled
  /// (`URLSession` does).
  public typealias Get = @Sendable (_ url: String) async throws -> (status: Int, body: Data)

  /// The service's origin (`https://go.example`), the site's.
  public var origin: String
  /// How long an answer may take before a `waited` event says the link is coming.
  ///
  /// Default one second.
  public var softBudget = Duration.seconds(1)
  /// How long one attempt may take before the link is dropped.
  ///
  /// Default 10 seconds.
  public var hardLimit = Duration.seconds(10)
  /// How long, from the first attempt, the link waits for a service it cannot reach.
  ///
  /// Default 60 seconds.
  public var offlineLimit = Duration.seconds(60)
  /// How long between attempts that could not reach the service.
  ///
  /// Default 2 seconds.
  public var retryInterval = Duration.seconds(2)
  /// How often opens of the app's own table are reported, in one batch (`POST /v1/opens`).
  ///
  /// Default 30 seconds.
  public var reportInterval = Duration.seconds(30)
  /// How long an open the service could not take is kept for a later batch (the app offline);
  /// older ones are forgotten, and at most 10,000 are kept.
  ///
  /// Default 3 days. Opens are kept in memory: an app that ends sooner loses its unsent ones.
  public var reportKeep = Duration.seconds(3 * 86_400)
  /// The keys a change feed may be signed with (the link service's feed key, shipped in the app:
  /// `ManifestVerifier` in `WaypointSignedLinks`); `nil` reads no feed.
  public var feedKeys: (any ManifestVerifying)?
  let get: Get
  let post: Post?
  let opens = ShortLinkOpens()

  /// Posts a JSON body to a URL: the answer's status.
  ///
  /// It throws when the service cannot be reached.
  public typealias Post = @Sendable (_ url: String, _ body: Data) async throws -> Int

  /// The service at `origin`, asked through `get`.
  ///
  /// - Parameters:
  ///   - origin: The service's origin, the site's (`https://go.example`).
  ///   - feedKeys: The keys the service's change feed may be signed with; `nil` reads no feed.
  ///   - post: Posts the opens of the app's own table; `nil` reports none.
  ///   - get: Fetches a URL and gives its status and body; throws when the service cannot be
  ///     reached.
  public init(
    origin: String, feedKeys: (any ManifestVerifying)? = nil, post: Post? = nil, get: @escaping Get
  ) {
    self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    self.feedKeys = feedKeys
    self.post = post
    self.get = get
  }

  /// How many opens wait to be reported.
  public var unreportedOpens: Int { opens.count }

  /// Keeps an open of `link`, which came in by the door `source` at `date`, and starts a report
  /// when none is under way.
  ///
  /// The link does not wait for it.
  func recordOpen(of link: ShortLink, source: String, at date: Date) {
    guard post != nil else { return }
    let open = ShortLinkOpen(of: link, door: source, platform: Self.platform ?? "desktop", at: date)
    guard opens.add(open) else { return }
    Task { [self] in
      repeat {
        try? await Task.sleep(for: reportInterval)
        await sendOpens()
      } while opens.finishSending()
    }
  }

  /// Reports the opens waiting, now, in batches (an app may call it when it goes to the
  /// background): a batch the service took, or refused as malformed, is forgotten; one it could
  /// not take (unreachable, 429, 5xx) stays for the next.
  ///
  /// - Returns: How many opens the service took.
  @discardableResult
  public func sendOpens() async -> Int {
    guard let post else { return 0 }
    var taken = 0
    while true {
      let batch = opens.batch(keep: reportKeep)
      guard !batch.isEmpty, let body = try? JSONEncoder().encode(["opens": batch]) else { return taken }
      let status: Int
      do {
        status = try await post(origin + "/v1/opens", body)
      } catch {
        return taken
      }
      guard status < 500, status != 429, status != 408 else { return taken }
      opens.remove(Set(batch.map(\.id)))
      if (200..<300).contains(status) { taken += batch.count }
    }
  }

  /// What the service said of a code.
  enum Answer: Sendable, Equatable {
    case found(ShortLink)
    case notFound
    case removed(String)
    case failed(String)
  }

  /// One attempt's end.
  private enum Attempt: Sendable {
    case answered(status: Int, body: Data)
    case unreachable(String)
    case timedOut
  }

  /// Asks for `code` within the budgets, calling `slow` once when the soft budget passes first.
  func ask(_ code: String, slow: @escaping @Sendable () -> Void) async -> Answer {
    let instant = WaypointClock.live.instant
    let start = instant()
    let soft = Task {
      try await Task.sleep(for: softBudget)
      slow()
    }
    defer { soft.cancel() }
    let url = "\(origin)/v1/resolve/\(code)" + (Self.platform.map { "?platform=" + $0 } ?? "")
    while true {
      let why: String
      switch await attempt(url) {
      case .answered(200, let body):
        guard let link = try? JSONDecoder().decode(ShortLink.self, from: body),
          link.code.lowercased() == code.lowercased()
        else { return .failed("the link service's answer for '\(code)' cannot be read") }
        return .found(link)
      case .answered(404, _): return .notFound
      case .answered(410, let body): return .removed(Self.error(in: body) ?? "the link was removed")
      case .answered(let status, _) where status == 429 || status >= 500: why = "the link service answered \(status)"
      case .answered(let status, _): return .failed("the link service answered \(status) for '\(code)'")
      case .timedOut: return .failed("the link service did not answer within \(Self.seconds(hardLimit))")
      case .unreachable(let reason): why = "the link service could not be reached (\(reason))"
      }
      guard start.duration(to: instant()) + retryInterval < offlineLimit, !Task.isCancelled else {
        return .failed("\(why) for \(Self.seconds(offlineLimit))")
      }
      try? await Task.sleep(for: retryInterval)
    }
  }

  /// One `get` of `url`, raced against ``hardLimit``.
  private func attempt(_ url: String) async -> Attempt {
    await withTaskGroup(of: Attempt.self) { group in
      group.addTask { [get] in
        do {
          let (status, body) = try await get(url)
          return .answered(status: status, body: body)
        } catch {
          return .unreachable("\(error)")
        }
      }
      group.addTask { [hardLimit] in
        try? await Task.sleep(for: hardLimit)
        return .timedOut
      }
      let first = await group.next() ?? .timedOut
      group.cancelAll()
      return first
    }
  }

  /// The `error` of a JSON answer.
  private static func error(in body: Data) -> String? {
    (try? JSONDecoder().decode([String: String].self, from: body))?["error"]
  }

  /// The platform the service counts the open on.
  static var platform: String? {
    #if os(iOS) || os(visionOS) || os(tvOS) || os(watchOS)
    "ios"
    #elseif os(Android)
    "android"
    #else
    nil
    #endif
  }

  /// `duration` as `2 s` or `1500 ms`.
  private static func seconds(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000) s" : "\(milliseconds) ms"
  }
}
