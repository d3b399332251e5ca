package import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A compiled table: a manifest's routes and its built table, as a build step writes them for an
/// app to load at launch without reading JSON, parsing a pattern or building the trie.
///
/// A file starts with a header of 32 bytes: 8 bytes of magic (`WPTB\r\n\u{1A}\n`), the format
/// version and 4 reserved bytes, the checksum of everything after the header, and the checksum
/// of the manifest bytes it was compiled from. The body holds the manifest's version, revision,
/// options, hosts and routes, then the table's index (``TableImage``).
enum CompiledTableFile {
  static let magic: [UInt8] = [0x57, 0x50, 0x54, 0x42, 0x0D, 0x0A, 0x1A, 0x0A]
  static let headerSize = 32

  /// The compiled table of `manifest`, read from `source`, whose built table is `table`.
  static func write(_ manifest: RouteManifest, source: Data, table: RouteTable<RouteDefinition>) -> Data {
    // The body first, collecting its texts, which go before it.
    var body = ImageWriter()
    body.int(manifest.version)
    body.bool(manifest.revision != nil)
    if let revision = manifest.revision { body.int(revision) }
    write(manifest.options, into: &body)
    body.uint32(UInt32(manifest.hosts.entries.count))
    for entry in manifest.hosts.entries { body.text(entry) }
    body.uint32(UInt32(manifest.routes.count))
    for route in manifest.routes { write(route, into: &body) }
    table.writeImage(into: &body)

    var writer = ImageWriter()
    magic.withUnsafeBytes { writer.raw($0) }
    writer.uint32(TableImage.formatVersion)
    writer.uint32(0)
    writer.uint64(0)  // the checksum of what follows the header, patched below
    writer.uint64(source.withUnsafeBytes(TableImage.checksum))
    writer.stringTable(body.strings)
    body.bytes.withUnsafeBytes { writer.raw($0) }
    let checksum = writer.bytes.withUnsafeBytes {
      TableImage.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...]))
    }
    writer.patch(checksum, at: 16)
    return Data(writer.bytes)
  }

  /// The manifest a compiled table holds, with its index, when the table is for the manifest
  /// bytes `source`; throws the first check it fails.
  static func read(
    _ compiled: Data, source: Data, parameterTypes: ParameterTypes
  ) throws(ImageError) -> RouteManifest {
    var result: Result<RouteManifest, ImageError> = .failure(ImageError("the file is not a compiled table"))
    compiled.withUnsafeBytes { bytes in
      do throws(ImageError) {
        result = .success(try read(bytes, source: source, parameterTypes: parameterTypes))
      } catch {
        result = .failure(error)
      }
    }
    return try result.get()
  }

  private static func read(
    _ bytes: UnsafeRawBufferPointer, source: Data, parameterTypes: ParameterTypes
  ) throws(ImageError) -> RouteManifest {
    guard bytes.count >= headerSize, bytes.prefix(8).elementsEqual(magic) else {
      throw ImageError("the file is not a compiled table")
    }
    var header = ImageReader(bytes, from: 8)
    let version = try header.uint32()
    guard version == TableImage.formatVersion else {
      throw ImageError(
        "the compiled table is of format \(version), and this version of Waypoint reads format "
          + "\(TableImage.formatVersion); compile it again with this version's `waypoint compile`")
    }
    _ = try header.uint32()
    let checksum = try header.uint64()
    let manifestChecksum = try header.uint64()
    guard TableImage.checksum(UnsafeRawBufferPointer(rebasing: bytes[headerSize...])) == checksum else {
      throw ImageError("the compiled table is damaged: its checksum does not match")
    }
    guard source.withUnsafeBytes(TableImage.checksum) == manifestChecksum else {
      throw ImageError("the compiled table was compiled from another manifest; compile it again")
    }

    var reader = ImageReader(bytes, from: headerSize)
    try reader.readStringTable()
    let manifestVersion = try reader.int()
    let revision = try reader.bool() ? try reader.int() : nil
    let options = try readOptions(&reader)
    let hostCount = try reader.count(each: 4)
    var hostEntries: [String] = []
    for _ in 0..<hostCount { hostEntries.append(try reader.text()) }
    let hosts = HostAllowList(hostEntries)
    let routeCount = try reader.count(each: 16)
    var routes: [RouteDefinition] = []
    routes.reserveCapacity(routeCount)
    var presentations = [Presentation?](repeating: nil, count: reader.textCount)
    for _ in 0..<routeCount { routes.append(try readRoute(&reader, presentations: &presentations)) }
    let index = try PrecompiledRoutes.read(
      &reader, routes: routes.count, route: { (routes[$0].pattern, routes[$0].name, routes[$0].priority) },
      options: options, hosts: hosts, parameterTypes: parameterTypes)
    guard reader.remaining == 0 else { throw ImageError("the compiled table has bytes after its end") }
    var manifest = RouteManifest(
      version: manifestVersion, revision: revision, options: options, hosts: hosts, routes: routes)
    manifest.compiled.precompiled = index
    manifest.compiled.routes = routes
    return manifest
  }

  // MARK: - Options

  private static func write(_ options: MatchingOptions, into writer: inout ImageWriter) {
    writer.text(options.host.rawValue)
    writer.bool(options.caseSensitive)
    writer.text(options.trailingSlash.rawValue)
    writer.text(options.emptySegments.rawValue)
    writer.bool(options.decodePath)
    writer.bool(options.plusAsSpace)
    writer.bool(options.fragmentAsQuery)
    writer.int(options.maxURLLength)
    writer.int(options.maxSegmentLength)
  }

  private static func readOptions(_ reader: inout ImageReader) throws(ImageError) -> MatchingOptions {
    var options = MatchingOptions()
    guard let host = MatchingOptions.HostMode(rawValue: try reader.text()) else { throw damaged("options") }
    options.host = host
    options.caseSensitive = try reader.bool()
    guard let slash = MatchingOptions.TrailingSlash(rawValue: try reader.text()),
      let empty = MatchingOptions.EmptySegments(rawValue: try reader.text())
    else { throw damaged("options") }
    options.trailingSlash = slash
    options.emptySegments = empty
    options.decodePath = try reader.bool()
    options.plusAsSpace = try reader.bool()
    options.fragmentAsQuery = try reader.bool()
    options.maxURLLength = try reader.int()
    options.maxSegmentLength = try reader.int()
    return options
  }

  // MARK: - Routes

  /// Which of a route's fields are written: the pattern and priority always, the rest when set.
  private struct Fields: OptionSet {
    let rawValue: UInt32
    static let name = Fields(rawValue: 1 << 0)
    static let target = Fields(rawValue: 1 << 1)
    static let presentation = Fields(rawValue: 1 << 2)
    static let exposedPublicly = Fields(rawValue: 1 << 3)
    static let defaults = Fields(rawValue: 1 << 4)
    static let under = Fields(rawValue: 1 << 5)
    static let tab = Fields(rawValue: 1 << 6)
    static let column = Fields(rawValue: 1 << 7)
    static let presented = Fields(rawValue: 1 << 8)
    static let presentsStack = Fields(rawValue: 1 << 9)
    static let redirect = Fields(rawValue: 1 << 10)
    static let all = Fields(rawValue: (1 << 11) - 1)
  }

  private static func write(_ route: RouteDefinition, into writer: inout ImageWriter) {
    let placement = route.placement
    var fields: Fields = []
    if route.name != nil { fields.insert(.name) }
    if route.target != nil { fields.insert(.target) }
    if route.presentation != nil { fields.insert(.presentation) }
    if route.exposure == .public { fields.insert(.exposedPublicly) }
    if !route.defaults.isEmpty { fields.insert(.defaults) }
    if !route.under.isEmpty { fields.insert(.under) }
    if placement.tab != nil { fields.insert(.tab) }
    if placement.column != nil { fields.insert(.column) }
    if placement.presented != nil { fields.insert(.presented) }
    if placement.presentsStack { fields.insert(.presentsStack) }
    if route.redirect != nil { fields.insert(.redirect) }
    writer.uint32(fields.rawValue)
    writer.text(route.pattern)
    writer.int(route.priority)
    if let name = route.name { writer.text(name) }
    if let target = route.target { writer.text(target) }
    if let presentation = route.presentation { writer.text(presentation.description) }
    if !route.defaults.isEmpty { write(route.defaults, into: &writer) }
    if !route.under.isEmpty {
      writer.uint32(UInt32(route.under.count))
      for screen in route.under {
        writer.text(screen.target)
        writer.uint32(UInt32(screen.parameters.count))
        for parameter in screen.parameters { writer.text(parameter) }
        write(screen.defaults, into: &writer)
      }
    }
    if let tab = placement.tab { writer.text(tab) }
    if let column = placement.column { writer.text(column.rawValue) }
    if let presented = placement.presented { writer.text(presented.rawValue) }
    if let redirect = route.redirect { writer.text(redirect) }
  }

  /// A route; `presentations` keeps what each text was read as, so a table of pushes reads "push" once.
  private static func readRoute(
    _ reader: inout ImageReader, presentations: inout [Presentation?]
  ) throws(ImageError) -> RouteDefinition {
    let fields = Fields(rawValue: try reader.uint32())
    guard Fields.all.isSuperset(of: fields) else { throw damaged("route") }
    let pattern = try reader.text()
    let priority = try reader.int()
    let name = fields.contains(.name) ? try reader.text() : nil
    let target = fields.contains(.target) ? try reader.text() : nil
    var presentation: Presentation?
    if fields.contains(.presentation) {
      guard let number = try reader.textNumber() else { throw damaged("route") }
      if let known = presentations[number] {
        presentation = known
      } else {
        guard let read = Presentation(reader.text(numbered: number)) else { throw damaged("route") }
        presentations[number] = read
        presentation = read
      }
    }
    let defaults = fields.contains(.defaults) ? try readDictionary(&reader) : [:]
    var under: [UnderScreen] = []
    if fields.contains(.under) {
      let underCount = try reader.count(each: 12)
      for _ in 0..<underCount {
        let screenTarget = try reader.text()
        let parameterCount = try reader.count(each: 4)
        var parameters: [String] = []
        for _ in 0..<parameterCount { parameters.append(try reader.text()) }
        under.append(UnderScreen(screenTarget, parameters: parameters, defaults: try readDictionary(&reader)))
      }
    }
    let tab = fields.contains(.tab) ? try reader.text() : nil
    var column: SplitColumn?
    if fields.contains(.column) {
      guard let read = SplitColumn(rawValue: try reader.text()) else { throw damaged("route") }
      column = read
    }
    var presented: PresentedPolicy?
    if fields.contains(.presented) {
      guard let read = PresentedPolicy(rawValue: try reader.text()) else { throw damaged("route") }
      presented = read
    }
    let redirect = fields.contains(.redirect) ? try reader.text() : nil
    return RouteDefinition(
      pattern: pattern, name: name, target: target, presentation: presentation,
      exposure: fields.contains(.exposedPublicly) ? .public : .internal, priority: priority, defaults: defaults,
      under: under,
      placement: Placement(
        tab: tab, column: column, presented: presented, presentsStack: fields.contains(.presentsStack)),
      redirect: redirect)
  }

  /// Keys in order, so that one manifest always compiles to the same bytes.
  private static func write(_ dictionary: [String: String], into writer: inout ImageWriter) {
    writer.uint32(UInt32(dictionary.count))
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      writer.text(key)
      writer.text(value)
    }
  }

  private static func readDictionary(_ reader: inout ImageReader) throws(ImageError) -> [String: String] {
    let count = try reader.count(each: 8)
    var dictionary: [String: String] = [:]
    for _ in 0..<count { dictionary[try reader.text()] = try reader.text() }
    return dictionary
  }

  private static func damaged(_ part: String) -> ImageError {
    ImageError("a \(part) of the compiled table is damaged")
  }
}

extension RouteManifest {
  /// Compiles the manifest in `data`: the bytes a build step writes beside the manifest, for the
  /// app to load with ``init(data:compiledTable:parameterTypes:)`` at launch, which then reads no
  /// JSON and builds no trie (only a route with a redirect has its pattern parsed, to check the
  /// redirect's template against it).
  ///
  /// ```swift
  /// let manifest = try Data(contentsOf: URL(fileURLWithPath: "routes.json"))
  /// try RouteManifest.compileTable(from: manifest).write(to: URL(fileURLWithPath: "routes.waypoint-table"))
  /// ```
  ///
  /// `waypoint compile` does the same from the command line, with the built-in parameter types
  /// (a manifest naming the app's own is compiled by this method). A compiled table is part of the app,
  /// like its code: ship it in the app's bundle and load it from there. Its checks find a stale,
  /// damaged or foreign file, not a forged one, so a table fetched at run time is a manifest,
  /// read as JSON with every field checked.
  ///
  /// - Parameters:
  ///   - data: The manifest's JSON, as the app will load it.
  ///   - parameterTypes: The parameter types the app registers, which the patterns may name.
  /// - Returns: The compiled table's bytes; the same manifest always compiles to the same bytes.
  /// - Throws: What ``init(data:)`` and building its table throw: a manifest that does not read
  ///   or build is not compiled.
  public static func compileTable(
    from data: Data, parameterTypes: ParameterTypes = ParameterTypes()
  ) throws(BuildError) -> Data {
    let manifest = try RouteManifest(data: data)
    let table = try manifest.makeTable(parameterTypes: parameterTypes)
    return CompiledTableFile.write(manifest, source: data, table: table)
  }

  /// Reads a manifest shipped with its compiled table (see ``compileTable(from:parameterTypes:)``):
  /// from the compiled table when it passes its checks, from the JSON otherwise.
  ///
  /// The compiled table is used when its format is this version's, its checksum matches its
  /// bytes, it was compiled from exactly `data`, and every parameter type it names is in
  /// `parameterTypes`; then neither this nor a router built from the manifest alone (with these
  /// parameter types) reads JSON or builds a trie. Otherwise `data` is read as
  /// ``init(data:)`` reads it, and ``compiledTableProblem`` says why:
  ///
  /// ```swift
  /// let manifest = try RouteManifest(data: json, compiledTable: compiled)
  /// if let problem = manifest.compiledTableProblem { logger.notice("routes read from JSON: \(problem)") }
  /// ```
  ///
  /// - Parameters:
  ///   - data: The manifest's JSON, the bytes the table was compiled from.
  ///   - compiledTable: The compiled table, or `nil` to read the JSON.
  ///   - parameterTypes: The parameter types the app registers: pass the router builder's own,
  ///     which a router reuses the compiled table with.
  /// - Throws: What ``init(data:)`` throws, when the JSON is read.
  public init(data: Data, compiledTable: Data?, parameterTypes: ParameterTypes = ParameterTypes()) throws(BuildError) {
    guard let compiledTable else {
      try self.init(data: data)
      return
    }
    do {
      self = try CompiledTableFile.read(compiledTable, source: data, parameterTypes: parameterTypes)
    } catch {
      try self.init(data: data)
      compiled.problem = error.reason
    }
  }
}

/// What reading a manifest with a compiled table left: the index it read, which
/// `makeTable(parameterTypes:)` and a router built from the manifest alone take instead of
/// compiling its routes while they are unchanged, or why the compiled table was not used.
///
/// Equal to every other, so that two manifests that say the same are equal however they were read.
struct CompiledTableReading: Sendable, Hashable {
  var precompiled: PrecompiledRoutes?
  /// The routes as read with the index: while the manifest's are these (the same array, which
  /// compares equal at once), the index is theirs.
  var routes: [RouteDefinition] = []
  var problem: String?

  static func == (lhs: CompiledTableReading, rhs: CompiledTableReading) -> Bool { true }

  func hash(into hasher: inout Hasher) {}
}
