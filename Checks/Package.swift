// swift-tools-version: 6.0
import PackageDescription

// The Linux check of Waypoint's UIKit, SwiftUI and App Intents adapters. `UIKit`,
// `UserNotifications`, `CoreSpotlight`, `AppIntents` and `SwiftUI` here are interface stubs of the SDK declarations the adapters use (each names its
// documentation page); the adapter targets are the package's own sources, reached through
// symlinks, compiled against them. No product of Waypoint depends on anything here.
// `Scripts/check-adapters.sh` builds it and runs the tests against the UIKit model.
let package = Package(
  name: "WaypointAdapterChecks",
  platforms: [.macOS(.v15)],
  targets: [
    // Waypoint's own core sources, reached through symlinks like the adapters (a dependency on
    // the root package would bring its adapter targets, whose names these share).
    .target(name: "WaypointMatching", path: "Adapters/WaypointMatching"),
    // The core reads a notification response where UserNotifications exists, as it does on iOS.
    .target(name: "Waypoint", dependencies: ["WaypointMatching", "UserNotifications"], path: "Adapters/Waypoint"),
    .target(name: "AppleFoundation", path: "AppleStubs/AppleFoundation"),
    .target(name: "UserNotifications", path: "AppleStubs/UserNotifications"),
    .target(name: "CoreSpotlight", path: "AppleStubs/CoreSpotlight"),
    .target(name: "AppIntents", dependencies: ["AppleFoundation"], path: "AppleStubs/AppIntents"),
    .target(name: "UIKit", dependencies: ["AppleFoundation", "UserNotifications"], path: "AppleStubs/UIKit"),
    // SwiftUI's bridge to UIKit view controllers needs UIKit, as the SDK's SwiftUI does on iOS.
    .target(name: "SwiftUI", dependencies: ["AppleFoundation", "UIKit"], path: "AppleStubs/SwiftUI"),
    .target(
      name: "WaypointUIKit",
      dependencies: ["UIKit", "UserNotifications", "CoreSpotlight", "Waypoint"],
      path: "Adapters/WaypointUIKit"),
    .target(name: "WaypointAdapterSupport", dependencies: ["Waypoint"], path: "Adapters/WaypointAdapterSupport"),
    .target(
      name: "WaypointSwiftUI",
      dependencies: ["SwiftUI", "UIKit", "CoreSpotlight", "Waypoint", "WaypointAdapterSupport"],
      path: "Adapters/WaypointSwiftUI"),
    .target(
      name: "WaypointAppIntents",
      dependencies: ["AppIntents", "Waypoint"],
      path: "Adapters/WaypointAppIntents"),
    // The example app's UI files, as a user copies them.
    .target(
      name: "NotesUI",
      dependencies: ["Waypoint", "WaypointUIKit", "WaypointSwiftUI", "WaypointAppIntents", "UIKit", "SwiftUI", "AppIntents"],
      path: "Adapters/NotesUI",
      // As a new Xcode 26 app target compiles them: main-actor isolation by default (SE-0466).
      swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
    // The README's Quick start, as an app copies it (Scripts/check-adapters.sh extracts it).
    .target(
      name: "QuickStart",
      dependencies: ["Waypoint", "WaypointUIKit", "WaypointSwiftUI", "UIKit", "SwiftUI", "UserNotifications"],
      path: "QuickStart",
      // As a new Xcode 26 app target compiles it: main-actor isolation by default (SE-0466).
      swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
    // The Swift code of the UI and migration articles (Scripts/check-adapters.sh extracts it).
    .target(
      name: "DocSnippets",
      dependencies: [
        "Waypoint", "WaypointUIKit", "WaypointSwiftUI", "WaypointAppIntents", "UIKit", "SwiftUI", "AppIntents",
        "CoreSpotlight",
      ],
      path: "DocCode"),
    .testTarget(
      name: "SwiftUIHostTests",
      dependencies: ["WaypointSwiftUI", "WaypointAdapterSupport", "SwiftUI", "Waypoint"],
      path: "Tests/SwiftUIHostTests"),
    .testTarget(
      name: "UIKitModelTests",
      dependencies: [
        "WaypointUIKit", "WaypointSwiftUI", "WaypointAppIntents", "UIKit", "SwiftUI", "AppIntents", "CoreSpotlight",
        "Waypoint", "WaypointAdapterSupport",
      ],
      path: "Tests/UIKitModelTests",
      // Swift Testing ships an overlay for Apple's UIKit, which the stub cannot have.
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
