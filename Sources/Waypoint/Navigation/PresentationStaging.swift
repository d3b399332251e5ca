/// Which presented levels a UI that presents one level per update may show now.
///
/// SwiftUI presents one sheet level per view update: given a state with two new levels at once
/// (a restore, two quick routes), it shows the first and drops the second ("Currently, only
/// presenting a single sheet is supported"), and a presentation asked for while another leaves
/// from the same view (a sheet replaced by a full-screen cover) fails the same way. A host
/// stages such changes: it asks for a presented level only once the level under it is on screen
/// and nothing else is still on screen at its place, so each update asks SwiftUI for one
/// presentation, and the whole state is on screen a few updates later.
///
/// ```swift
/// var staging = PresentationStaging()
/// staging.shownLevels(of: state.levels)         // 2: the root and the first sheet
/// staging.appeared(depth: 1, screen: "Sheet#2")   // the first sheet finished presenting
/// staging.shownLevels(of: state.levels)         // 3: now the sheet over it
/// ```
///
/// `WaypointHost` keeps one per window.
public struct PresentationStaging: Sendable, Equatable {
  /// The root screens of the presented levels on screen, by depth (the first is depth 1).
  public private(set) var onScreen: [String] = []

  /// Staging with nothing presented yet.
  public init() {}

  /// How many of `levels`, from the root, may be drawn now: the root, then each presented level
  /// whose presenter is on screen and whose place no other level still holds.
  ///
  /// - Complexity: O(*n*) in the number of levels.
  public func shownLevels(of levels: [NavigationLevel]) -> Int {
    guard !levels.isEmpty else { return 0 }
    var shown = 1
    while shown < levels.count, mayShow(levels, depth: shown) {
      shown += 1
    }
    return shown
  }

  /// Notes that the presented level at `depth` (1 or more), whose root is `screen`, finished
  /// presenting; what was noted above it is forgotten.
  public mutating func appeared(depth: Int, screen: String) {
    guard depth >= 1, depth <= onScreen.count + 1 else { return }
    onScreen.removeSubrange((depth - 1)...)
    onScreen.append(screen)
  }

  /// Notes that the presented level at `depth`, whose root is `screen`, left the screen, with
  /// everything over it.
  public mutating func disappeared(depth: Int, screen: String) {
    guard depth >= 1, depth <= onScreen.count, onScreen[depth - 1] == screen else { return }
    onScreen.removeSubrange((depth - 1)...)
  }

  /// Forgets the levels `levels` no longer has (for a UI that did not report their leaving).
  public mutating func prune(to levels: [NavigationLevel]) {
    let kept = zip(onScreen.indices, onScreen).prefix { index, screen in
      index + 1 < levels.count && levels[index + 1].root?.id == screen
    }.count
    onScreen.removeSubrange(kept...)
  }

  /// Whether the presented level at `depth` may be asked for: the level under it is on screen
  /// (or is the root), and its place is free or already holds it.
  private func mayShow(_ levels: [NavigationLevel], depth: Int) -> Bool {
    let presenterShown = depth == 1 || (depth - 2 < onScreen.count && onScreen[depth - 2] == levels[depth - 1].root?.id)
    let placeFree = depth - 1 >= onScreen.count || onScreen[depth - 1] == levels[depth].root?.id
    return presenterShown && placeFree
  }
}
