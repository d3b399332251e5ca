import Foundation
import Hummingbird

/// The service's JSON answers: sorted keys, unescaped slashes, `Cache-Control: no-store`.
struct ServiceJSON: ResponseEncoder {
  func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Response(
      status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
  }
}
