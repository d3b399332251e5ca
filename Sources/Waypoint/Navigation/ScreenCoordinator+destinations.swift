import WaypointMatching

/// Makes the destinations of screens a navigator has to build itself: restoring a saved state,
/// or a path of screens a plan pushes.
///
/// ``ScreenCoordinator`` is one; a navigator over real views keeps one weakly and asks it for each
/// screen of a plan that it does not already show.
@MainActor
package protocol DestinationSource: AnyObject {
  /// Makes the destination `screen` shows.
  func destination(for screen: Screen) throws -> MadeModule
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
  /// The module is the one the screen names (``Screen/target``: the module's target, or its
  /// type's name when it has none), configured by the module's binding from the link that
  /// opened the screen (``Screen/link``) with the screen's parameters as its values, so
  /// `request.int("id")`, `request.url` and the query read a restored screen as they read the
  /// link that first opened it. A screen no link opened (a state the app wrote, or saved before
  /// screens kept their links) is bound from its parameters alone: its request's URL is empty,
  /// never one the screen did not come from.
  ///
  /// ```swift
  /// let editor = try modules.destination(for: Screen(id: "NoteEditor#3", target: "NoteEditor", link: "notes://note/42"))
  /// ```
  ///
  /// - Throws: A ``ModuleError``: `notRegistered` for an unknown target, or what making fails with.
  package func destination(for screen: Screen) throws -> MadeModule {
    if let shown = shownDestination(of: screen.id) { return shown }
    if let made = prebuilt.removeValue(forKey: screen.id) { return made }
    let key = try registry.key(forScreen: screen.target)
    // A saved link that does not parse is not trusted: the screen is bound from its parameters.
    let opened = screen.link.flatMap { try? ParsedURL($0) } ?? (try? ParsedURL(""))
    let request = opened.map { RouteRequest(url: $0, parameters: PathParameters(screen.parameters)) }
    return try makeScreenModule(key, from: request)
  }
}
