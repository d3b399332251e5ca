import Foundation
import Testing

/// Every public function or initializer of the library products that takes two or more
/// parameters documents each of them in its doc comment (`- Parameters:` with one `- name:` per
/// parameter, by its internal name), but those named in `ParameterDocsAllowList.txt`, a list
/// that only shrinks: at least 90% are documented.
@Suite("Parameter documentation")
struct ParameterDocsTests {
  /// The folders of the products an app imports.
  static let products = [
    "Waypoint", "WaypointMatching", "WaypointUIKit", "WaypointSwiftUI", "WaypointTesting", "WaypointSignedLinks",
    "WaypointLogging", "WaypointMetrics", "WaypointTracing", "WaypointAppIntents", "WaypointMacros",
  ]

  /// A public function or initializer with two or more parameters.
  struct Declaration: CustomStringConvertible {
    /// Its file, from the repository's root.
    let file: String
    /// `init`, or the function's name.
    let name: String
    /// Its parameters' internal names, in order.
    let parameters: [String]
    /// Whether its doc comment names every parameter.
    let isDocumented: Bool

    /// The allow-list's form: `Sources/Waypoint/Routing/Router.swift: open(url, origin)`.
    var description: String { "\(file): \(name)(\(parameters.joined(separator: ", ")))" }
  }

  @Test("at least 90% of public functions with two or more parameters document them; the rest are allow-listed")
  func documented() throws {
    let declarations = try Self.products.flatMap { try Self.declarations(in: "Sources/\($0)") }
    #expect(declarations.count > 150, "the scan finds the public functions (it found \(declarations.count))")
    let allowed = try Self.allowList()
    let undocumented = declarations.filter { !$0.isDocumented }.map(\.description)
    for missing in undocumented where !allowed.contains(missing) {
      Issue.record("\(missing) does not document its parameters (- Parameters: with - name: for each)")
    }
    for entry in allowed.subtracting(undocumented).sorted() {
      Issue.record("\(entry) is documented or gone: take it off Tests/WaypointTests/ParameterDocsAllowList.txt")
    }
    let share = Double(declarations.count - undocumented.count) / Double(max(declarations.count, 1))
    #expect(share >= 0.9, "\(declarations.count - undocumented.count) of \(declarations.count) documented")
  }

  @Test("the scan reads parameters as Swift declares them: internal names, defaults, closures, attributes")
  func scan() {
    let source = """
      /// Adds a route.
      ///
      /// - Parameters:
      ///   - pattern: The pattern.
      ///   - body: What handles it.
      @discardableResult
      public func add(_ pattern: String, handler body: @escaping (Int) -> Void = { _ in }) -> Int { 0 }

      /// Makes one.
      @available(*, deprecated, message: "use the other")
      public init(a: Int, b: [String: (Int, Int)]) {}

      /// Makes one.
      ///
      /// - Parameter a: The first.
      public init(a: Int, b: Int) {}

      public static func == (lhs: Self, rhs: Self) -> Bool { true }

      public func one(_ value: Int) {}

      /// Runs things.
      public protocol Runner {
        /// Runs.
        func run(_ first: Int, then second: Int)
        func helper() -> (Int) -> Int
      }

      func run(_ first: Int, then second: Int) {}
      """
    let found = Self.declarations(inText: source, file: "F.swift")
    #expect(
      found.map(\.description) == ["F.swift: add(pattern, body)", "F.swift: init(a, b)", "F.swift: run(first, second)"])
    #expect(found.map(\.isDocumented) == [true, false, false])
  }

  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The allow-list's entries.
  static func allowList() throws -> Set<String> {
    let text = try String(
      contentsOf: root.appendingPathComponent("Tests/WaypointTests/ParameterDocsAllowList.txt"), encoding: .utf8)
    return Set(
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && !$0.hasPrefix("#")
      })
  }

  /// The declarations of the Swift files under `folder` (from the root).
  static func declarations(in folder: String) throws -> [Declaration] {
    let base = root.appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    var found: [Declaration] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let relative = folder + file.path.dropFirst(base.path.count)
      found += declarations(inText: try String(contentsOf: file, encoding: .utf8), file: relative)
    }
    return found.sorted { $0.description < $1.description }
  }

  /// A line that starts a public function or initializer, up to its parameter list's `(`.
  nonisolated(unsafe) static let start =
    #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|class|final|nonisolated|mutating|convenience|required|override|dynamic)\s+)*(?:func\s+(?<name>[A-Za-z_]\w*)|(?<initializer>init)[?!]?)\s*(?:<[^(]*>)?\s*\(/#

  /// A requirement of a protocol, whose access is the protocol's.
  nonisolated(unsafe) static let requirement =
    #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:static|mutating|nonisolated)\s+)*(?:func\s+(?<name>[A-Za-z_]\w*)|(?<initializer>init)[?!]?)\s*(?:<[^(]*>)?\s*\(/#

  /// The declarations of `text`, with two or more parameters and not deprecated: public and open
  /// ones, and the requirements of public protocols.
  static func declarations(inText text: String, file: String) -> [Declaration] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var declarations: [Declaration] = []
    // The brace depth of a public protocol's body while the scan is inside one.
    var protocolDepth: Int?
    var depth = 0
    for (index, line) in lines.enumerated() {
      let opening = depth
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      if protocolDepth == nil, line.contains("public protocol "), line.contains("{") {
        protocolDepth = opening + 1
        continue
      }
      if let inside = protocolDepth, depth < inside { protocolDepth = nil }
      let found: (name: String, end: String.Index)? =
        if let match = line.firstMatch(of: start) {
          (match.output.name.map(String.init) ?? "init", match.range.upperBound)
        } else if protocolDepth == opening, let match = line.firstMatch(of: requirement) {
          (match.output.name.map(String.init) ?? "init", match.range.upperBound)
        } else {
          nil
        }
      guard let (name, end) = found else { continue }
      let rest = String(line[end...]) + "\n" + lines[(index + 1)...].prefix(40).joined(separator: "\n")
      let parameters = parameterNames(rest)
      guard parameters.count >= 2 else { continue }
      let (doc, attributes) = comment(above: index, in: lines)
      guard !attributes.contains("deprecated"), !line.contains("deprecated") else { continue }
      let documented = parameters.allSatisfy { name in
        doc.contains {
          $0.contains("- Parameter \(name):") || $0.range(of: "^///\\s+- \(name):", options: .regularExpression) != nil
        }
      }
      declarations.append(Declaration(file: file, name: name, parameters: parameters, isDocumented: documented))
    }
    return declarations
  }

  /// The internal names of the parameter list that `text` starts inside of (just after its `(`).
  static func parameterNames(_ text: String) -> [String] {
    var depth = 0
    var previous: Character = " "
    var current = ""
    var parts: [String] = []
    for character in text {
      switch character {
      case "(", "[", "{", "<":
        depth += 1
      case ">" where previous == "-":
        break  // the arrow of a function type
      case ")", "]", "}", ">":
        if depth == 0 {
          parts.append(current)
          return parts.compactMap(internalName)
        }
        depth -= 1
      case "," where depth == 0:
        parts.append(current)
        current = ""
        previous = character
        continue
      default:
        break
      }
      current.append(character)
      previous = character
    }
    return parts.compactMap(internalName)
  }

  /// The internal name of one parameter's text (`_ pattern: String = ""` → `pattern`).
  static func internalName(_ parameter: String) -> String? {
    guard let colon = parameter.firstIndex(of: ":") else { return nil }
    return parameter[..<colon].split(whereSeparator: \.isWhitespace).last.map(String.init)
  }

  /// The doc comment right above the declaration at line `index`, and the attributes between
  /// (`@available(` … `)` over several lines too).
  static func comment(above index: Int, in lines: [String]) -> (doc: [String], attributes: String) {
    var doc: [String] = []
    var attributes = ""
    var insideAttribute = false
    var line = index - 1
    while line >= 0 {
      let text = lines[line].trimmingCharacters(in: .whitespaces)
      if insideAttribute {
        attributes += text
        insideAttribute = !text.hasPrefix("@")
      } else if text.hasPrefix("///") {
        doc.append(text)
      } else if doc.isEmpty, text.hasPrefix("@") || text == ")" {
        attributes += text
        insideAttribute = text == ")"
      } else {
        break
      }
      line -= 1
    }
    return (doc, attributes)
  }
}
