import WaypointMatching

/// Makes the destinations of screens a navigator has to build itself: restoring a saved state,
/// or a path of screens a plan pushes.
///
/// ``ScreenCoordinator`` is one; a navigator over real views keeps one weakly and asks it for each
/// screen of a plan that it does not already show.
@MainActor
package protocol DestinationSource: AnyObject {
  /// Makes the destination `screen` shows.
  func destination(for screen: Screen) throws -> ScreenDestination
}

/// A navigator that builds screens it was not handed, such as a UIKit navigator restoring a state.
///
/// It needs a `DestinationSource`; a ``ScreenCoordinator`` made over one becomes its source.
@MainActor
package protocol RebuildingNavigator: Navigator {
  /// Where the navigator gets destinations for screens it must build; held weakly.
  var destinationSource: (any DestinationSource)? { get set }
}

extension ScreenCoordinator: DestinationSource {
  /// The destination of `screen`; the one call through which a navigator or a SwiftUI host gets
  /// what a screen shows.
  ///
  /// It is the one its shown module holds while it is shown, else a new one from the registry.
  ///
  /// The module is the one registered as the screen's target (or whose key is named so),
  /// configured by the module's binding from the screen's parameters.
  ///
  /// The binding reads a request made of the screen's own values: the link that opened it
  /// (``Screen/link``) with the screen's parameters as its values, so `request.int("id")`,
  /// `request.url` and the query read a restored screen as they read the link that first opened
  /// it. A screen no link opened has only its parameters; its request's URL names the target
  /// (`waypoint-screen://<target>`, or `waypoint-screen://screen` for a target that is not letters
  /// and digits).
  ///
  /// ```swift
  /// let editor = try modules.destination(for: Screen(id: "NoteEditor#3", target: "NoteEditor", parameters: ["id": "42"]))
  /// ```
  ///
  /// - Throws: A ``ModuleError``: `notRegistered` for an unknown target, or what making fails with.
  package func destination(for screen: Screen) throws -> ScreenDestination {
    if let shown = shownDestination(of: screen.id) { return shown }
    let named = registry.registrations.keys.first { $0.name == screen.target }
    let key =
      try registry.contains(target: screen.target)
      ? registry.key(for: screen.target) : named ?? registry.key(for: screen.target)
    return ScreenDestination(try makeScreenModule(key, from: Self.request(for: screen)).value)
  }

  /// The request a rebuilt screen's binding reads.
  private static func request(for screen: Screen) -> RouteRequest? {
    let plain = screen.target.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    let opened = screen.link.flatMap { try? ParsedURL($0) }
    guard let url = opened ?? (try? ParsedURL("waypoint-screen://" + (plain ? screen.target : "screen"))) else {
      return nil
    }
    return RouteRequest(url: url, parameters: PathParameters(screen.parameters))
  }
}
