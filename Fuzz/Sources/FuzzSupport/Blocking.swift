import Dispatch
import Synchronization

/// Runs `body` on the cooperative pool and waits for its value; fuzz entry points are synchronous.
public func blocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
  let result = Mutex<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let value = await body()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = result.withLock({ $0 }) else { fatalError("the task ended without a value") }
  return value
}
