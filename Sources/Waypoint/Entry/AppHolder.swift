/// The app, for the registry's factory, which is made before the app is.
final class AppHolder: Sendable {
  private let box = Locked<WeakApp>(WeakApp())

  struct WeakApp: @unchecked Sendable {
    // Safety: written once on the main actor before any factory runs; read under the lock.
    weak var app: WaypointApp?
  }

  var app: WaypointApp? {
    get { box.withLock { $0.app } }
    set { box.withLock { $0.app = newValue } }
  }
}
