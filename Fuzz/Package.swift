// swift-tools-version: 6.0
import PackageDescription

// Waypoint's libFuzzer targets, kept apart from the main package: each target is an executable
// without a `main` (libFuzzer brings its own), which only links with `--sanitize=fuzzer`.
// `Scripts/fuzz.sh SECONDS` builds and runs them all.
let package = Package(
  name: "WaypointFuzz",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Waypoint", path: ".."),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "Waypoint", package: "Waypoint"),
        .product(name: "WaypointMatching", package: "Waypoint"),
      ]
    ),
    .executableTarget(name: "FuzzURL", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzPattern", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzMatch", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport"]),
    .executableTarget(name: "FuzzNavigation", dependencies: ["FuzzSupport"]),
    .executableTarget(
      name: "FuzzLink",
      dependencies: [
        "FuzzSupport", .product(name: "WaypointSignedLinks", package: "Waypoint"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
