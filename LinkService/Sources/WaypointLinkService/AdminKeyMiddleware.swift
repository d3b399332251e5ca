import HTTPTypes
import Hummingbird

/// The admin API's door, on the `/v1` group of admin routes: a request without the admin key
/// (`Authorization: Bearer <key>`) is refused with 401; a write past the writes' rate limit with
/// 429.
///
/// Wrong keys spend a limit of their own, so a stranger's guesses never use up the admin's
/// writes. Each limit is a server's own: N servers allow N times the rate.
struct AdminKeyMiddleware: RouterMiddleware {
  typealias Context = LinkRequestContext
  /// `Bearer <admin key>`.
  let expected: String
  /// The writes' limit.
  let writes: RateLimiter
  /// The limit of requests with a wrong key.
  let refusedKeys: RateLimiter

  /// The door for `adminKey`, with `writes` and `refusedKeys` as its limits.
  init(adminKey: String, writes: RateLimiter, refusedKeys: RateLimiter) {
    expected = "Bearer " + adminKey
    self.writes = writes
    self.refusedKeys = refusedKeys
  }

  func handle(
    _ request: Request, context: LinkRequestContext,
    next: (Request, LinkRequestContext) async throws -> Response
  ) async throws -> Response {
    guard Self.constantTimeEqual(request.headers[.authorization] ?? "", expected) else {
      guard refusedKeys.take() else { throw LinkServiceError.tooMany }
      throw LinkServiceError(
        .unauthorized, "the admin API needs 'Authorization: Bearer <key>'", headers: [.wwwAuthenticate: "Bearer"])
    }
    if request.method != .get, request.method != .head, !writes.take() { throw LinkServiceError.tooMany }
    return try await next(request, context)
  }

  /// Whether `given` and `expected` are equal, in a time that does not depend on where they
  /// differ.
  static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
    let left = Array(given.utf8)
    let right = Array(expected.utf8)
    var difference = UInt8(left.count == right.count ? 0 : 1)
    for index in 0..<right.count {
      difference |= (index < left.count ? left[index] : 0) ^ right[index]
    }
    return difference == 0
  }
}
