#if canImport(SwiftUI)
import Foundation
import SwiftUI
import Waypoint

#if canImport(CoreSpotlight) && !os(tvOS) && !os(watchOS)
import CoreSpotlight
#endif

extension View {
  /// Calls `open` with the identifier of each Spotlight result the user chooses, where Core
  /// Spotlight exists; elsewhere the view itself.
  @MainActor @ViewBuilder
  func continuingSpotlight(_ open: @escaping @MainActor (String) -> Void) -> some View {
    #if canImport(CoreSpotlight) && !os(tvOS) && !os(watchOS)
    onContinueUserActivity(CSSearchableItemActionType) { activity in
      guard let identifier = activity.userInfo?[CSSearchableItemActivityIdentifier] as? String else { return }
      open(identifier)
    }
    #else
    self
    #endif
  }

  /// Makes the window this view is in take the links and activities sent to the app while open.
  ///
  /// Without a view that says so, SwiftUI makes a new window for each one where an app may have
  /// several (iPad, Mac, Vision Pro), with a fresh state
  /// (https://developer.apple.com/documentation/swiftui/scene/handlesexternalevents(matching:)).
  /// tvOS and watchOS have one window and no such modifier.
  @MainActor @ViewBuilder
  func takingExternalEvents() -> some View {
    #if os(tvOS) || os(watchOS)
    self
    #else
    handlesExternalEvents(preferring: ["*"], allowing: ["*"])
    #endif
  }
}
#endif
