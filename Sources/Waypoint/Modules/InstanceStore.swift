import Foundation

/// Keeps shared and weak instances for one registry.
///
/// Reading a made instance takes a short lock. Making one happens under a single recursive lock,
/// so an instance is made exactly once even when many threads ask for it first at the same
/// moment. A factory may make other shared modules on the same thread, and two threads can never
/// wait for each other (cycles are refused before the lock is taken).
final class InstanceStore: Sendable {
  private enum Stored {
    case strong(MadeModule)
    case weak(WeakBox)
  }

  private final class WeakBox: @unchecked Sendable {
    // Safety: read and written only under `instances`' lock.
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  private let instances = Locked<[ModuleKey: Stored]>([:])
  private let creation = NSRecursiveLock()

  /// The instance for `key`, made with `make` when there is none (or the weak one is gone).
  ///
  /// Returns whether it was made now.
  func instance(
    for key: ModuleKey, scope: ModuleScope, make: () throws(ModuleError) -> MadeModule
  ) throws(ModuleError) -> (instance: MadeModule, made: Bool) {
    if let existing = stored(key) { return (existing, false) }
    creation.lock()
    defer { creation.unlock() }
    if let existing = stored(key) { return (existing, false) }
    let instance = try make()
    if scope == .weak {
      guard type(of: instance.value) is AnyClass else {
        throw ModuleError(
          .typeMismatch,
          "the module '\(key)' has the weak scope, but its factory made a \(type(of: instance.value)), which is not a class"
        )
      }
      let box = WeakBox(instance.value as AnyObject)
      instances.withLock { $0[key] = .weak(box) }
    } else {
      instances.withLock { $0[key] = .strong(instance) }
    }
    return (instance, true)
  }

  private func stored(_ key: ModuleKey) -> MadeModule? {
    instances.withLock { instances in
      switch instances[key] {
      case .strong(let instance): return instance
      case .weak(let box): return box.object.map { MadeModule($0) }
      case nil: return nil
      }
    }
  }
}
