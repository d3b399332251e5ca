import HTTPTypes
import Hummingbird

/// What a route of the service throws to refuse a request: a status and a sentence, answered as
/// `{"error": "…"}` (the OpenAPI document's `Error`) by ``ErrorMiddleware``.
struct LinkServiceError: Error, Sendable {
  /// The answer's status.
  var status: HTTPResponse.Status
  /// What is wrong, for the caller.
  var message: String
  /// Headers the answer carries (`Retry-After`, `WWW-Authenticate`).
  var headers: HTTPFields = [:]

  /// A refusal with `status` saying `message`.
  init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  /// No link has the code asked for.
  static let noLink = LinkServiceError(.notFound, "no link has this code")

  /// Past a rate limit.
  static let tooMany = LinkServiceError(
    .tooManyRequests, "too many admin requests; try again in a second", headers: [.retryAfter: "1"])
}
