import Foundation
import HTTPTypes
import Hummingbird

/// The service's JSON: sorted keys and unescaped slashes, for its answers (never cached), its
/// feed and the links its store keeps.
struct ServiceJSON: ResponseEncoder {
  /// An encoder writing the service's JSON.
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as an answer with `status` and `headers`, `Cache-Control: no-store`.
  static func response(
    _ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) throws -> Response {
    var headers = headers
    headers[.contentType] = "application/json"
    headers[.cacheControl] = "no-store"
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
  }

  func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
    try Self.response(value)
  }
}
