import Synchronization
import Waypoint

/// Collects strings from many tasks, in order.
final class Recorder: Sendable {
  private let lines = Mutex<[String]>([])

  func record(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }
}

/// A callback opener that records what it was asked to open.
struct RecordingOpener: CallbackOpener {
  let recorder: Recorder
  func open(_ url: String) async { recorder.record(url) }
}

/// An observer that records every call, and may veto.
struct RecordingObserver: RouteObserver {
  let recorder: Recorder
  var veto: RoutingError?

  func prepare(_ event: RouteEvent) { recorder.record("prepare \(event.url)") }

  func willOpen(_ request: RouteRequest) throws {
    recorder.record("will \(request.route?.pattern ?? "fallback")")
    if let veto { throw veto }
  }

  func didOpen(_ event: RouteEvent) {
    recorder.record("did \(event.route?.pattern ?? "fallback") \(event.duration != nil)")
  }

  func failed(_ event: RouteEvent) { recorder.record("failed \(event.error?.code.rawValue ?? "?")") }
}

/// A middleware that records its name on the way in and out.
struct TracingMiddleware: RouteMiddleware {
  let name: String
  let recorder: Recorder

  func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    recorder.record("\(name) in")
    let result = try await next(request)
    recorder.record("\(name) out")
    return result
  }
}
