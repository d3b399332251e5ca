/// The error of the module registry: registering, adapting, configuring and making modules.
///
/// ```swift
/// do {
///   let login = try registry.make((any LoginModule).self)
/// } catch where error.code == .missingConfiguration {
///   print(error.message)  // names the module and the values it needs
/// }
/// ```
public struct ModuleError: WaypointError {
  /// What kind of module failure an error is.
  public struct Code: ErrorCode {
    /// The code's stable name.
    public var rawValue: String

    /// Makes a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No module is registered (or adapted) for the key or target.
    public static let notRegistered: Code = "notRegistered"
    /// A module's required configuration values were not set.
    public static let missingConfiguration: Code = "missingConfiguration"
    /// Filling a module's configuration from a deep link's request failed.
    public static let bindingFailed: Code = "bindingFailed"
    /// Making a module needs the module itself, through its dependencies.
    public static let dependencyCycle: Code = "dependencyCycle"
    /// Adapters lead round in a circle.
    public static let adapterCycle: Code = "adapterCycle"
    /// Two registrations share a key or a target.
    public static let duplicateRegistration: Code = "duplicateRegistration"
    /// A factory, an adapter or a module's preparation threw an error that is not a ``ModuleError``.
    public static let factoryFailed: Code = "factoryFailed"
    /// A declared dependency is not registered.
    public static let missingDependency: Code = "missingDependency"
    /// A module, its configuration or an adapter's value is not of the type asked for.
    public static let typeMismatch: Code = "typeMismatch"
    /// A main-actor module (`registerScreen`) was asked for away from the main thread.
    public static let notOnMainActor: Code = "notOnMainActor"
  }

  /// What kind of failure this is.
  public var code: Code
  /// A sentence for people that names the module at fault and, when one module asked for
  /// another, the chain that led there.
  public var message: String
  /// The module at fault: its key's name or its target, when there is one.
  public var module: String?

  /// Makes an error.
  package init(_ code: Code, _ message: String, module: String? = nil) {
    self.code = code
    self.message = message
    self.module = module
  }
}
