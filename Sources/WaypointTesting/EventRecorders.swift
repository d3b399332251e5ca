public import Waypoint

/// Records every route event, for checking the lifecycle of opens in tests.
///
/// ```swift
/// let events = RouteEventRecorder()
/// builder.observe(events)
/// _ = try await builder.build().open("/a")
/// #expect(events.phases == [.prepare, .will, .did])
/// ```
public final class RouteEventRecorder: RouteObserver {
  private let recorded = Locked<[RouteEvent]>([])

  /// An empty recorder.
  public init() {}

  /// Every event so far, in order.
  public var events: [RouteEvent] { recorded.withLock { $0 } }

  /// The phases of every event so far.
  public var phases: [RouteEvent.Phase] { events.map(\.phase) }

  /// The events that ended a link (`did`, `unmatched`, `refused`, `failed` or `dropped`).
  public var outcomes: [RouteEvent] { events.filter(\.phase.isOutcome) }

  /// Records `received`.
  public func received(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `waited`.
  public func waited(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `dropped`.
  public func dropped(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `redirected`.
  public func redirected(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `prepare`.
  public func prepare(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `will`.
  public func willOpen(_ request: RouteRequest) throws {
    let event = RouteEvent(phase: .will, url: request.url.string, origin: request.origin, route: request.route)
    recorded.withLock { $0.append(event) }
  }

  /// Records `did`.
  public func didOpen(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }

  /// Records `unmatched`, `refused` and `failed`.
  public func failed(_ event: RouteEvent) { recorded.withLock { $0.append(event) } }
}

/// Records every module event (make, show, remove, and their failures) for checking their
/// order in tests.
public final class ModuleEventRecorder: ModuleObserver {
  private let recorded = Locked<[ModuleEvent]>([])

  /// An empty recorder.
  public init() {}

  /// Every event so far, in order.
  public var events: [ModuleEvent] { recorded.withLock { $0 } }

  /// `phase Key` for every event, in order: `["willMake NoteEditor", "didMake NoteEditor", …]`.
  public var lines: [String] { events.map { "\($0.phase.rawValue) \($0.key.name)" } }

  /// Records `willMake`.
  public func willMake(_ event: ModuleEvent) { recorded.withLock { $0.append(event) } }

  /// Records `didMake`.
  public func didMake(_ event: ModuleEvent) { recorded.withLock { $0.append(event) } }

  /// Records show and remove events.
  public func observe(_ event: ModuleEvent) { recorded.withLock { $0.append(event) } }

  /// Records failures.
  public func failed(_ event: ModuleEvent) { recorded.withLock { $0.append(event) } }
}
