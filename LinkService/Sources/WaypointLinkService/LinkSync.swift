import Logging
import ServiceLifecycle

/// Reads the store's changes into the table every `interval`, so a link written on another
/// server is served here within it.
struct LinkSync: Service {
  let store: any LinkStore
  let table: LinkTable
  let interval: Duration
  let logger: Logger

  func run() async throws {
    // Shutdown cancels the loop's sleep; that is its end, not a failure of the service.
    try? await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        try await Task.sleep(for: interval)
        await sync()
      }
    }
  }

  /// One read of the store's changes.
  func sync() async {
    do {
      table.apply(try await store.changes(after: table.version))
    } catch {
      logger.error("reading links failed", metadata: ["error": "\(error)"])
    }
  }
}
