internal import WaypointMatching

/// What a router does with a link whose path has a `.` or `..` segment, written literally or
/// percent-encoded (`%2e%2e`, `.%2E`).
///
/// `myapp://files/%2e%2e/%2e%2e/admin` matches `myapp://files/*rest` with `rest = ["..", "..",
/// "admin"]`; an app that joins a rest or parameter value into a file path or a web address would
/// then walk out of its folder on anyone's say-so. By default a router refuses such links when they
/// come from outside the app:
///
/// ```swift
/// var builder = RouterBuilder()
/// builder.dotSegments = .refuseExternal   // the default
/// try await builder.build().open("myapp://files/%2e%2e/admin", origin: .external())
/// // invalidURL: the path has a '..' segment …
/// ```
///
/// A segment counts as a dot segment when, decoded, it is `.` or `..`, or has a `.` or `..` part
/// between `/` or `\` characters (an encoded `%2F` makes `..%2Fadmin` one segment that reads as
/// two once joined into a path).
public enum DotSegmentPolicy: String, Sendable, Hashable, CaseIterable {
  /// Refuse them in links from outside the app (the default); keep them in the app's own links.
  case refuseExternal
  /// Refuse them from every origin.
  case refuse
  /// Keep them: the values reach handlers as written (for apps whose handlers never join values
  /// into paths, or check them themselves).
  case keep

  /// Whether a URL from `origin` must be checked.
  func applies(to origin: Origin) -> Bool {
    switch self {
    case .refuseExternal: return origin.isExternal
    case .refuse: return true
    case .keep: return false
    }
  }

  /// Throws `invalidURL` when `url` has a dot segment in its path (or a host that is one, where
  /// the host serves as the first segment).
  ///
  /// The map page's twin: `dotSegment` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  static func check(_ url: ParsedURL, origin: Origin) throws(RoutingError) {
    // The host, then each segment where it lies: no array of segments is made for the check.
    for index in -1..<url.segmentCount {
      guard let part = index < 0 ? url.host : url.segment(at: index),
        let found = dotPart(of: part, decode: !url.options.decodePath)
      else { continue }
      throw RoutingError(
        .invalidURL,
        "'\(url.string)' has a '\(found)' path segment; a link from "
          + (origin.isExternal ? "outside the app" : "this origin")
          + " may not have '.' or '..' segments, literal or percent-encoded, because a value joined into a file "
          + "path or web address would leave its folder (set RouterBuilder.dotSegments to .keep to allow them)",
        url: url.string)
    }
  }

  /// The `.` or `..` in `segment` (decoded first when the URL kept its path encoded), or `nil`.
  static func dotPart(of segment: Substring, decode: Bool) -> String? {
    var text = segment
    if decode, let decoded = try? PercentCoding.decode(segment, plusAsSpace: false) { text = decoded }
    guard text.utf8.contains(UInt8(ascii: ".")) else { return nil }
    // Split on bytes: `../` followed by a combining mark still leaves the folder in a file path.
    for part in text.split(byte: UInt8(ascii: "/"), keepingEmpty: true)
      .flatMap({ $0.split(byte: UInt8(ascii: "\\"), keepingEmpty: true) })
    where part.utf8.elementsEqual(".".utf8) || part.utf8.elementsEqual("..".utf8) {
      return String(part)
    }
    return nil
  }
}
