// swift-tools-version: 6.0
import PackageDescription

// Waypoint's libFuzzer targets, kept apart from the main package: each target is an executable
// without a `main` (libFuzzer brings its own), which only links with `--sanitize=fuzzer`.
// `Scripts/fuzz.sh SECONDS` builds and runs them all.
// The upcoming features the main package builds its library with.
let libraryFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "WaypointFuzz",
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
      name: "WaypointAdapterSupport", dependencies: ["Waypoint"], path: "Library/WaypointAdapterSupport",
      swiftSettings: libraryFeatures),
    .target(
      name: "WaypointSignedLinks",
      dependencies: ["Waypoint", .product(name: "Crypto", package: "swift-crypto")],
      path: "Library/WaypointSignedLinks", swiftSettings: libraryFeatures),
    .target(
      name: "FuzzSupport",
      dependencies: [
        "Waypoint", "WaypointMatching",
      ]
    ),
    .executableTarget(name: "FuzzURL", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzPattern", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzMatch", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzNavigation", dependencies: ["FuzzSupport", "WaypointAdapterSupport"]),
    .executableTarget(
      name: "FuzzLink",
      dependencies: [
        "FuzzSupport", "WaypointSignedLinks",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
