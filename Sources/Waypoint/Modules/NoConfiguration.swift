/// The configuration of a module that needs none.
public struct NoConfiguration: ModuleConfiguration {
  /// Nothing to configure.
  public init() {}
}
