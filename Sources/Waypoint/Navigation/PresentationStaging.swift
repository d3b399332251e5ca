/// Which presented levels a UI that presents one level per update may show now.
///
/// SwiftUI presents one sheet level per view update: given a state with two new levels at once
/// (a restore, two quick routes), it shows the first and drops the second ("Currently, only
/// presenting a single sheet is supported"). A host stages such changes: it shows a presented
/// level only once the level under it has appeared, so each update asks SwiftUI for one new
/// presentation, and the whole state is on screen a few updates later.
///
/// ```swift
/// var staging = PresentationStaging()
/// staging.shownLevels(of: state.levels)        // 2: the root and the first sheet
/// staging.appeared(depth: 1, screen: "Sheet#2")  // the first sheet is on screen
/// staging.shownLevels(of: state.levels)        // 3: now the sheet over it
/// ```
///
/// `WaypointHost` keeps one per window.
public struct PresentationStaging: Sendable, Equatable {
  /// The root screens of the presented levels that appeared, by depth (the first is depth 1).
  public private(set) var appeared: [String] = []

  /// Staging with nothing presented yet.
  public init() {}

  /// How many of `levels`, from the root, may be drawn now: the root, each presented level
  /// whose own presenter has appeared, up to the first that has not appeared itself.
  ///
  /// - Complexity: O(*n*) in the number of levels.
  public func shownLevels(of levels: [NavigationLevel]) -> Int {
    guard !levels.isEmpty else { return 0 }
    var shown = 1
    while shown < levels.count, hasAppeared(levels, depth: shown - 1) {
      shown += 1
    }
    return shown
  }

  /// Notes that the presented level at `depth` (1 or more), whose root is `screen`, is on screen.
  public mutating func appeared(depth: Int, screen: String) {
    guard depth >= 1, depth <= appeared.count + 1 else { return }
    appeared.removeSubrange((depth - 1)...)
    appeared.append(screen)
  }

  /// Forgets the levels `levels` no longer present (dismissed, or replaced by another screen).
  public mutating func prune(to levels: [NavigationLevel]) {
    let kept = zip(appeared.indices, appeared).prefix { index, screen in
      index + 1 < levels.count && levels[index + 1].root?.id == screen
    }.count
    appeared.removeSubrange(kept...)
  }

  /// Whether the level at `depth` is the root or a presented level that appeared.
  private func hasAppeared(_ levels: [NavigationLevel], depth: Int) -> Bool {
    depth == 0 || (depth - 1 < appeared.count && appeared[depth - 1] == levels[depth].root?.id)
  }
}
