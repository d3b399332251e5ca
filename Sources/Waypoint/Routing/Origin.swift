/// Where a request to open a URL comes from.
///
/// Links from outside the app reach only routes whose exposure is ``Exposure/public``.
///
/// ```swift
/// let origin: Origin = .external(sourceApplication: "com.example.mail")
/// origin.isExternal  // true
/// ```
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// A short name for the kind of origin: `internal`, `external`, `universalLink`, `notification`
  /// or a custom one.
  public var kind: String
  /// The app that sent the link, when known.
  public var sourceApplication: String?
  /// Whether the link comes from outside the app and may reach only public routes.
  public var isExternal: Bool

  /// Makes an origin of any kind; prefer the static members for the usual ones.
  public init(kind: String, sourceApplication: String? = nil, isExternal: Bool) {
    self.kind = kind
    self.sourceApplication = sourceApplication
    self.isExternal = isExternal
  }

  /// A link opened by the app itself.
  public static let `internal` = Origin(kind: "internal", isExternal: false)

  /// A link from another app (or an unknown source).
  public static func external(sourceApplication: String? = nil) -> Origin {
    Origin(kind: "external", sourceApplication: sourceApplication, isExternal: true)
  }

  /// A universal link (an `https` link the system handed to the app).
  public static let universalLink = Origin(kind: "universalLink", isExternal: true)

  /// A link from a push or local notification.
  public static let notification = Origin(kind: "notification", isExternal: true)

  /// The origin of a URL the system opened the app with, when nothing else is known: an
  /// `http` or `https` URL is a universal link (SwiftUI's `onOpenURL` delivers those too),
  /// anything else comes from another app.
  ///
  /// ```swift
  /// Origin.opened("https://notes.example/note/3")   // .universalLink
  /// Origin.opened("notes://note/3")                  // .external()
  /// ```
  public static func opened(_ url: String) -> Origin {
    let scheme = url.prefix { $0 != ":" }.lowercased()
    return scheme == "http" || scheme == "https" ? .universalLink : .external()
  }

  /// The kind, and the source application when known.
  public var description: String {
    sourceApplication.map { "\(kind)(\($0))" } ?? kind
  }
}
