extension RouteTable {
  /// Prints a URL that opens the route named `name` with exactly `parameters`, through this table.
  ///
  /// The guarantee: matching the printed URL with this table (its options and all its routes)
  /// gives this route and these parameters (and the same rest). Where the natural URL would open
  /// a literal sibling (`myapp://user/me` for `myapp://user/:id` with `id = "me"`), a route that
  /// ranks higher, or another reading of the route's optional groups, printing tries the other
  /// spellings of groups of literals only, then throws ``RoutingError/Code-swift.struct/unprintableURL``
  /// naming the route that would open instead. See ``RoutePattern/url(parameters:query:)``.
  ///
  /// ```swift
  /// var builder = RouteTableBuilder<String>()
  /// builder.add("myapp://user/me", name: "me", payload: "Me")
  /// builder.add("myapp://user/:id", name: "user", payload: "User")
  /// let table = try builder.build()
  /// try table.url(for: "user", parameters: ["id": "42"])  // "myapp://user/42"
  /// try table.url(for: "user", parameters: ["id": "me"])  // throws unprintableURL: it opens "me"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name of the route to print.
  ///   - parameters: A value for each of the route's parameters, by name (a rest takes
  ///     ``ParameterValue/segments(_:)``); leaving out every parameter of an optional group
  ///     leaves the group out. Empty by default.
  ///   - query: Query items appended in this order, percent-encoded. Empty by default.
  /// - Returns: The URL, percent-encoded.
  /// - Throws: ``RoutingError/Code-swift.struct/unknownRoute`` when no route has that name,
  ///   ``RoutingError/Code-swift.struct/invalidParameter`` naming the parameter at fault, or
  ///   ``RoutingError/Code-swift.struct/unprintableURL`` when no URL opens the route with these values.
  /// - Complexity: One parse and one match of the printed URL (about the cost of opening it); more
  ///   only when that URL opens something else and the route has optional groups of literals.
  public func url(
    for name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []
  ) throws(RoutingError) -> String {
    guard let position = routesByName[name] else {
      throw RoutingError(.unknownRoute, "no route is named '\(name)'", routeName: name)
    }
    let route = index.infos[position]
    do {
      return try index.url(for: route, parameters: parameters, query: query)
    } catch {
      throw error.inRoute(position: route.position, name: name)
    }
  }
}

extension RouteIndex {
  /// The first spelling of `route` with `parameters` that this index opens as that route with
  /// exactly those parameters.
  func url(
    for route: RouteInfo, parameters: [String: ParameterValue], query: [QueryItem]
  ) throws(RoutingError) -> String {
    let pattern = pattern(of: route)
    var refusal: RoutingError?
    for groups in try pattern.spellings(for: parameters) {
      let url = try pattern.spell(parameters, query: query, groups: groups)
      let parsed: ParsedURL
      do {
        parsed = try ParsedURL(url, options: options)
      } catch {
        // Other spellings only add segments, so none of them fits a limit this one breaks.
        throw refusal ?? unprintable(route, url, because: "the printed URL cannot be read: \(error.message)")
      }
      let opened = matchCore(parsed)
      if let opened, infos[opened.position] === route, opened.holds(parameters) { return url }
      if refusal == nil { refusal = unprintable(route, groups, parameters, url, opened) }
    }
    // A route always has a spelling (with no groups, the pattern itself), so this is not reached.
    throw refusal ?? unprintable(route, nil, because: "it has no spelling")
  }

  /// The refusal for a printed URL that opens something else than `route` with `parameters`.
  private func unprintable(
    _ route: RouteInfo, _ groups: Int, _ parameters: [String: ParameterValue], _ url: String,
    _ opened: PathParameters?
  ) -> RoutingError {
    let pattern = pattern(of: route)
    let placed = placedParameters(pattern, groups)
    // The parameter at fault and what happened to the URL.
    let fault: (name: String, segment: Int)?
    var reason: String
    if let opened {
      // The first parameter the winner does not read as this route's own.
      fault = placed.first { !opened.reads(segment: $0.segment, as: $0.name, of: route, in: infos) } ?? placed.first
      let winner = infos[opened.position]
      reason =
        winner === route
        ? "opens the same route read \(groupChange(pattern, from: groups, to: opened.captures.groups))"
        : "opens route \(describe(winner)) instead"
      if let fault {
        let value = display(parameters[fault.name], firstSegmentOnly: true)
        reason += ", which reads \(value) \(opened.reading(of: fault.segment))"
      }
    } else {
      // One whose empty value left an empty segment behind, when there is one.
      fault = placed.first { parameters[$0.name] == .value("") } ?? placed.first
      reason = "opens no route"
    }
    let subject = describe(route) + (fault.map { " with \($0.name)=\(display(parameters[$0.name]))" } ?? "")
    return RoutingError(
      .unprintableURL, "no URL opens route \(subject): '\(url)' \(reason)", url: url, pattern: pattern.source,
      parameter: fault?.name)
  }

  /// The refusal for a printed URL that breaks a limit of the table's options.
  private func unprintable(_ route: RouteInfo, _ url: String?, because reason: String) -> RoutingError {
    RoutingError(
      .unprintableURL, "no URL opens route \(describe(route)) with these parameters: \(reason)", url: url,
      pattern: route.source)
  }

  /// The parameters of one spelling, with the segment each is read from.
  private func placedParameters(_ pattern: RoutePattern, _ groups: Int) -> [(name: String, segment: Int)] {
    pattern.segments(withGroups: groups).enumerated().compactMap { index, segment in
      segment.parameterName.map { ($0, index) }
    }
  }

  private func groupChange(_ pattern: RoutePattern, from mine: Int, to theirs: Int) -> String {
    let added = (0..<pattern.groupCount).filter { (theirs & ~mine) >> $0 & 1 == 1 }.map(pattern.groupSource)
    let dropped = (0..<pattern.groupCount).filter { (mine & ~theirs) >> $0 & 1 == 1 }.map(pattern.groupSource)
    let parts =
      (added.isEmpty ? [] : ["with its optional group " + added.map { "'\($0)'" }.joined(separator: " and ")])
      + (dropped.isEmpty ? [] : ["without " + dropped.map { "'\($0)'" }.joined(separator: " and ")])
    return parts.isEmpty ? "with the same groups" : parts.joined(separator: " and ")
  }

  /// A value for messages; of a rest, all its segments or the first, which the winner reads in its place.
  private func display(_ value: ParameterValue?, firstSegmentOnly: Bool = false) -> String {
    switch value {
    case .value(let text)?: return "'\(text)'"
    case .segments(let parts)?: return "'\((firstSegmentOnly ? Array(parts.prefix(1)) : parts).joined(separator: "/"))'"
    case nil: return "''"
    }
  }
}

extension PathParameters {
  /// Whether these are exactly `parameters`: the same names, each with the same value (a rest
  /// with the same segments).
  func holds(_ parameters: [String: ParameterValue]) -> Bool {
    guard count == parameters.count else { return false }
    return parameters.allSatisfy { name, value in
      switch value {
      case .value(let text):
        return name != restName && self[name] == text
      case .segments(let parts):
        guard name == restName, let rest else { return false }
        return rest.elementsEqual(parts) { $0 == $1 }
      }
    }
  }

  /// Whether segment `segment` is read as parameter `name` of `route`.
  func reads(segment: Int, as name: String, of route: RouteInfo, in routes: [RouteInfo]) -> Bool {
    guard routes[position] === route else { return false }
    if let restStart, segment >= restStart { return restName == name && segment == restStart }
    return (0..<captures.count).contains { captures.place($0).segment == segment && captures.place($0).name == name }
  }

  /// How the spelling reads segment `segment`, for messages: as a literal, a parameter or in a rest.
  func reading(of segment: Int) -> String {
    if let restStart, segment >= restStart { return "in its rest" + (restName.map { " '\($0)'" } ?? "") }
    if let place = (0..<captures.count).map(captures.place).first(where: { $0.segment == segment }) {
      return "as its parameter '\(place.name)'"
    }
    return "as a literal"
  }
}
