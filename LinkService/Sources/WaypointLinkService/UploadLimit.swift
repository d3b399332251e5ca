import Hummingbird
import NIOCore

/// Sets the body limit of the routes it is on; a body past it is refused with 413 naming the
/// limit.
struct UploadLimit: RouterMiddleware {
  typealias Context = LinkRequestContext
  /// The limit, in bytes.
  let bytes: Int

  func handle(
    _ request: Request, context: LinkRequestContext,
    next: (Request, LinkRequestContext) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.uploadLimit = bytes
    do {
      return try await next(request, context)
    } catch is NIOTooManyBytesError {
      throw LinkServiceError(.contentTooLarge, "the body is \(bytes / 1_024) KiB at most")
    }
  }
}
