import Waypoint

protocol LoginService: Sendable {
  func signIn(_ user: String) -> Bool
}

struct FakeLoginService: LoginService {
  let accepts: Bool
  func signIn(_ user: String) -> Bool { accepts }
}

/// A class module, so tests can compare identities.
final class Counter: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

/// An observer that records make events.
struct MakeRecorder: ModuleObserver {
  let recorder: Recorder
  func willMake(_ event: ModuleEvent) {
    recorder.record("will \(event.key.name) by \(event.requester?.name ?? "caller")")
  }
  func didMake(_ event: ModuleEvent) { recorder.record("did \(event.key.name)") }
}

/// A module that is not `Sendable`, like most view controllers.
final class NotSendableView {
  var title = "view"
}
