public import Logging
public import Waypoint

/// Logs every request that reaches it, with its route, origin, outcome and duration, on swift-log.
///
/// In the `WaypointLogging` product, so that only apps that log depend on swift-log.
///
/// ```swift
/// builder.use(LoggingMiddleware(logger: Logger(label: "app.links")))
/// ```
public struct LoggingMiddleware: RouteMiddleware {
  /// Where the lines go.
  public let logger: Logger
  /// The level of a successful open; failures log at `error`.
  public let level: Logger.Level
  /// The query items whose values are never logged (`sig` and `token` unless set).
  public let redaction: LinkRedaction

  /// Logs to `logger` at `level`, redacting `redaction`'s query items.
  ///
  /// - Parameters:
  ///   - logger: Where the lines go.
  ///   - level: The level of a successful open; `info` by default. Failures log at `error`.
  ///   - redaction: The query items whose values are never logged; `sig` and `token` by default.
  public init(logger: Logger, level: Logger.Level = .info, redaction: LinkRedaction = .standard) {
    self.logger = logger
    self.level = level
    self.redaction = redaction
  }

  /// Logs the request, then its outcome.
  ///
  /// - Parameters:
  ///   - request: The request; its URL is logged redacted, with its origin and route.
  ///   - next: The rest of the chain; what it returns or throws is logged with the time it took.
  /// - Returns: What `next` returns.
  /// - Throws: What `next` throws, once it is logged.
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    let instant = WaypointClock.live.instant
    let start = instant()
    let metadata: Logger.Metadata = [
      "url": "\(redaction.apply(to: request.url.string))", "origin": "\(request.origin)",
      "route": "\(request.route?.description ?? "fallback")",
    ]
    do {
      let result = try await next(request)
      var done = metadata
      done["duration"] = "\(instant() - start)"
      if let redirect = result.redirect { done["redirect"] = "\(redaction.apply(to: redirect))" }
      logger.log(level: level, "opened link", metadata: done)
      return result
    } catch {
      var failed = metadata
      failed["error"] = "\((error as? RoutingError).map { "\(redaction.apply(to: $0))" } ?? "\(error)")"
      failed["duration"] = "\(instant() - start)"
      logger.error("link failed", metadata: failed)
      throw error
    }
  }
}
