/// A state presented over another, and how.
public struct PresentedState: Sendable, Codable, Equatable {
  /// How it was presented.
  public var presentation: Presentation
  /// The screen it was presented from.
  public var source: String?
  /// What it shows.
  public var state: NavigationState

  /// Makes a presented state.
  ///
  /// - Parameters:
  ///   - presentation: How it was presented (a sheet, a full-screen cover, a popover…).
  ///   - source: The id of the screen it was presented from; `nil` for the top screen.
  ///   - state: What it shows: its own stack, and what is presented over it in turn.
  public init(presentation: Presentation, source: String?, state: NavigationState) {
    self.presentation = presentation
    self.source = source
    self.state = state
  }
}
