/// A registered route: its pattern, name, priority and the caller's payload.
public struct Route<Payload: Sendable>: Sendable {
  @usableFromInline let info: RouteInfo
  /// The table's compiled routes, which read the pattern.
  @usableFromInline let index: RouteIndex
  /// What the caller registered with the route (a handler, a target, manifest fields…).
  public let payload: Payload

  /// The 0-based position in registration order; earlier registration wins ties.
  package var position: Int { info.position }
  /// The parsed pattern.
  ///
  /// A table keeps each pattern as text and parses it again here, which costs about as much as
  /// adding the route did: read it once rather than in a loop.
  public var pattern: RoutePattern { index.pattern(of: info) }
  /// The route's unique name, used for URL generation, or `nil`.
  public var name: String? { info.name }
  /// The route's priority; higher wins before anything else (default 0).
  public var priority: Int { info.priority }
}

/// A route without its payload: its pattern as written, name, priority and registration
/// position; what compiling, matching and lint work on, so none of them is generic.
///
/// A builder makes one per route as it is added, and the table keeps those that compiled. A
/// class, so a ``Route`` holds one reference instead of copying the route's fields. It keeps the
/// pattern as written, not parsed: a parsed pattern is several hundred bytes, a table of
/// thousands of routes needs it only to print URLs and to lint, and parsing is deterministic, so
/// ``RouteIndex/pattern(of:)`` reads it again.
@usableFromInline
final class RouteInfo: Sendable {
  let position: Int
  /// The pattern as written.
  let source: String
  let name: String?
  let priority: Int

  @usableFromInline
  init(position: Int, source: String, name: String?, priority: Int) {
    self.position = position
    self.source = source
    self.name = name
    self.priority = priority
  }
}

/// How the patterns of one table are read: its options and parameter types.
///
/// One per table. A pattern read without its table (see ``RouteIndex/single(_:)``) is kept as
/// `known`, since the types it was read with are not known.
final class PatternReading: Sendable {
  let options: MatchingOptions
  let parameterTypes: ParameterTypes
  private let known: RoutePattern?
  /// Whether the table was read from a compiled table, whose pattern texts were not parsed when it
  /// was read (see `RouteIndex+image.swift`).
  private let fromImage: Bool

  init(options: MatchingOptions, parameterTypes: ParameterTypes, known: RoutePattern? = nil, fromImage: Bool = false) {
    self.options = options
    self.parameterTypes = parameterTypes
    self.known = known
    self.fromImage = fromImage
  }

  /// `source`, parsed as it was when the table was built.
  func pattern(_ source: String) -> RoutePattern {
    if let known, known.source == source { return known }
    do {
      return try RoutePattern(source, options: options, parameterTypes: parameterTypes)
    } catch {
      // A forged compiled table may hold a text that does not parse: it reads as no segments.
      if fromImage { return RoutePattern(unreadable: source, options: options) }
      // The table was built from this text with these options and types, which nothing changes.
      preconditionFailure("a pattern that compiled no longer parses: \(error.message)")
    }
  }
}

extension Route {
  @usableFromInline
  init(_ info: RouteInfo, in index: RouteIndex, payload: Payload) {
    self.info = info
    self.index = index
    self.payload = payload
  }
}
