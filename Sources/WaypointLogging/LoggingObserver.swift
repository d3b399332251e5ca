public import Logging
public import Waypoint

/// Logs every event of every link on swift-log.
///
/// Received (with its origin), waited, dropped, redirected, opened, unmatched, refused (with the
/// check) and failed, each with the link's number and the route it matched. Events arrive
/// redacted (see `LinkRedaction`).
///
/// Where ``LoggingMiddleware`` sees the requests that reach a route, the observer sees each link
/// from the door it came through, including those that never reach the router.
///
/// ```swift
/// builder.observe(LoggingObserver(logger: Logger(label: "app.links")))
/// ```
public struct LoggingObserver: RouteObserver {
  /// Where the lines go.
  public let logger: Logger
  /// The level of the events of a link's way (received, waited, redirected, opened);
  /// drops and failures log at `warning` and `error`.
  public let level: Logger.Level

  /// Logs to `logger`, the way of each link at `level`.
  ///
  /// - Parameters:
  ///   - logger: Where the lines go.
  ///   - level: The level of the received, waited, redirected and opened events; `info` by
  ///     default. Drops log at `warning` and failures at `error` whatever it is.
  public init(logger: Logger, level: Logger.Level = .info) {
    self.logger = logger
    self.level = level
  }

  /// Logs `received`.
  public func received(_ event: RouteEvent) { log(event, at: level) }
  /// Logs `waited`.
  public func waited(_ event: RouteEvent) { log(event, at: level) }
  /// Logs `dropped`, at `warning`.
  public func dropped(_ event: RouteEvent) { log(event, at: .warning) }
  /// Logs `redirected`.
  public func redirected(_ event: RouteEvent) { log(event, at: level) }
  /// Logs `did`.
  public func didOpen(_ event: RouteEvent) { log(event, at: level) }
  /// Logs `unmatched`, `refused` and `failed`, at `error`.
  public func failed(_ event: RouteEvent) { log(event, at: .error) }

  /// The metadata of `event`: the link's number, URL, origin, route, and what the phase adds.
  public static func metadata(of event: RouteEvent) -> Logger.Metadata {
    var metadata: Logger.Metadata = [
      "link": "\(event.openID)", "url": "\(event.url)", "origin": "\(event.origin)",
      "time": "\(event.timestamp)",
    ]
    if !event.origin.campaign.isEmpty {
      metadata["campaign"] = .dictionary(event.origin.campaign.mapValues { .string($0) })
    }
    if let route = event.route { metadata["route"] = "\(route.name ?? route.pattern)" }
    if let duration = event.duration { metadata["duration"] = "\(duration)" }
    if let reason = event.reason { metadata["reason"] = "\(reason)" }
    if let check = event.check { metadata["check"] = "\(check)" }
    if let redirect = event.redirect { metadata["redirect"] = "\(redirect)" }
    if let error = event.error { metadata["error"] = "\(error)" }
    return metadata
  }

  private func log(_ event: RouteEvent, at level: Logger.Level) {
    logger.log(level: level, "link \(event.phase.rawValue)", metadata: Self.metadata(of: event))
  }
}
