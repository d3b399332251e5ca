// swift-tools-version: 6.0
import PackageDescription

// Waypoint's stress tests under the thread sanitizer, kept apart from the main package so a
// sanitized build compiles only what they use (Waypoint, the signed links and swift-crypto),
// never the macros' swift-syntax. The sources are the main package's test targets, reached
// through symlinks (`Tests/WaypointTests/Stress`, and `Tests/WaypointSignedLinksTests`, whose
// stress tests are named "Stress: …"), so `swift test` there runs them too. `.ci/run` runs
// `swift test --sanitize=thread --filter Stress` here.
// The upcoming features the main package builds its library with.
let libraryFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "WaypointStress",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3")
  ],
  targets: [
    // Waypoint's own library sources, reached through symlinks (`Library/`), so these harnesses
    // are in one package with them and reach what the library keeps `package`.
    .target(name: "WaypointMatching", path: "Library/WaypointMatching", swiftSettings: libraryFeatures),
    .target(
      name: "Waypoint", dependencies: ["WaypointMatching"], path: "Library/Waypoint", swiftSettings: libraryFeatures),
    .target(
      name: "WaypointSignedLinks",
      dependencies: ["Waypoint", .product(name: "Crypto", package: "swift-crypto")],
      path: "Library/WaypointSignedLinks", swiftSettings: libraryFeatures),
    .testTarget(name: "StressTests", dependencies: ["Waypoint"]),
    .testTarget(
      name: "SignedLinksTests",
      dependencies: [
        "WaypointSignedLinks",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Tests/SignedLinks"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type == .test {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
