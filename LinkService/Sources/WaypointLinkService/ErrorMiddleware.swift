import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import WaypointLinkSite

/// Turns what a route throws into the service's answer, in one place: a ``LinkServiceError``
/// or a links file's ``LinkSiteError`` (a link refused) into `{"error": "…"}` with its status; a
/// body past the route's limit into 413; a request no route takes into the plain 404 a missing
/// code gets; anything else into a 500 that says nothing of the server, logged.
struct ErrorMiddleware: RouterMiddleware {
  typealias Context = LinkRequestContext
  let logger: Logger

  func handle(
    _ request: Request, context: LinkRequestContext,
    next: (Request, LinkRequestContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as LinkServiceError {
      return Self.answer(error)
    } catch let error as LinkSiteError {
      return Self.answer(LinkServiceError(.badRequest, error.message))
    } catch is NIOTooManyBytesError {
      return Self.answer(LinkServiceError(.contentTooLarge, "the body is \(context.maxUploadSize / 1_024) KiB at most"))
    } catch let error as HTTPError where error.status == .notFound {
      return LinkService.notFound
    } catch let error as HTTPError {
      return Self.answer(LinkServiceError(error.status, error.body ?? error.status.reasonPhrase))
    } catch let error as any HTTPResponseError {
      return Self.answer(LinkServiceError(error.status, error.status.reasonPhrase))
    } catch {
      logger.error("a request failed", metadata: ["error": "\(error)", "path": "\(printable(request.uri.path))"])
      return Self.answer(LinkServiceError(.internalServerError, "the service failed; try again"))
    }
  }

  /// `{"error": "…"}` with the refusal's status and headers, never cached.
  static func answer(_ error: LinkServiceError) -> Response {
    (try? ServiceJSON.response(["error": error.message], status: error.status, headers: error.headers))
      ?? Response(status: error.status, headers: error.headers)
  }
}
