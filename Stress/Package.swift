// swift-tools-version: 6.0
import PackageDescription

// Waypoint's stress tests under the thread sanitizer, kept apart from the main package so a
// sanitized build compiles only what they use (Waypoint, the signed links and swift-crypto),
// never the macros' swift-syntax. The sources are the main package's test targets, reached
// through symlinks (`Tests/WaypointTests/Stress`, and `Tests/WaypointSignedLinksTests`, whose
// stress tests are named "Stress: …"), so `swift test` there runs them too. `.ci/run` runs
// `swift test --sanitize=thread --filter Stress` here.
let package = Package(
  name: "WaypointStress",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Waypoint", path: ".."),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    .testTarget(name: "StressTests", dependencies: [.product(name: "Waypoint", package: "Waypoint")]),
    .testTarget(
      name: "SignedLinksTests",
      dependencies: [
        .product(name: "WaypointSignedLinks", package: "Waypoint"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Tests/SignedLinks"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
