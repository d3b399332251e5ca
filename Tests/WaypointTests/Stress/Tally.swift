import Synchronization

/// Counts how many times something happened, from any task.
final class Tally: Sendable {
  private let count = Atomic<Int>(0)
  func increment() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
  var value: Int { count.load(ordering: .relaxed) }
}
