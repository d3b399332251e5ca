// swift-tools-version: 6.0
import PackageDescription

/// Upcoming language features every target is compiled with.
let upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Waypoint",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "WaypointMatching", targets: ["WaypointMatching"]),
    .library(name: "Waypoint", targets: ["Waypoint"]),
    .executable(name: "waypoint", targets: ["waypoint"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "WaypointMatching"),
    .target(name: "Waypoint", dependencies: ["WaypointMatching"]),
    .target(
      name: "WaypointExamples",
      dependencies: ["Waypoint"],
      path: "Examples",
      resources: [.copy("routes.json")]
    ),
    .executableTarget(
      name: "waypoint",
      dependencies: [
        "Waypoint",
        "WaypointExamples",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "WaypointMatchingTests", dependencies: ["WaypointMatching"]),
    .testTarget(name: "WaypointTests", dependencies: ["Waypoint", "WaypointExamples"]),
    .testTarget(name: "WaypointCLITests", dependencies: ["waypoint"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
