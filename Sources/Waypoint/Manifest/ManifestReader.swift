#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Reads a manifest's JSON tree into a ``RouteManifest``, collecting every problem instead of
/// stopping at the first, so lint can report them all.
struct ManifestReader {
  private(set) var errors: [ManifestError] = []

  /// The presentation names a manifest may use without an argument.
  private static let topKeys: Set<String> = ["version", "revision", "options", "routes"]
  private static let routeKeys: Set<String> = [
    "name", "pattern", "target", "presentation", "exposure", "priority", "defaults", "redirect", "under", "tab",
    "column", "presented", "presentsStack",
  ]

  mutating func read(_ data: Data) -> RouteManifest {
    var manifest = RouteManifest(routes: [])
    guard data.count <= RouteManifest.maxSize else {
      errors.append(
        ManifestError(
          .invalidManifest, "the manifest is \(data.count) bytes, over the limit of \(RouteManifest.maxSize)"))
      return manifest
    }
    let root: JSONValue
    do {
      let parsed = try JSONValue.parse(data)
      root = parsed.value
      for duplicate in parsed.duplicates { reportDuplicate(duplicate, in: root) }
    } catch {
      errors.append(ManifestError.invalidJSON(error))
      return manifest
    }
    guard case .object(let object) = root else {
      fail("the manifest must be a JSON object, not \(root.typeName)")
      return manifest
    }
    for key in object.keys.sorted() where !Self.topKeys.contains(key) {
      fail("unknown top-level field '\(key)' (known: options, revision, routes, version)", field: key)
    }
    if let version = object["version"] {
      if case .integer(1) = version {
      } else {
        fail("unsupported manifest version \(describe(version)); this reader knows version 1", field: "version")
      }
    }
    if let revision = object["revision"] {
      if case .integer(let number) = revision, number >= 0 {
        manifest.revision = number
      } else {
        fail("'revision' must be a non-negative integer, not \(describe(revision))", field: "revision")
      }
    }
    if let options = object["options"] { manifest.options = readOptions(options, hosts: &manifest.hosts) }
    guard let routes = object["routes"] else {
      fail("the manifest has no 'routes' array", field: "routes")
      return manifest
    }
    guard case .array(let items) = routes else {
      fail("'routes' must be an array, not \(routes.typeName)", field: "routes")
      return manifest
    }
    manifest.routes.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      if let route = readRoute(item, index: index) {
        manifest.routes.append(route)
        manifest.positions.append(index)
      }
    }
    // Positions are kept only when a route that did not read shifted the others, so a manifest
    // read from a file equals the same manifest made in code.
    if manifest.positions == Array(manifest.routes.indices) { manifest.positions = [] }
    return manifest
  }

  // MARK: - Options

  /// The matching options, and in `hosts` the host allow-list (`options.hosts`).
  private mutating func readOptions(_ value: JSONValue, hosts: inout HostAllowList) -> MatchingOptions {
    var options = MatchingOptions()
    guard case .object(let object) = value else {
      fail("'options' must be an object, not \(value.typeName)", field: "options")
      return options
    }
    for (key, value) in object.sorted(by: { $0.key < $1.key }) {
      let field = "options.\(key)"
      switch key {
      case "host": enumOption(value, field: field).map { options.host = $0 }
      case "trailingSlash": enumOption(value, field: field).map { options.trailingSlash = $0 }
      case "emptySegments": enumOption(value, field: field).map { options.emptySegments = $0 }
      case "caseSensitive": bool(value, field: field).map { options.caseSensitive = $0 }
      case "decodePath": bool(value, field: field).map { options.decodePath = $0 }
      case "plusAsSpace": bool(value, field: field).map { options.plusAsSpace = $0 }
      case "fragmentAsQuery": bool(value, field: field).map { options.fragmentAsQuery = $0 }
      case "maxURLLength": positive(value, field: field).map { options.maxURLLength = $0 }
      case "maxSegmentLength": positive(value, field: field).map { options.maxSegmentLength = $0 }
      case "hosts": hosts = readHosts(value, field: field)
      default:
        fail(
          "unknown option '\(key)' (known: \(MatchingOptions.keys.union(["hosts"]).sorted().joined(separator: ", ")))",
          field: field)
      }
    }
    return options
  }

  /// `options.hosts`: an array of host names, each checked.
  private mutating func readHosts(_ value: JSONValue, field: String) -> HostAllowList {
    guard case .array(let items) = value else {
      fail("'\(field)' must be an array of hosts (strings), not \(value.typeName)", field: field)
      return []
    }
    var entries: [String] = []
    for item in items {
      guard case .string(let text) = item else {
        fail("'\(field)' must be an array of hosts (strings); it holds \(describe(item))", field: field)
        return []
      }
      entries.append(text)
    }
    let hosts = HostAllowList(entries)
    for problem in hosts.problems { fail("'\(field)': \(problem)", field: field) }
    return hosts
  }

  private mutating func enumOption<Value: RawRepresentable & CaseIterable>(
    _ value: JSONValue, field: String
  ) -> Value? where Value.RawValue == String {
    let known = Value.allCases.map(\.rawValue)
    guard case .string(let text) = value, let option = Value(rawValue: text) else {
      fail(
        "'\(field)' must be one of \(known.map { "\"\($0)\"" }.joined(separator: ", ")), not \(describe(value))",
        field: field)
      return nil
    }
    return option
  }

  private mutating func bool(_ value: JSONValue, field: String, route: Int? = nil, name: String? = nil) -> Bool? {
    guard case .bool(let flag) = value else {
      fail("'\(field)' must be true or false, not \(describe(value))", field: field, route: route, name: name)
      return nil
    }
    return flag
  }

  private mutating func positive(_ value: JSONValue, field: String) -> Int? {
    guard case .integer(let number) = value, number > 0 else {
      fail("'\(field)' must be a positive integer, not \(describe(value))", field: field)
      return nil
    }
    return number
  }

  // MARK: - Routes

  private mutating func readRoute(_ value: JSONValue, index: Int) -> RouteDefinition? {
    guard case .object(let object) = value else {
      fail("each route must be an object, not \(value.typeName)", route: index)
      return nil
    }
    // One pass over the route's keys; the fields are then read in a fixed order, so messages
    // come in the same order whatever order the keys were written in.
    var fields = RouteFields()
    var unknown: [String] = []
    for (key, value) in object {
      switch key {
      case "name": fields.name = value
      case "pattern": fields.pattern = value
      case "target": fields.target = value
      case "redirect": fields.redirect = value
      case "presentation": fields.presentation = value
      case "exposure": fields.exposure = value
      case "priority": fields.priority = value
      case "defaults": fields.defaults = value
      case "under": fields.under = value
      case "tab": fields.tab = value
      case "column": fields.column = value
      case "presented": fields.presented = value
      case "presentsStack": fields.presentsStack = value
      default: unknown.append(key)
      }
    }
    var name: String?
    if case .string(let text)? = fields.name { name = text }
    var route = RouteDefinition(pattern: "", name: name)
    let errorCount = errors.count
    for key in unknown.sorted() {
      fail(
        "unknown field '\(key)' (known: \(Self.routeKeys.sorted().joined(separator: ", ")))", field: key, route: index,
        name: name)
    }
    if let value = fields.name { route.name = string(value, field: "name", route: index, name: name) }
    if let value = fields.pattern {
      route.pattern = string(value, field: "pattern", route: index, name: name) ?? ""
    } else {
      fail("the route has no 'pattern'", field: "pattern", route: index, name: name)
    }
    if let value = fields.target { route.target = string(value, field: "target", route: index, name: name) }
    if let value = fields.redirect { route.redirect = string(value, field: "redirect", route: index, name: name) }
    readOptions(fields, into: &route, index: index, name: name)
    if let value = fields.tab { route.placement.tab = string(value, field: "tab", route: index, name: name) }
    if let value = fields.column {
      route.placement.column = named(SplitColumn.self, value, "column", field: "column", route: index, name: name)
    }
    if let value = fields.presented {
      route.placement.presented = named(
        PresentedPolicy.self, value, "policy", field: "presented", route: index, name: name)
    }
    return errors.count == errorCount ? route : nil
  }

  /// The route's presentation, exposure, priority, defaults and `under`, each checked.
  private mutating func readOptions(_ fields: RouteFields, into route: inout RouteDefinition, index: Int, name: String?)
  {
    if let value = fields.presentation, let text = string(value, field: "presentation", route: index, name: name) {
      if let presentation = Presentation(text) {
        route.presentation = presentation
      } else {
        fail(
          "unknown presentation '\(text)' (known: \(Presentation.knownForms))",
          field: "presentation", route: index, name: name)
      }
    }
    if let value = fields.exposure {
      if case .string(let text) = value, let exposure = Exposure(rawValue: text) {
        route.exposure = exposure
      } else {
        fail(
          "'exposure' must be \"internal\" or \"public\", not \(describe(value))", field: "exposure", route: index,
          name: name)
      }
    }
    if let value = fields.priority {
      if case .integer(let priority) = value {
        route.priority = priority
      } else {
        fail("'priority' must be an integer, not \(describe(value))", field: "priority", route: index, name: name)
      }
    }
    if let value = fields.defaults { route.defaults = defaults(value, route: index, name: name) }
    if let value = fields.under { route.under = underScreens(value, route: index, name: name) }
    if let value = fields.presentsStack {
      if case .bool(let flag) = value {
        route.placement.presentsStack = flag
      } else {
        fail(
          "'presentsStack' must be true or false, not \(describe(value))", field: "presentsStack", route: index,
          name: name)
      }
    }
  }

  /// The screens of an `under` array: each a target (a string), or an object with `target`,
  /// and `parameters` (names) and `defaults` it takes from the link.
  private mutating func underScreens(_ value: JSONValue, route: Int, name: String?) -> [UnderScreen] {
    guard case .array(let items) = value else {
      fail(
        "'under' must be an array of targets (strings or objects with a 'target'), not \(value.typeName)",
        field: "under", route: route, name: name)
      return []
    }
    var screens: [UnderScreen] = []
    for (position, item) in items.enumerated() {
      let field = "under[\(position)]"
      switch item {
      case .string(let target):
        screens.append(UnderScreen(target))
      case .object(let object):
        if let screen = underScreen(object, field: field, route: route, name: name) { screens.append(screen) }
      default:
        fail(
          "each 'under' entry must be a target (a string) or an object with a 'target', not \(item.typeName)",
          field: field, route: route, name: name)
      }
    }
    return screens
  }

  /// One `under` entry written as an object.
  private mutating func underScreen(
    _ object: JSONObject, field: String, route: Int, name: String?
  ) -> UnderScreen? {
    for key in object.keys.sorted() where !["target", "parameters", "defaults"].contains(key) {
      fail(
        "unknown field '\(key)' of an 'under' entry (known: defaults, parameters, target)", field: "\(field).\(key)",
        route: route, name: name)
    }
    guard case .string(let target)? = object["target"], !target.isEmpty else {
      fail("an 'under' entry written as an object needs a 'target' (a string)", field: field, route: route, name: name)
      return nil
    }
    var screen = UnderScreen(target)
    if let parameters = object["parameters"] {
      let names: [String]? =
        if case .array(let items) = parameters {
          items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        } else {
          nil
        }
      if let names, case .array(let items) = parameters, names.count == items.count {
        screen.parameters = names
      } else {
        fail("'parameters' must be an array of names (strings)", field: "\(field).parameters", route: route, name: name)
      }
    }
    if let defaults = object["defaults"] {
      screen.defaults = self.defaults(defaults, field: "\(field).defaults", route: route, name: name)
    }
    return screen
  }

  /// The case of `type` a string field names, or `nil` after an error listing the known names.
  private mutating func named<Name: RawRepresentable<String> & CaseIterable>(
    _ type: Name.Type, _ value: JSONValue, _ what: String, field: String, route: Int, name: String?
  ) -> Name? {
    guard let text = string(value, field: field, route: route, name: name) else { return nil }
    if let named = Name(rawValue: text) { return named }
    fail(
      "unknown \(what) '\(text)' (known: \(Name.allCases.map(\.rawValue).joined(separator: ", ")))", field: field,
      route: route, name: name)
    return nil
  }

  private mutating func string(_ value: JSONValue, field: String, route: Int, name: String?) -> String? {
    guard case .string(let text) = value else {
      fail("'\(field)' must be a string, not \(describe(value))", field: field, route: route, name: name)
      return nil
    }
    return text
  }

  private mutating func defaults(
    _ value: JSONValue, field: String = "defaults", route: Int, name: String?
  ) -> [String: String] {
    guard case .object(let object) = value else {
      fail(
        "'\(field)' must be an object of strings, not \(value.typeName)", field: field, route: route, name: name)
      return [:]
    }
    var defaults: [String: String] = [:]
    for (key, item) in object {
      switch item {
      case .string(let text): defaults[key] = text
      case .integer(let number): defaults[key] = String(number)
      case .number(let number): defaults[key] = String(number)
      case .bool(let flag): defaults[key] = String(flag)
      default:
        fail(
          "'\(field).\(key)' must be a string, number or boolean, not \(item.typeName)", field: "\(field).\(key)",
          route: route, name: name)
      }
    }
    return defaults
  }

  /// A route's known fields as written, before they are checked.
  private struct RouteFields {
    var name, pattern, target, redirect, presentation, exposure, priority, defaults, under, tab, column,
      presented, presentsStack: JSONValue?
  }

  // MARK: - Errors

  /// A key given twice in one object: an error naming the key and where it is, because a person
  /// reviewing the manifest and this reader could otherwise see different values.
  private mutating func reportDuplicate(_ duplicate: JSONDuplicateKey, in root: JSONValue) {
    var route: Int?
    var field = ""
    for (index, component) in (duplicate.path + [.key(duplicate.key)]).enumerated() {
      switch component {
      case .index(let position) where index == 1 && duplicate.path.first == .key("routes"): route = position
      case .index(let position): field += "[\(position)]"
      case .key(let key) where index == 0 && key == "routes" && duplicate.path.count > 1: break
      case .key(let key): field += field.isEmpty ? key : "." + key
      }
    }
    var name: String?
    if let route, case .object(let top) = root, case .array(let items)? = top["routes"], route < items.count,
      case .object(let item) = items[route], case .string(let text)? = item["name"]
    {
      name = text
    }
    fail(
      "the key '\(duplicate.key)' is given twice in one object (again at line \(duplicate.line), column "
        + "\(duplicate.column)); a reader may take either value, so each key must appear once",
      field: field, route: route, name: name)
  }

  private func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return "\"\(text)\""
    case .integer(let number): return String(number)
    case .number(let number): return String(number)
    case .bool(let flag): return String(flag)
    default: return value.typeName
    }
  }

  private mutating func fail(_ message: String, field: String? = nil, route: Int? = nil, name: String? = nil) {
    errors.append(ManifestReader.error(message, field: field, route: route, name: name))
  }

  /// A manifest error whose message starts with where it is: `routes[3] ('user.profile')`.
  static func error(_ message: String, field: String? = nil, route: Int? = nil, name: String? = nil) -> ManifestError {
    ManifestError(
      .invalidManifest, "\(place(route: route, name: name, field: field)): \(message)", routePosition: route,
      routeName: name, field: field)
  }

  /// Where a problem is, for the start of a message: `manifest`, `routes[3] ('user.profile')`,
  /// `routes[3] field 'pattern'`.
  static func place(route: Int?, name: String?, field: String?) -> String {
    var place = "manifest"
    if let route { place = "routes[\(route)]" + (name.map { " ('\($0)')" } ?? "") }
    if let field { place += " field '\(field)'" }
    return place
  }
}
