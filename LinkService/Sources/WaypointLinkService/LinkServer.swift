import Hummingbird
import Logging
import ServiceLifecycle
import WaypointLinkSite

/// The link service as one service of a process's `ServiceGroup`: it prepares the store (the
/// schema made, the links file's links written, every link read) and only then runs the HTTP
/// application, so no request is answered from a store that is not ready.
///
/// ```swift
/// let store = try PostgresLinkStore(url: url)
/// let server = LinkServer(configuration, store: store, address: .hostname("0.0.0.0", port: 8080))
/// try await ServiceGroup(services: [store, server], gracefulShutdownSignals: [.sigterm], logger: logger).run()
/// ```
package struct LinkServer: Service {
  let configuration: LinkServiceConfiguration
  let store: any LinkStore
  let address: BindAddress
  let logger: Logger

  /// The server of `configuration`'s links from `store` on `address`.
  ///
  /// - Parameters:
  ///   - configuration: What it serves.
  ///   - store: Where the links live; a ``PostgresLinkStore`` goes before the server in the group.
  ///   - address: Where it listens.
  ///   - logger: Where it logs.
  package init(
    _ configuration: LinkServiceConfiguration, store: any LinkStore, address: BindAddress,
    logger: Logger = Logger(label: "waypoint.links")
  ) {
    self.configuration = configuration
    self.store = store
    self.address = address
    self.logger = logger
  }

  package func run() async throws {
    let service = try await LinkService(configuration, store: store, logger: logger)
    logger.info("serving \(configuration.site.links.count) links of \(configuration.site.origin)")
    try await service.application(address: address).run()
  }
}
