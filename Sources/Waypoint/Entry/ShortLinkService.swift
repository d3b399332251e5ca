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
  let get: Get

  /// The service at `origin`, asked through `get`.
  ///
  /// - Parameters:
  ///   - origin: The service's origin, the site's (`https://go.example`).
  ///   - get: Fetches a URL and gives its status and body; throws when the service cannot be
  ///     reached.
  public init(origin: String, get: @escaping Get) {
    self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    self.get = get
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
    let clock = ContinuousClock()
    let start = clock.now
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
      guard start.duration(to: clock.now) + retryInterval < offlineLimit, !Task.isCancelled else {
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
  private static var platform: String? {
    #if os(iOS) || os(visionOS) || os(tvOS) || os(watchOS)
    "ios"
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
