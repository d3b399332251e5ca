extension TaskLocal {
  /// Runs `body` with `value` bound, as `withValue(_:operation:)` does, keeping the type of the
  /// error `body` throws (`withValue` rethrows it as `any Error`).
  @MainActor
  package func binding<Output, Failure: Error>(
    _ value: Value, _ body: () async throws(Failure) -> Output
  ) async throws(Failure) -> Output {
    let outcome = await withValue(value) { () async -> Result<Output, Failure> in
      do throws(Failure) {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}

extension TaskLocal {
  /// Runs `body` with the task-local bound to `value`, synchronously, keeping `body`'s typed
  /// error (the standard `withValue` rethrows it untyped).
  package func bindingNow<Output, Failure: Error>(
    _ value: Value, _ body: () throws(Failure) -> Output
  ) throws(Failure) -> Output {
    let outcome = withValue(value) { () -> Result<Output, Failure> in
      do throws(Failure) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
