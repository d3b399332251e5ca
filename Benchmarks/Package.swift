// swift-tools-version: 6.1
import PackageDescription

// Waypoint's benchmarks against routing-kit and Swinject, kept apart from the main package so
// its users never build the peers. `swift run -c release compare` prints the comparison table;
// `swift package benchmark` runs the package-benchmark suites.
// The upcoming features the main package builds its library with.
let libraryFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "WaypointBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Waypoint's own library sources, reached through symlinks (`Library/`), so the workloads are
    // in one package with them and reach what the library keeps `package` (a manifest's table
    // and lint, measured on their own).
    .target(
      name: "WaypointMatching", path: "Library/WaypointMatching",
      swiftSettings: libraryFeatures + [.swiftLanguageMode(.v6)]),
    .target(
      name: "Waypoint", dependencies: ["WaypointMatching"], path: "Library/Waypoint",
      swiftSettings: libraryFeatures + [.swiftLanguageMode(.v6)]),
    .target(
      name: "Workloads",
      dependencies: [
        "Waypoint", "WaypointMatching",
        .product(name: "RoutingKit", package: "routing-kit"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    .target(name: "AllocationCounter"),
    .executableTarget(name: "compare", dependencies: ["Workloads", "AllocationCounter"]),
    .executableTarget(
      name: "WaypointBenchmarks",
      dependencies: ["Workloads", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/WaypointBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v5]
)
