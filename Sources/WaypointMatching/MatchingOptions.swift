/// How URLs are read and compared.
///
/// Every option has the default of the design contract, so `MatchingOptions()` is what most apps want.
///
/// ```swift
/// var options = MatchingOptions()
/// options.caseSensitive = false
/// options.trailingSlash = .strict
/// var builder = RouteTableBuilder<String>(options: options)
/// ```
public struct MatchingOptions: Sendable, Hashable {
  /// Where a URL's host goes: into the path or kept apart.
  public enum HostMode: String, Sendable, Hashable, CaseIterable {
    /// `http`/`https` URLs keep their host; for any other scheme the host is the first path
    /// segment (`myapp://user/42` has segments `user`, `42`).
    case auto
    /// The host is always the first path segment.
    case segment
    /// The host is always a host; a pattern that names one matches only that host.
    case host
  }

  /// Whether a trailing slash is significant.
  public enum TrailingSlash: String, Sendable, Hashable, CaseIterable {
    /// `/a/` and `/a` are the same path.
    case ignore
    /// `/a/` matches only a pattern written with a trailing slash.
    case strict
  }

  /// What happens to empty segments (`//`).
  public enum EmptySegments: String, Sendable, Hashable, CaseIterable {
    /// `a//b` is `a/b`.
    case collapse
    /// `a//b` has an empty middle segment, which only a regex parameter that accepts `""`
    /// (or a rest) matches.
    case keep
  }

  /// Where a URL's host goes.
  ///
  /// Default ``HostMode/auto``.
  public var host: HostMode = .auto
  /// Whether path literals compare case-sensitively.
  ///
  /// Default `true`. Schemes and hosts always compare case-insensitively.
  public var caseSensitive = true
  /// Whether a trailing slash is significant.
  ///
  /// Default ``TrailingSlash/ignore``.
  public var trailingSlash: TrailingSlash = .ignore
  /// What happens to empty segments.
  ///
  /// Default ``EmptySegments/collapse``.
  public var emptySegments: EmptySegments = .collapse
  /// Whether path segments are percent-decoded before matching.
  ///
  /// Default `true`.
  public var decodePath = true
  /// Whether `+` in the query means a space (applied before percent-decoding, so `%2B` stays `+`).
  ///
  /// Default `true`.
  public var plusAsSpace = true
  /// Whether `key=value` pairs in the fragment are read as query items too.
  ///
  /// Default `false`.
  public var fragmentAsQuery = false
  /// The longest URL accepted, in UTF-8 bytes.
  ///
  /// Default 8192.
  public var maxURLLength = 8192
  /// The longest path segment accepted, in UTF-8 bytes before decoding.
  ///
  /// Default 1024.
  public var maxSegmentLength = 1024

  /// Options with every default of the design contract.
  public init() {}

  /// The option names as they are spelled in manifests and messages.
  package static let keys: Set<String> = [
    "host", "caseSensitive", "trailingSlash", "emptySegments", "decodePath", "plusAsSpace",
    "fragmentAsQuery", "maxURLLength", "maxSegmentLength",
  ]
}

extension MatchingOptions {
  /// Whether, for a URL or pattern with `scheme`, the authority is read as the first path segment.
  ///
  /// The one rule for URLs, patterns and printed URLs alike: with `auto`, only `http` and `https`
  /// (in any case) keep their host apart.
  package func hostIsSegment(scheme: some StringProtocol) -> Bool {
    switch host {
    case .segment: return true
    case .host: return false
    case .auto:
      return !Self.isWeb(scheme)
    }
  }

  /// Whether `scheme` is `http` or `https` in any case, read byte by byte (it is asked for every
  /// pattern and every URL).
  static func isWeb(_ scheme: some StringProtocol) -> Bool {
    var count = 0
    for byte in scheme.utf8 {
      let expected: Unicode.Scalar
      switch count {
      case 0: expected = "h"
      case 1, 2: expected = "t"
      case 3: expected = "p"
      case 4: expected = "s"
      default: return false
      }
      // Setting bit 5 lowercases an ASCII letter; only `H` and `h` become `h`.
      guard byte | 0x20 == UInt8(ascii: expected) else { return false }
      count += 1
    }
    return count >= 4
  }
}
