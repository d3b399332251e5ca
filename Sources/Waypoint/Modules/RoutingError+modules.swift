extension RoutingError.Code {
  /// No module is registered (or adapted) for the key or identifier.
  public static let notRegistered: Self = "notRegistered"
  /// A module's required configuration values were not set.
  public static let missingConfiguration: Self = "missingConfiguration"
  /// Making a module needs the module itself, through its dependencies.
  public static let dependencyCycle: Self = "dependencyCycle"
  /// Adapters lead round in a circle.
  public static let adapterCycle: Self = "adapterCycle"
  /// Two registrations share a key or an identifier.
  public static let duplicateRegistration: Self = "duplicateRegistration"
  /// A factory threw an error that is not a ``RoutingError``.
  public static let factoryFailed: Self = "factoryFailed"
  /// A declared dependency is not registered.
  public static let missingDependency: Self = "missingDependency"
}
