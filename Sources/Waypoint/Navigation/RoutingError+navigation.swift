extension RoutingError.Code {
  /// The source screen is not on screen, is covered, or cannot show the destination that way.
  public static let invalidSource: Self = "invalidSource"
  /// The module does not support the presentation asked for.
  public static let unsupportedPresentation: Self = "unsupportedPresentation"
  /// A transition started while another was still in flight.
  public static let unbalancedTransition: Self = "unbalancedTransition"
  /// A route was performed while it was already routing.
  public static let overRoute: Self = "overRoute"
  /// A route was performed twice without being removed in between.
  public static let alreadyPerformed: Self = "alreadyPerformed"
  /// A route was removed before it was performed.
  public static let notPerformed: Self = "notPerformed"
  /// A route was removed after its screen had already gone.
  public static let screenGone: Self = "screenGone"
}
