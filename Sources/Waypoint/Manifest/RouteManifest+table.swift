#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension RouteManifest {
  /// Compiles the manifest into a route table whose payloads are the manifest's routes.
  ///
  /// - Throws: A `BuildError` with what `diagnose(parameterTypes:)` reports: every invalid
  ///   pattern, conflict, duplicate name or bad redirect, each a `RoutingError` naming the
  ///   route's position and name, and the warnings.
  package func makeTable(
    parameterTypes: ParameterTypes = ParameterTypes()
  ) throws(BuildError) -> RouteTable<RouteDefinition> {
    // Read from a compiled table and unchanged since: its index, with no trie built.
    if let precompiled = compiled.precompiled, precompiled.options == options, precompiled.hosts == hosts,
      precompiled.isCompiled(with: parameterTypes),
      // The same array as read (an unchanged manifest) compares at once; a changed one, route by route.
      routes == compiled.routes
    {
      let table = precompiled.table(payloads: routes)
      if !redirectDiagnostics(table).contains(where: { $0.severity == .error }) { return table }
    }
    guard let table = try? builder(parameterTypes).build(),
      !redirectDiagnostics(table).contains(where: { $0.severity == .error })
    else { throw BuildError(diagnose(parameterTypes: parameterTypes)) }
    return table
  }

  /// Every problem lint reports for this manifest: errors that stop `makeTable(parameterTypes:)`
  /// and warnings (shadowed routes, risky or overlapping regexes, unreachable redirects).
  package func diagnose(parameterTypes: ParameterTypes = ParameterTypes()) -> [Diagnostic] {
    let builder = builder(parameterTypes)
    var diagnostics = builder.diagnose().map { diagnostic in
      diagnostic.error(as: RoutingError.self).map { Diagnostic(diagnostic.severity, located($0)) } ?? diagnostic
    }
    if !diagnostics.contains(where: { $0.severity == .error }), let table = try? builder.build() {
      diagnostics += redirectDiagnostics(table)
    }
    return diagnostics + underDiagnostics(parameterTypes) + stackDiagnostics()
  }

  /// Warnings about routes whose `presentsStack` cannot present their stack.
  private func stackDiagnostics() -> [Diagnostic] {
    routes.enumerated().compactMap { index, route in
      guard route.placement.presentsStack else { return nil }
      let presentation = route.presentation ?? .push
      guard !presentation.isModal else { return nil }
      let message =
        "'presentsStack' is true but the presentation '\(presentation)' presents nothing, so it does nothing: "
        + "give a sheet, a cover, a popover, a present style or a custom transition"
      var problem = ManifestReader.error(message, field: "presentsStack", route: position(of: index), name: route.name)
      problem.code = .stackNotPresented
      return Diagnostic(.warning, problem)
    }
  }

  // MARK: - Values of the screens under a route

  /// Warnings about the values `under` entries take: one the route cannot give, and one every
  /// route to the entry's target captures that the entry does not give.
  private func underDiagnostics(_ parameterTypes: ParameterTypes) -> [Diagnostic] {
    guard routes.contains(where: { !$0.under.isEmpty }) else { return [] }
    let patterns = routes.map { try? RoutePattern($0.pattern, options: options, parameterTypes: parameterTypes) }
    let required = requiredValues(patterns)
    var diagnostics: [Diagnostic] = []
    for (index, route) in routes.enumerated() {
      guard let pattern = patterns[index] else { continue }
      let given = Set(pattern.parameterNames).union(route.defaults.keys)
      for (position, screen) in route.under.enumerated() {
        let field = screen.takesValues ? "under[\(position)]" : "under"
        for name in screen.parameters where !given.contains(name) {
          diagnostics.append(
            underWarning(
              .underValueNotCaptured,
              "the screen '\(screen.target)' under it takes '\(name)', which the route's pattern does not capture "
                + "and its defaults do not give: only the link's query could", route: index, field: field))
        }
        let gives = Set(screen.parameters).union(screen.defaults.keys)
        for name in (required[screen.target] ?? []).sorted() where !gives.contains(name) {
          diagnostics.append(
            underWarning(
              .underValueMissing,
              "the screen '\(screen.target)' under it is not given '\(name)', which every route to '\(screen.target)' "
                + "captures: add it to the entry's parameters or defaults", route: index, field: field))
        }
      }
    }
    return diagnostics
  }

  /// For each target, the values every route to it captures outside optional groups.
  private func requiredValues(_ patterns: [RoutePattern?]) -> [String: Set<String>] {
    var required: [String: Set<String>] = [:]
    for (route, pattern) in zip(routes, patterns) {
      guard let target = route.target, let pattern else { continue }
      let captured = Set(pattern.segments.filter { $0.group == nil }.compactMap(\.parameterName))
        .subtracting(route.defaults.keys)
      required[target] = required[target].map { $0.intersection(captured) } ?? captured
    }
    return required
  }

  private func underWarning(_ code: ManifestError.Code, _ message: String, route: Int, field: String) -> Diagnostic {
    var problem = ManifestReader.error(message, field: field, route: position(of: route), name: routes[route].name)
    problem.code = code
    return Diagnostic(.warning, problem)
  }

  /// Every problem in a manifest file's data: reading errors (JSON, unknown fields, types)
  /// and, when it reads, those of `diagnose(parameterTypes:)`.
  package static func diagnose(data: Data, parameterTypes: ParameterTypes = ParameterTypes()) -> [Diagnostic] {
    var reader = ManifestReader()
    let manifest = reader.read(data)
    return reader.errors.map { Diagnostic(.error, $0) } + manifest.diagnose(parameterTypes: parameterTypes)
  }

  private func builder(_ parameterTypes: ParameterTypes) -> RouteTableBuilder<RouteDefinition> {
    var builder = RouteTableBuilder<RouteDefinition>(options: options)
    builder.parameterTypes = parameterTypes
    builder.hosts = hosts
    builder.reserveCapacity(routes.count)
    builder.precompiled = compiled.precompiled
    for route in routes {
      builder.add(route.pattern, name: route.name, priority: route.priority, payload: route)
    }
    return builder
  }

  /// The error with the manifest position of its route (registration order is manifest order),
  /// its message starting with where the route is.
  private func located(_ error: RoutingError) -> RoutingError {
    guard let index = error.routePosition, routes.indices.contains(index) else { return error }
    var copy = error
    copy.routePosition = position(of: index)
    copy.routeName = routes[index].name
    let place = ManifestReader.place(route: copy.routePosition, name: copy.routeName, field: error.manifestField)
    copy.message = "\(place): \(error.message)"
    return copy
  }

  // MARK: - Redirects

  private func redirectDiagnostics(_ table: RouteTable<RouteDefinition>) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    // Most manifests have no redirect: then the table's routes are not even listed.
    guard self.routes.contains(where: { $0.redirect != nil }) else { return diagnostics }
    // Made once: a redirect is compared only with the routes that could take it (see RouteShapes).
    let routes = table.routes
    // Read once: a table keeps its patterns as text.
    let patterns = routes.map(\.pattern)
    let shapes = RouteShapes(patterns)
    for (offset, route) in routes.enumerated() {
      guard let redirect = route.payload.redirect else { continue }
      let pattern = patterns[offset]
      let place = (route: position(of: offset), name: route.payload.name)
      let compiled: RedirectTemplate
      switch RedirectTemplate.check(
        redirect, from: pattern.source, options: options, parameterTypes: table.parameterTypes)
      {
      case .success(let template):
        compiled = template
      case .failure(let reason):
        let location = ManifestReader.place(route: place.route, name: place.name, field: "redirect")
        let problem = RoutingError(
          .invalidRedirect, "\(location): \(reason.message)", pattern: pattern.source,
          parameter: reason.parameter,
          routePosition: place.route, routeName: place.name)
        diagnostics.append(Diagnostic(.error, problem))
        continue
      }
      guard let target = compiled.pattern else {
        // A whole URL from a query item: any host, any route of the table.
        var problem = ManifestReader.error(
          "the redirect forwards the URL in the query item '\(compiled.wholeURLItem ?? "")' to any host: a link "
            + "can send it anywhere the table reaches (it keeps the link's origin, so an external link still "
            + "reaches public routes only)", field: "redirect", route: place.route, name: place.name)
        problem.code = .redirectFromQuery
        diagnostics.append(Diagnostic(.warning, problem))
        continue
      }
      if let warning = Self.ignoredParameters(redirect, target, pattern) {
        var problem = ManifestReader.error(warning, field: "redirect", route: place.route, name: place.name)
        problem.code = .redirectIgnoresParameters
        diagnostics.append(Diagnostic(.warning, problem))
      }
      if !shapes.candidates(for: target).contains(where: { Self.mayMatch(patterns[$0], target) }) {
        var problem = ManifestReader.error(
          "the redirect '\(redirect)' leads to no route of this manifest", field: "redirect", route: place.route,
          name: place.name)
        problem.code = .unreachableRedirect
        diagnostics.append(Diagnostic(.warning, problem))
      }
    }
    return diagnostics
  }

  /// A warning when `target` uses none of the parameters `source` captures: every match then
  /// redirects to the same URL, and `{id}` in a template is literal text, not a parameter.
  static func ignoredParameters(_ redirect: String, _ target: RoutePattern, _ source: RoutePattern) -> String? {
    let captured = source.parameterNames
    guard target.parameterNames.isEmpty, let first = captured.first else { return nil }
    var warning =
      "the redirect '\(redirect)' uses none of the route's parameters ("
      + captured.map { "'\($0)'" }.joined(separator: ", ") + "): every match redirects to the same URL"
    if redirect.contains("{") { warning += "; '{\(first)}' is literal text: write ':\(first)' to carry the value" }
    return warning
  }

  /// Whether some URL the template can print might match `pattern`: literals must agree; a
  /// parameter of the template may hold anything.
  static func mayMatch(_ pattern: RoutePattern, _ template: RoutePattern) -> Bool {
    if let scheme = pattern.scheme, scheme != template.scheme { return false }
    if let host = pattern.host, host != template.host { return false }
    return pattern.spellings.contains { spelling in
      template.spellings.contains { Self.mayMatch(spelling.segments, $0.segments) }
    }
  }

  private static func mayMatch(_ pattern: [PatternSegment], _ template: [PatternSegment]) -> Bool {
    for (position, segment) in pattern.enumerated() {
      if case .rest = segment.kind { return template.count > position }
      guard position < template.count else { return false }
      switch (segment.kind, template[position].kind) {
      case (.literal(let expected), .literal(let written)):
        if expected != written { return false }
      case (.parameter(let parameter), .literal(let written)):
        if parameter.matches(written) == false { return false }
      case (.literal, .rest), (.parameter, .rest):
        return true
      default:
        continue
      }
    }
    return pattern.count == template.count
  }
}

/// The routes of a table by the shape of their spellings (``SpellingShape``).
///
/// A redirect is then compared only with routes that could take it: a spelling of the same length (or ending in a rest no longer)
/// whose first segment is the redirect's first literal or a parameter, or any longer route when
/// the redirect ends in a rest. Lint's unreachable-redirect check is then bounded by the routes
/// of one shape instead of redirects × routes; tests compare it with checking every route.
struct RouteShapes {
  private var routes: [SpellingShape: [Int]] = [:]
  private var restLengths: [Int] = []

  init(_ patterns: [RoutePattern]) {
    var lengths = Set<Int>()
    for (index, pattern) in patterns.enumerated() {
      for spelling in pattern.spellings {
        let shape = SpellingShape(spelling.segments)
        if routes[shape]?.last != index { routes[shape, default: []].append(index) }
        if shape.endsInRest { lengths.insert(shape.count) }
      }
    }
    restLengths = lengths.sorted()
  }

  /// The routes that may match some URL of `template`, in table order, each once.
  func candidates(for template: RoutePattern) -> [Int] {
    var found = Set<Int>()
    for spelling in template.spellings {
      let shape = SpellingShape(spelling.segments)
      let (count, first) = (shape.count, shape.firstLiteral)
      // A route's first literal takes the same literal, or anything but a literal in the template.
      var shapes: [SpellingShape] = []
      if let first {
        shapes += [
          SpellingShape(count: count, endsInRest: false, firstLiteral: first),
          SpellingShape(count: count, endsInRest: false, firstLiteral: nil),
        ]
      } else {
        shapes += routes.keys.filter { $0.count == count && !$0.endsInRest }
      }
      // A template ending in a rest takes every longer route from its rest on.
      if shape.endsInRest {
        shapes += routes.keys.filter {
          $0.count > count && (first == nil || $0.firstLiteral == nil || $0.firstLiteral == first)
        }
      }
      for length in restLengths where length <= count {
        shapes += routes.keys.filter {
          $0.endsInRest && $0.count == length
            && (first == nil || $0.firstLiteral == nil || $0.firstLiteral == first)
        }
      }
      for shape in shapes { found.formUnion(routes[shape] ?? []) }
    }
    return found.sorted()
  }
}
