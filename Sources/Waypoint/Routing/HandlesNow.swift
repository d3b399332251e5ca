/// A handler that can handle a request within the caller's main-actor turn.
///
/// A screen's link that no middleware makes wait then changes the state before the call returns
/// (the router's `open(now:openID:)`). The navigation's handlers are; any other handler runs in a task, as
/// ``RouteHandler/handle(_:)`` says.
package protocol HandlesNow: RouteHandler {
  /// Whether ``handleNow(_:)`` can handle `request` now; asked before anything of the open is
  /// done, and free of effects.
  @MainActor func canHandleNow(_ request: RouteRequest) -> Bool
  /// Handles `request` as ``RouteHandler/handle(_:)`` does, within the caller's turn.
  @MainActor func handleNow(_ request: RouteRequest) throws -> any Sendable
}
