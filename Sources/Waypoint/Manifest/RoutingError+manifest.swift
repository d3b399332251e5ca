extension RoutingError.Code {
  /// A route manifest cannot be read or breaks the manifest format.
  public static let invalidManifest: Self = "invalidManifest"
  /// A redirect leads to no route of its manifest.
  public static let unreachableRedirect: Self = "unreachableRedirect"
  /// A redirect uses none of the parameters its route captures (a lint warning).
  public static let redirectIgnoresParameters: Self = "redirectIgnoresParameters"
}
