package import Waypoint

/// A presented screen as an `Identifiable` item for SwiftUI's `item:` presentation modifiers.
package struct PresentedItem: Sendable, Hashable, Identifiable {
  /// The presented level's first screen.
  package var screen: Screen
  /// How it is presented.
  package var presentation: Presentation
  /// The screen it is presented from.
  package var source: String?

  /// Makes an item.
  package init(screen: Screen, presentation: Presentation, source: String?) {
    self.screen = screen
    self.presentation = presentation
    self.source = source
  }

  /// The screen's id, so SwiftUI tells one presentation from the next.
  package var id: String { screen.id }

  /// The SwiftUI modifier that shows it.
  package var style: Style { Style(presentation) }

  /// Which SwiftUI modifier shows a presented item.
  package enum Style: String, Sendable, Hashable, CaseIterable {
    /// `.sheet(item:)`: `sheet`, `present(style)` and `custom(name)`.
    case sheet
    /// `.fullScreenCover(item:)`: `fullScreen`, `present(style: "fullScreen")` and
    /// `present(style: "overFullScreen")`, which UIKit also shows full screen.
    case fullScreenCover
    /// `.popover(item:)`: `popover`, and `present(popover)`, whose level holds a stack.
    case popover

    /// The modifier for `presentation`.
    package init(_ presentation: Presentation) {
      switch presentation {
      case .fullScreen, .present(style: "fullScreen"), .present(style: "overFullScreen"): self = .fullScreenCover
      case _ where presentation.isPopover: self = .popover
      default: self = .sheet
      }
    }
  }
}
