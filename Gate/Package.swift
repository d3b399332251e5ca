// swift-tools-version: 6.0
import PackageDescription

// Waypoint's performance gate, kept apart from the main package so its users never build it and
// so it builds with no dependency beyond Waypoint: `Scripts/gate.sh` builds `gate` in release,
// runs it under callgrind and compares the instructions and allocations of each operation with
// `Baseline.txt`.
// The upcoming features the main package builds its library with.
let libraryFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "WaypointGate",
  platforms: [.macOS(.v15), .iOS(.v18)],
  targets: [
    // Waypoint's own library sources, reached through symlinks (`Library/`), so the workloads are
    // in one package with them and reach what the library keeps `package` (a manifest's table).
    .target(name: "WaypointMatching", path: "Library/WaypointMatching", swiftSettings: libraryFeatures),
    .target(
      name: "Waypoint", dependencies: ["WaypointMatching"], path: "Library/Waypoint", swiftSettings: libraryFeatures),
    // Callgrind's client requests, and the benchmarks' count of heap allocations (interposed
    // `malloc`; callgrind replaces no allocator, so it counts the same inside callgrind).
    // DWARF 4 for the C, which valgrind 3.19 reads whole (its DWARF 5 location lists stop it).
    .target(name: "GateProbe", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    .target(name: "AllocationCounter", path: "Library/AllocationCounter", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    .executableTarget(
      name: "gate", dependencies: ["Waypoint", "WaypointMatching", "GateProbe", "AllocationCounter"]),
  ],
  swiftLanguageModes: [.v6]
)
