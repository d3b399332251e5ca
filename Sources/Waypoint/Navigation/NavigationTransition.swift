/// A request to show a screen: what, how, from which screen, and the destination made for it.
public struct NavigationTransition: Sendable, Equatable {
  /// How to show it.
  public var presentation: Presentation
  /// What to show.
  public var screen: Screen
  /// The screen to show it from; `nil` means the top screen.
  public var source: String?
  /// The destination the registry made for the screen, or `nil` when nothing was made.
  ///
  /// A navigator that shows real views reads it (a view controller, a view model…). It travels
  /// beside the `Codable` ``screen`` and is never encoded.
  public var destination: MadeModule?

  /// Makes a transition.
  ///
  /// - Parameters:
  ///   - presentation: How to show the screen.
  ///   - screen: What to show; its id must not be shown already.
  ///   - source: The id of the screen to show it from; `nil` (the default) means the top screen.
  ///   - destination: What the registry made for the screen, for a navigator over real views;
  ///     `nil` (the default) when nothing was made.
  public init(
    _ presentation: Presentation, screen: Screen, from source: String? = nil, destination: MadeModule? = nil
  ) {
    self.presentation = presentation
    self.screen = screen
    self.source = source
    self.destination = destination
  }

  /// Whether two transitions ask for the same thing.
  ///
  /// The presentation, screen and source are compared; the destinations are not.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.presentation == rhs.presentation && lhs.screen == rhs.screen && lhs.source == rhs.source
  }
}
