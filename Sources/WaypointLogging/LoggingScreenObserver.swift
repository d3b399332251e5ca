public import Logging
public import Waypoint

/// Leaves a breadcrumb on swift-log for every screen the user sees: `screen shown` and
/// `screen hidden`, with the screen, the one before it, the cause, the window and the tab.
///
/// A crash reporter whose log handler keeps the last lines (most do) then has the user's path
/// to the crash, SwiftUI screens included. Parameters arrive redacted as link events are.
///
/// ```swift
/// app.screenViews.observe(LoggingScreenObserver(logger: Logger(label: "app.screens")))
/// ```
public struct LoggingScreenObserver: ScreenObserver {
  /// Where the breadcrumbs go.
  public let logger: Logger
  /// Their level.
  public let level: Logger.Level

  /// Logs to `logger` at `level`.
  ///
  /// - Parameters:
  ///   - logger: Where the breadcrumbs go.
  ///   - level: The level of every breadcrumb, shown or hidden; `info` by default.
  public init(logger: Logger, level: Logger.Level = .info) {
    self.logger = logger
    self.level = level
  }

  /// Logs `screen shown`.
  public func shown(_ event: ScreenEvent) {
    logger.log(level: level, "screen shown", metadata: Self.metadata(of: event))
  }

  /// Logs `screen hidden`.
  public func hidden(_ event: ScreenEvent) {
    logger.log(level: level, "screen hidden", metadata: Self.metadata(of: event))
  }

  /// The metadata of `event`: the screen, its name, target and parameters, the window, the tab,
  /// the level and its presentation, the cause (and the link's number, URL, origin and route for
  /// a link), the screen before, and for a hidden screen the time it was on screen.
  ///
  /// The level is `screenLevel` (`ScreenEvent.level`), not `level`: a log handler that writes
  /// JSON puts the metadata beside the log's own `level`.
  public static func metadata(of event: ScreenEvent) -> Logger.Metadata {
    var metadata: Logger.Metadata = [
      "screen": "\(event.screen.id)", "name": "\(event.screenName)", "target": "\(event.screen.target)",
      "window": "\(event.window)", "screenLevel": "\(event.level)", "visit": "\(event.visit)",
      "cause": "\(Self.cause(event.cause))", "time": "\(event.timestamp)",
    ]
    if !event.screen.parameters.isEmpty {
      metadata["parameters"] = .dictionary(event.screen.parameters.mapValues { .string($0) })
    }
    if let tab = event.tab { metadata["tab"] = "\(tab)" }
    if let presentation = event.presentation { metadata["presentation"] = "\(presentation)" }
    if let previous = event.previous { metadata["previous"] = "\(previous.id)" }
    if event.isUncovered { metadata["uncovered"] = "true" }
    if event.isCovered { metadata["covered"] = "true" }
    if let time = event.timeOnScreen { metadata["timeOnScreen"] = "\(time)" }
    if case .link(let openID, let url, let origin, let route) = event.cause {
      metadata["link"] = "\(openID)"
      metadata["url"] = "\(url)"
      metadata["origin"] = "\(origin.kind)"
      if let route { metadata["route"] = "\(route)" }
    }
    return metadata
  }

  /// `link`, `app`, `restore`, `background`, `foreground`, or the user's action (`back`,
  /// `dismiss`, `selectTab`…).
  static func cause(_ cause: ScreenEvent.Cause) -> String {
    switch cause {
    case .link: "link"
    case .app: "app"
    case .restore: "restore"
    case .background: "background"
    case .foreground: "foreground"
    case .user(let action): action.rawValue
    }
  }
}
