import Waypoint

/// Which presented levels a UI that presents one level per update may show now.
///
/// SwiftUI presents one sheet level per view update: given a state with two new levels at once
/// (a restore, two quick routes), it shows the first and drops the second ("Currently, only
/// presenting a single sheet is supported"), and a presentation asked for while another still
/// comes or goes from the same view (a sheet replaced by a full-screen cover) fails the same way.
/// A host stages such changes: it asks for a presented level only once the level under it has
/// finished presenting and no other level holds its slot, so each update asks SwiftUI for one
/// presentation, and the whole state is on screen a few updates later.
///
/// ```swift
/// var staging = PresentationStaging()
/// staging.shownLevels(of: state.levels)                 // 2: the root and the first sheet
/// staging.appeared(level: 1, screen: "Sheet#2")     // it starts to slide in
/// staging.finishedPresenting(level: 1, screen: "Sheet#2")
/// staging.shownLevels(of: state.levels)                 // 3: now the sheet over it
/// ```
///
/// `WaypointHost` keeps one per window.
package struct PresentationStaging: Sendable, Equatable {
  /// A presented level on screen: its root screen, and whether its presentation has finished.
  private struct Slot: Sendable, Equatable {
    var screen: String
    var finished: Bool
  }

  /// The presented levels on screen, by level (the first is level 1).
  private var slots: [Slot] = []

  /// Staging with nothing presented yet.
  package init() {}

  /// The root screens of the presented levels on screen, by level (the first is level 1).
  package var onScreen: [String] { slots.map(\.screen) }

  /// How many of `levels`, from the root, may be drawn now: the root, then each presented level
  /// whose presenter has finished presenting and whose slot no other level holds.
  ///
  /// - Complexity: O(*n*) in the number of levels.
  package func shownLevels(of levels: [NavigationLevel]) -> Int {
    guard !levels.isEmpty else { return 0 }
    var shown = 1
    while shown < levels.count, mayShow(levels, level: shown) {
      shown += 1
    }
    return shown
  }

  /// Notes that the presented level at `level` (1 or more), whose root is `screen`, started to
  /// appear.
  ///
  /// It holds its slot from now on. What was noted above it is forgotten, unless the
  /// level was already there (it appears again when a cover over it leaves).
  package mutating func appeared(level: Int, screen: String) {
    guard level >= 1, level <= slots.count + 1 else { return }
    if level <= slots.count, slots[level - 1].screen == screen { return }
    slots.removeSubrange((level - 1)...)
    slots.append(Slot(screen: screen, finished: false))
  }

  /// Notes that the presentation of the level at `level`, whose root is `screen`, finished: the
  /// level over it may be presented.
  package mutating func finishedPresenting(level: Int, screen: String) {
    guard level >= 1, level <= slots.count, slots[level - 1].screen == screen else { return }
    slots[level - 1].finished = true
  }

  /// Notes that the presented level at `level`, whose root is `screen`, left the screen, with
  /// everything over it: its slot is free.
  package mutating func disappeared(level: Int, screen: String) {
    guard level >= 1, level <= slots.count, slots[level - 1].screen == screen else { return }
    slots.removeSubrange((level - 1)...)
  }

  /// Forgets the levels `levels` no longer has (for a UI that did not report their leaving).
  package mutating func prune(to levels: [NavigationLevel]) {
    let kept = zip(slots.indices, slots).prefix { index, slot in
      index + 1 < levels.count && levels[index + 1].root?.id == slot.screen
    }.count
    slots.removeSubrange(kept...)
  }

  /// Whether the presented level at `level` may be asked for: the level under it is the root or
  /// finished presenting, and its slot is free or already holds it.
  private func mayShow(_ levels: [NavigationLevel], level: Int) -> Bool {
    let presenter = level >= 2 && level - 2 < slots.count ? slots[level - 2] : nil
    let presenterReady =
      level == 1 || (presenter?.finished == true && presenter?.screen == levels[level - 1].root?.id)
    let slotFree = level - 1 >= slots.count || slots[level - 1].screen == levels[level].root?.id
    return presenterReady && slotFree
  }
}
