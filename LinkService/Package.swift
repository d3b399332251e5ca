// swift-tools-version: 6.0
import PackageDescription

// Waypoint's link service: short links, preview pages, store fallbacks and deferred links from a
// running server, on Hummingbird 2 with SQLite (sqlite-nio) or PostgreSQL (postgres-nio). A package of its own, so the
// router's package and its test command never build a server or a database: the library
// sources are the main package's, reached through symlinks (`Library/`), as Stress/ does.
// `swift run --package-path LinkService waypoint-links serve` serves the bundled example.
let libraryFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// The service's own targets: their imports are public (the default), and what they share is
// `package`: the executable is the product, the library is not.
let serviceFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "WaypointLinkService",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "waypoint-links", targets: ["waypoint-links"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.30.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    .target(name: "WaypointMatching", path: "Library/WaypointMatching", swiftSettings: libraryFeatures),
    .target(
      name: "Waypoint", dependencies: ["WaypointMatching"], path: "Library/Waypoint", swiftSettings: libraryFeatures),
    .target(
      name: "WaypointSignedLinks",
      dependencies: ["Waypoint", .product(name: "Crypto", package: "swift-crypto")],
      path: "Library/WaypointSignedLinks", swiftSettings: libraryFeatures),
    .target(
      name: "WaypointLinkSite",
      dependencies: ["Waypoint", "WaypointMatching", .product(name: "Crypto", package: "swift-crypto")],
      path: "Library/WaypointLinkSite",
      swiftSettings: libraryFeatures),
    .target(
      name: "WaypointLinkService",
      dependencies: [
        "Waypoint", "WaypointMatching", "WaypointSignedLinks", "WaypointLinkSite",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
      ],
      // The admin API's OpenAPI document, served as it is.
      resources: [.copy("Resources/openapi.json")],
      swiftSettings: serviceFeatures),
    .executableTarget(
      name: "waypoint-links",
      dependencies: [
        "WaypointLinkService",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ],
      swiftSettings: serviceFeatures),
    // The load test's yardstick (Scripts/link-service-load.sh): a fixed 302 from plain Hummingbird.
    .executableTarget(
      name: "waypoint-links-baseline", dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
      swiftSettings: serviceFeatures),
    // The main package's test helpers (Apple's component matcher among them).
    .target(name: "TestSupport", path: "Library/TestSupport", swiftSettings: libraryFeatures),
    .testTarget(
      name: "WaypointLinkServiceTests",
      dependencies: [
        "WaypointLinkService", "Waypoint", "WaypointLinkSite", "WaypointSignedLinks", "TestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
      ],
      swiftSettings: serviceFeatures),
  ],
  swiftLanguageModes: [.v6]
)
