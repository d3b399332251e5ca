// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
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
    .library(name: "WaypointSignedLinks", targets: ["WaypointSignedLinks"]),
    .library(name: "WaypointTesting", targets: ["WaypointTesting"]),
    .library(name: "WaypointLogging", targets: ["WaypointLogging"]),
    .library(name: "WaypointMetrics", targets: ["WaypointMetrics"]),
    .library(name: "WaypointTracing", targets: ["WaypointTracing"]),
    .library(name: "WaypointUIKit", targets: ["WaypointUIKit"]),
    .library(name: "WaypointSwiftUI", targets: ["WaypointSwiftUI"]),
    .library(name: "WaypointAppIntents", targets: ["WaypointAppIntents"]),
    // `@Routable` and `@Route`; a separate product, so apps that do not use them never build swift-syntax.
    .library(name: "WaypointMacros", targets: ["WaypointMacros"]),
    .executable(name: "waypoint", targets: ["waypoint"]),
    // Generates a typed-link enum for each `routes.json` of a target on every build.
    .plugin(name: "WaypointLinkPlugin", targets: ["WaypointLinkPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "600.0.0"),
  ],
  targets: [
    .target(name: "WaypointMatching"),
    .target(name: "Waypoint", dependencies: ["WaypointMatching"]),
    .target(
      name: "WaypointLogging",
      dependencies: ["Waypoint", .product(name: "Logging", package: "swift-log")]
    ),
    .target(
      name: "WaypointMetrics",
      dependencies: ["Waypoint", .product(name: "CoreMetrics", package: "swift-metrics")]
    ),
    .target(
      name: "WaypointTracing",
      dependencies: ["Waypoint", .product(name: "Tracing", package: "swift-distributed-tracing")]
    ),
    .target(
      name: "WaypointSignedLinks",
      dependencies: ["Waypoint", .product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(name: "WaypointTesting", dependencies: ["Waypoint"]),
    // The source of a typed link's conformance, which the macros and `waypoint generate` write.
    .target(name: "WaypointLinkCode"),
    // The macros' compiler plugin reads patterns with Waypoint's own parser and conflict check.
    .macro(
      name: "WaypointMacrosPlugin",
      dependencies: [
        "WaypointMatching", "WaypointLinkCode",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(name: "WaypointMacros", dependencies: ["Waypoint", "WaypointMacrosPlugin"]),
    // The adapters compile only where UIKit or SwiftUI exists (elsewhere they are empty);
    // Checks/ type-checks them on Linux against stubs of the SDK declarations they use.
    .target(name: "WaypointUIKit", dependencies: ["Waypoint"]),
    .target(name: "WaypointSwiftUI", dependencies: ["Waypoint", "WaypointAdapterSupport"]),
    // What the UI adapters share and the core does not need (SwiftUI's staging of presented
    // levels); no product: apps reach it only through the adapters.
    .target(name: "WaypointAdapterSupport", dependencies: ["Waypoint"]),
    .target(name: "WaypointAppIntents", dependencies: ["Waypoint"]),
    .target(
      name: "WaypointExamples",
      dependencies: ["Waypoint", "WaypointSignedLinks"],
      path: "Examples",
      // The files a user copies into an Xcode project; Checks/ type-checks them. The app's typed
      // links, in the same folder, serve the demo too.
      exclude: [
        "NotesApp/UI/NotesAppSetup.swift", "NotesApp/UI/NotesSceneDelegate.swift",
        "NotesApp/UI/NotesSwiftUIApp.swift", "NotesApp/UI/NotesIntents.swift",
        // The app's link set-up as Xcode and the website hold it; `waypoint doctor` checks it.
        "NotesApp/LinkSetup",
      ],
      resources: [.copy("routes.json"), .copy("NotesApp/notes-app.json")]
    ),
    // What a short-link site is made of (QR codes, preview pages, the check of live links), for
    // `waypoint links`; no server dependency.
    .target(
      name: "WaypointLinkSite",
      dependencies: ["Waypoint", "WaypointMatching", .product(name: "Crypto", package: "swift-crypto")]
    ),
    // A manifest's typed-link enum as Swift source, for `waypoint generate` and the plugin's tool.
    .target(name: "WaypointLinkGenerator", dependencies: ["Waypoint", "WaypointMatching", "WaypointLinkCode"]),
    .executableTarget(
      name: "waypoint",
      dependencies: [
        "Waypoint", "WaypointMatching",
        "WaypointSignedLinks",
        "WaypointExamples",
        "WaypointLinkGenerator", "WaypointLinkSite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // The map page's script, style and markup, files of their own (checked as JavaScript by
      // Scripts/check-map-page-files.sh) built into the binary, which needs no bundle beside it.
      resources: [
        .embedInCode("MapPage/resolver.js"), .embedInCode("MapPage/viewer.js"),
        .embedInCode("MapPage/viewer.css"), .embedInCode("MapPage/viewer.html"),
      ]
    ),
    // The plugin's tool: the generator and the short-link compiler alone, so an app's build (and
    // this package's test build, which builds the tool for the host) makes no second copy of the
    // CLI's other dependencies.
    .executableTarget(
      name: "waypoint-generate", dependencies: ["Waypoint", "WaypointLinkGenerator", "WaypointLinkSite"]),
    .plugin(name: "WaypointLinkPlugin", capability: .buildTool(), dependencies: ["waypoint-generate"]),
    // What the test targets share (a seeded generator); no product depends on it.
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(name: "WaypointMatchingTests", dependencies: ["WaypointMatching", "TestSupport"]),
    .testTarget(
      name: "WaypointTests",
      dependencies: [
        "Waypoint", "WaypointExamples", "WaypointLogging", "WaypointMetrics", "WaypointTracing", "TestSupport",
        "WaypointAdapterSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ],
      // Read by ParameterDocsTests from the source tree.
      exclude: ["ParameterDocsAllowList.txt"]
    ),
    .testTarget(name: "WaypointCLITests", dependencies: ["waypoint", "WaypointExamples", "TestSupport"]),
    .testTarget(
      name: "WaypointLinkSiteTests", dependencies: ["WaypointLinkSite", "Waypoint", "WaypointMatching", "TestSupport"]),
    .testTarget(name: "WaypointTestingTests", dependencies: ["WaypointTesting"]),
    .testTarget(
      name: "WaypointLinkPluginTests",
      dependencies: ["Waypoint"],
      resources: [.copy("shop.routes.json"), .copy("shop.links.json")],
      plugins: ["WaypointLinkPlugin"]
    ),
    // The macros as a client uses them. Their expansions and diagnostics are checked by
    // Scripts/check-link-macros.sh against the compiler itself: a test target that imported the
    // macro target would make SwiftPM build every test, and all they import, a second time for
    // the host.
    .testTarget(name: "WaypointMacrosTests", dependencies: ["WaypointMacros", "TestSupport"]),
    .testTarget(
      name: "WaypointSignedLinksTests",
      dependencies: ["WaypointSignedLinks", .product(name: "Crypto", package: "swift-crypto")]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// `WAYPOINT_WARNINGS_AS_ERRORS=1 swift test` (as `.ci/run` does) makes every warning in this
// package's own targets an error, and leaves the dependencies (swift-syntax, swift-crypto) built
// as they are, so one build serves the check and the tests. Never set for a package that depends
// on Waypoint: its manifest would carry unsafe flags.
let warningsAsErrors: [SwiftSetting] =
  ProcessInfo.processInfo.environment["WAYPOINT_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

for target in package.targets where target.type != .plugin {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures + warningsAsErrors
}
