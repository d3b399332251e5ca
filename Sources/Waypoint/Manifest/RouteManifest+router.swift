extension RouteManifest {
  /// A router over this manifest alone, for tools that resolve links without running anything
  /// (`waypoint resolve`, a test of a manifest): targets need no handler, and opening a route
  /// whose target has none fails with `missingHandler`.
  ///
  /// ```swift
  /// let router = try manifest.makeRouter()
  /// router.resolve("myapp://user/42", origin: .external()).route?.target  // "UserProfile"
  /// ```
  ///
  /// - Throws: What `makeTable(parameterTypes:)` throws, with the same messages.
  public func makeRouter(parameterTypes: ParameterTypes = ParameterTypes()) throws(BuildError) -> Router {
    var builder = RouterBuilder()
    builder.parameterTypes = parameterTypes
    builder.allowsUnhandledTargets = true
    builder.add(self)
    do {
      return try builder.build()
    } catch {
      // The table states a manifest's problems with its field; the router's own message is
      // the answer only for a problem the table does not have.
      _ = try makeTable(parameterTypes: parameterTypes)
      throw error
    }
  }
}
