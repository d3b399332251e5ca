#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// Navigation names deprecated in 0.2.0, kept until 0.3.0 (docs/Style.md, "Versions"): a level of
// presentation was also called its depth; it is a level everywhere now.

/// The coordinators of an app's windows: ``WindowCoordinators``, the name of what it holds (a
/// ``ScreenCoordinator`` per window).
///
/// Deprecated in 0.2.0, removed in 0.3.0.
@available(*, deprecated, renamed: "WindowCoordinators")
public typealias WindowNavigators = WindowCoordinators

/// Where a stack sits on the root level: ``StackLocation`` ("place" means where a link's screen
/// goes).
///
/// Deprecated in 0.2.0, removed in 0.3.0.
@available(*, deprecated, renamed: "StackLocation")
public typealias StackPlace = StackLocation

extension NavigationStep {
  /// Dismiss what the level at `depth` presents: ``dismiss(level:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "dismiss(level:)")
  public static func dismiss(depth: Int) -> NavigationStep { .dismiss(level: depth) }

  /// Pop the level at `depth` back to `screen`: ``popTo(screen:level:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "popTo(screen:level:)")
  public static func popTo(screen: String, depth: Int) -> NavigationStep { .popTo(screen: screen, level: depth) }

  /// Push `screen` onto the level at `depth`: ``push(_:level:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "push(_:level:)")
  public static func push(_ screen: Screen, depth: Int) -> NavigationStep { .push(screen, level: depth) }

  /// Present `screen` over the level at `depth`: ``present(_:_:source:level:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "present(_:_:source:level:)")
  public static func present(
    _ screen: Screen, _ presentation: Presentation, source: String, depth: Int
  ) -> NavigationStep {
    .present(screen, presentation, source: source, level: depth)
  }

  /// Set the whole stack at `place`: ``setStack(_:location:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "setStack(_:location:)")
  public static func setStack(_ screens: [Screen], place: StackLocation) -> NavigationStep {
    .setStack(screens, location: place)
  }

  /// Show `screen` in the detail column of the level at `depth`: ``setDetail(_:level:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "setDetail(_:level:)")
  public static func setDetail(_ screen: Screen?, depth: Int) -> NavigationStep { .setDetail(screen, level: depth) }
}

extension NavigationEdit {
  /// The stack of the level at `depth` replaced: ``replacedStack(level:stack:location:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "replacedStack(level:stack:location:)")
  public static func replacedStack(depth: Int, stack: [Screen], place: StackLocation = .primary) -> NavigationEdit {
    .replacedStack(level: depth, stack: stack, location: place)
  }

  /// The detail column of the level at `depth` replaced: ``replacedDetail(level:screen:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "replacedDetail(level:screen:)")
  public static func replacedDetail(depth: Int, screen: Screen?) -> NavigationEdit {
    .replacedDetail(level: depth, screen: screen)
  }
}

extension ScreenEvent {
  /// The level that holds the screen: ``level``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, renamed: "level")
  public var depth: Int { level }

  /// Makes an event with the level named `depth`: ``init(phase:screen:previous:cause:window:tab:presentation:level:isUncovered:isCovered:timeOnScreen:visit:timing:timestamp:)``.
  ///
  /// Deprecated in 0.2.0, removed in 0.3.0.
  @available(*, deprecated, message: "name the level level:")
  public init(
    phase: Phase, screen: Screen, previous: Screen? = nil, cause: Cause, window: String = "main", tab: String? = nil,
    presentation: Presentation? = nil, depth: Int, isUncovered: Bool = false, isCovered: Bool = false,
    timeOnScreen: Duration? = nil, visit: UInt64 = 0, timing: Timing? = nil, timestamp: Date = WaypointClock.live.now()
  ) {
    self.init(
      phase: phase, screen: screen, previous: previous, cause: cause, window: window, tab: tab,
      presentation: presentation, level: depth, isUncovered: isUncovered, isCovered: isCovered,
      timeOnScreen: timeOnScreen, visit: visit, timing: timing, timestamp: timestamp)
  }
}
