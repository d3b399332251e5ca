import Dispatch

/// Runs `body` and returns its result and the nanoseconds it took.
@inline(never)
public func timed<Result>(_ body: () throws -> Result) rethrows -> (Result, Double) {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = try body()
  return (result, Double(DispatchTime.now().uptimeNanoseconds - start))
}

/// The median of `values`.
public func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
public func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Runs the asynchronous `body` and returns its result and the nanoseconds it took.
@inline(never)
public func timedAsync<Result>(_ body: () async throws -> Result) async rethrows -> (Result, Double) {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = try await body()
  return (result, Double(DispatchTime.now().uptimeNanoseconds - start))
}
