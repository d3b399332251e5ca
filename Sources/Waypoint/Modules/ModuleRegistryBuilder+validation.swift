extension ModuleRegistryBuilder {
  /// Checks the registrations and builds the registry.
  ///
  /// - Throws: A `BuildError` with every problem at once, each a ``ModuleError``: duplicate keys
  ///   or targets (`duplicateRegistration`), adapters to unknown keys (`notRegistered`),
  ///   two adapters for one key (`duplicateRegistration`), adapter cycles (`adapterCycle`),
  ///   declared dependencies that are not registered (`missingDependency`), restrictions and URL
  ///   bindings for modules that are not registered (`notRegistered`), and bindings whose
  ///   configuration type is not the module's (`typeMismatch`).
  public func build() throws(BuildError) -> ModuleRegistry {
    let diagnostics = diagnose()
    guard diagnostics.isEmpty else { throw BuildError(diagnostics) }
    return ModuleRegistry(builder: self)
  }

  /// Every problem ``build()`` would report, each an error naming the registrations involved.
  public func diagnose() -> [Diagnostic] {
    problems().map { Diagnostic(.error, $0) }
  }

  private func problems() -> [ModuleError] {
    var problems: [ModuleError] = []
    // Sized once: hashing and growing these is most of what building a registry costs.
    var keys = [ModuleKey: ModuleRegistration](minimumCapacity: registrations.count)
    // Where each key's registration in force is, so later checks go in registration order: a
    // fixed order for messages that costs no sorting by name (names of generic types are long).
    var latest = [ModuleKey: Int](minimumCapacity: registrations.count)
    var targets: [String: ModuleKey] = [:]
    for (index, registration) in registrations.enumerated() {
      latest[registration.key] = index
      if keys.updateValue(registration, forKey: registration.key) != nil, !registration.overrides {
        problems.append(
          ModuleError(
            .duplicateRegistration,
            "the key '\(registration.key)' is registered twice; pass overriding: true to replace it"))
      }
      if let target = registration.target {
        if let other = targets[target], !registration.overrides {
          problems.append(
            ModuleError(
              .duplicateRegistration, "the target '\(target)' names both '\(other)' and '\(registration.key)'",
              module: target))
        }
        targets[target] = registration.key
      }
    }
    let adapted = adapterProblems(registered: keys, into: &problems)
    problems += adapterCycles(adapted)
    for (index, registration) in registrations.enumerated() where latest[registration.key] == index {
      for dependency in registration.dependencies where keys[dependency] == nil && adapted[dependency] == nil {
        problems.append(
          ModuleError(
            .missingDependency, "'\(registration.key)' depends on '\(dependency)', which is not registered"))
      }
    }
    problems += navigationProblems(registered: keys, adapted: adapted)
    return problems
  }

  /// The adapters by the interface they adapt, with the problems of adapting one twice, of
  /// adapting a registered key, and of leading to nothing.
  private func adapterProblems(
    registered keys: [ModuleKey: ModuleRegistration], into problems: inout [ModuleError]
  ) -> [ModuleKey: ModuleAdapter] {
    var adapted: [ModuleKey: ModuleAdapter] = [:]
    for adapter in adapters {
      if let earlier = adapted[adapter.required] {
        problems.append(
          ModuleError(
            .duplicateRegistration,
            "'\(adapter.required)' is adapted twice, to '\(earlier.provided)' and to '\(adapter.provided)'; keep one",
            module: adapter.required.name))
      }
      adapted[adapter.required] = adapter
    }
    for adapter in adapters {
      if keys[adapter.required] != nil {
        problems.append(
          ModuleError(
            .duplicateRegistration, "'\(adapter.required)' is both registered and adapted to '\(adapter.provided)'"))
      }
      if keys[adapter.provided] == nil, adapted[adapter.provided] == nil {
        problems.append(
          ModuleError(
            .notRegistered,
            "the adapter from '\(adapter.required)' leads to '\(adapter.provided)', which is not registered"))
      }
    }
    return adapted
  }

  /// Restrictions and bindings for modules that are not there, and bindings that fill another
  /// configuration than the module's.
  private func navigationProblems(
    registered: [ModuleKey: ModuleRegistration], adapted: [ModuleKey: ModuleAdapter]
  ) -> [ModuleError] {
    var problems: [ModuleError] = []
    // Only the keys at fault are sorted by name, for a fixed order of messages.
    let unrestricted = restrictions.keys.filter { registered[$0] == nil && adapted[$0] == nil }
    for key in unrestricted.sorted(by: { $0.name < $1.name }) {
      problems.append(
        ModuleError(
          .notRegistered, "presentations are restricted for '\(key)', which is not registered", module: key.name))
    }
    let faulty = bindings.filter { key, binding in
      registered[key].map { binding.configuration != $0.configurationType } ?? true
    }
    for (key, binding) in faulty.sorted(by: { $0.key.name < $1.key.name }) {
      guard let registration = registered[key] else {
        problems.append(
          ModuleError(
            .notRegistered, "a URL binding fills '\(key)', which is not registered (bindings need a registered module)",
            module: key.name))
        continue
      }
      if binding.configuration != registration.configurationType {
        problems.append(
          ModuleError(
            .typeMismatch,
            "the URL binding of '\(key)' fills \(binding.configuration), but the module is registered with "
              + "\(registration.configurationType)",
            module: key.name))
      }
    }
    return problems
  }

  private func adapterCycles(_ adapted: [ModuleKey: ModuleAdapter]) -> [ModuleError] {
    var reported = Set<ModuleKey>()
    var problems: [ModuleError] = []
    for start in adapters.map(\.required) where !reported.contains(start) {
      var path = [start]
      var current = start
      while let next = adapted[current]?.provided {
        if let loopStart = path.firstIndex(of: next) {
          let loop = Array(path[loopStart...]) + [next]
          if loop.allSatisfy({ !reported.contains($0) }) {
            problems.append(
              ModuleError(.adapterCycle, "adapters go round in a circle: \(loop.map(\.name).joined(separator: " → "))")
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
