extension ModuleRegistryBuilder {
  /// Checks the registrations and builds the registry.
  ///
  /// - Throws: Every problem at once, in one error whose code is the first problem's and whose
  ///   message lists them all: duplicate keys or identifiers (`duplicateRegistration`), adapters to
  ///   unknown keys (`notRegistered`), adapter cycles (`adapterCycle`), and declared dependencies
  ///   that are not registered (`missingDependency`).
  public func build() throws(RoutingError) -> ModuleRegistry {
    let problems = problems()
    if let first = problems.first {
      guard problems.count > 1 else { throw first }
      var combined = first
      combined.message =
        "\(problems.count) problems in the module registry:\n"
        + problems.map { "- \($0.message)" }.joined(separator: "\n")
      throw combined
    }
    return ModuleRegistry(builder: self)
  }

  /// Every problem ``build()`` would report, each naming the registrations involved.
  public func problems() -> [RoutingError] {
    var problems: [RoutingError] = []
    var keys: [ModuleKey: ModuleRegistration] = [:]
    var identifiers: [String: ModuleKey] = [:]
    for registration in registrations {
      if keys[registration.key] != nil, !registration.overrides {
        problems.append(
          RoutingError(
            .duplicateRegistration,
            "the key '\(registration.key)' is registered twice; pass overriding: true to replace it"))
      }
      keys[registration.key] = registration
      if let identifier = registration.identifier {
        if let other = identifiers[identifier], !registration.overrides {
          problems.append(
            RoutingError(
              .duplicateRegistration, "the identifier '\(identifier)' names both '\(other)' and '\(registration.key)'",
              routeName: identifier))
        }
        identifiers[identifier] = registration.key
      }
    }
    let adapted = Dictionary(adapters.map { ($0.required, $0) }) { _, later in later }
    for adapter in adapters {
      if keys[adapter.required] != nil {
        problems.append(
          RoutingError(
            .duplicateRegistration, "'\(adapter.required)' is both registered and adapted to '\(adapter.provided)'"))
      }
      if keys[adapter.provided] == nil, adapted[adapter.provided] == nil {
        problems.append(
          RoutingError(
            .notRegistered,
            "the adapter from '\(adapter.required)' leads to '\(adapter.provided)', which is not registered"))
      }
    }
    problems += adapterCycles(adapted)
    for registration in keys.values.sorted(by: { $0.key.name < $1.key.name }) {
      for dependency in registration.dependencies where keys[dependency] == nil && adapted[dependency] == nil {
        problems.append(
          RoutingError(
            .missingDependency, "'\(registration.key)' depends on '\(dependency)', which is not registered"))
      }
    }
    return problems
  }

  private func adapterCycles(_ adapted: [ModuleKey: ModuleAdapter]) -> [RoutingError] {
    var reported = Set<ModuleKey>()
    var problems: [RoutingError] = []
    for start in adapted.keys.sorted(by: { $0.name < $1.name }) where !reported.contains(start) {
      var path = [start]
      var current = start
      while let next = adapted[current]?.provided {
        if let loopStart = path.firstIndex(of: next) {
          let loop = Array(path[loopStart...]) + [next]
          if loop.allSatisfy({ !reported.contains($0) }) {
            problems.append(
              RoutingError(.adapterCycle, "adapters go round in a circle: \(loop.map(\.name).joined(separator: " → "))")
            )
          }
          reported.formUnion(loop)
          break
        }
        path.append(next)
        current = next
      }
    }
    return problems
  }
}
