import Foundation

/// Where a request to open a URL comes from, and what came with it.
///
/// Links from outside the app reach only routes whose exposure is ``Exposure/public``. Every door
/// into an app has its own origin, made by a static member, so analytics and middleware can tell
/// a Spotlight result from a notification tap without parsing anything:
///
/// ```swift
/// let origin: Origin = .external(sourceApplication: "com.example.mail")
/// origin.isExternal  // true
/// Origin.quickAction(type: "compose").details  // ["type": "compose"]
/// ```
///
/// | Door | Origin | ``details`` |
/// |---|---|---|
/// | The app itself | ``internal`` | — |
/// | URL scheme | ``external(sourceApplication:)`` | — (``sourceApplication``) |
/// | Universal link | ``universalLink(referrer:)`` | — (``referrer``) |
/// | Notification | ``notification(identifier:action:payload:)`` | `identifier`, `action`, the payload's plain values |
/// | Home Screen quick action | ``quickAction(type:userInfo:)`` | `type`, the item's plain values |
/// | Spotlight | ``spotlight(identifier:)`` | `identifier` |
/// | Handoff | ``handoff(activityType:userInfo:)`` | `activityType`, the activity's plain values |
/// | Widget | ``widget(kind:)`` | `kind` |
/// | App Clip | ``appClip(invocation:)`` | — (``referrer``: the invocation URL) |
/// | App Intent | ``appIntent(_:)`` | `intent` |
/// | Deferred link | ``deferred(source:)`` | `source` |
///
/// Campaign items (`utm_*` and the keys an app names) are read from an external link into
/// ``campaign`` by ``LinkInbox``, which keeps them out of the route's query unless the route asks
/// for them.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// A short name for the door: `internal`, `external`, `universalLink`, `notification`,
  /// `quickAction`, `spotlight`, `handoff`, `widget`, `appClip`, `appIntent`, `deferred`, or a
  /// custom one.
  public var kind: String {
    get { storage.fields.kind }
    set { storage.edit { $0.kind = newValue } }
  }
  /// The app that sent the link, when the system says (a URL scheme link from an app of the same
  /// team).
  public var sourceApplication: String? {
    get { storage.fields.sourceApplication }
    set { storage.edit { $0.sourceApplication = newValue } }
  }
  /// The page that led to a universal link (the system gives it for links followed in Safari),
  /// or the URL an App Clip was invoked with.
  public var referrer: String? {
    get { storage.fields.referrer }
    set { storage.edit { $0.referrer = newValue } }
  }
  /// What the door handed over beside the link, as plain strings (see the table above).
  public var details: [String: String] {
    get { storage.fields.details }
    set { storage.edit { $0.details = newValue } }
  }
  /// The campaign items the link carried (`utm_source`, `utm_campaign`, …).
  public var campaign: [String: String] {
    get { storage.fields.campaign }
    set { storage.edit { $0.campaign = newValue } }
  }
  /// Whether the link comes from outside the app and may reach only public routes.
  public var isExternal: Bool {
    get { storage.fields.isExternal }
    set { storage.edit { $0.isExternal = newValue } }
  }

  // An origin travels with every request, through every middleware, result and event: behind one
  // reference, a copy costs one retain instead of one per field (a `Router.resolve` copied its
  // six fields 18 times, 14% of its instructions).
  private var storage: CopyOnWrite<Fields>

  /// Everything said about where a link came from.
  private struct Fields: Hashable, Sendable {
    var kind: String
    var sourceApplication: String?
    var referrer: String?
    var details: [String: String]
    var campaign: [String: String]
    var isExternal: Bool
  }

  /// Makes an origin of any kind; prefer the static members for the usual ones.
  ///
  /// - Parameters:
  ///   - kind: A short name for the door; a custom door may use a name of its own.
  ///   - sourceApplication: The app that sent the link, when the system says; `nil` by default.
  ///   - referrer: The page that led to the link, or the URL an App Clip was invoked with; `nil`
  ///     by default.
  ///   - details: What the door handed over beside the link, as plain strings. Empty by default.
  ///   - campaign: The campaign items the link carried (`utm_source`, …); a request leaves them
  ///     out of its query unless the route names them in its defaults. Empty by default.
  ///   - isExternal: Whether the link comes from outside the app; such a link reaches only
  ///     public routes.
  public init(
    kind: String, sourceApplication: String? = nil, referrer: String? = nil, details: [String: String] = [:],
    campaign: [String: String] = [:], isExternal: Bool
  ) {
    storage = CopyOnWrite(
      Fields(
        kind: kind, sourceApplication: sourceApplication, referrer: referrer, details: details, campaign: campaign,
        isExternal: isExternal))
  }

  /// A link opened by the app itself.
  public static let `internal` = Origin(kind: "internal", isExternal: false)

  /// A link from another app through the app's URL scheme (or from an unknown source).
  public static func external(sourceApplication: String? = nil) -> Origin {
    Origin(kind: "external", sourceApplication: sourceApplication, isExternal: true)
  }

  /// A link from a push or local notification.
  public static let notification = Origin(kind: "notification", isExternal: true)

  /// A link from a notification the user acted on: its request identifier, the action chosen
  /// (`com.apple.UNNotificationDefaultActionIdentifier` for a plain tap) and the payload's
  /// plain values (strings, numbers and booleans at the top level; `aps` is left out).
  ///
  /// - Parameters:
  ///   - identifier: The notification request's identifier, the `identifier` detail (over a
  ///     payload value of that name); `nil` leaves the detail out.
  ///   - action: The identifier of the action the user chose, the `action` detail (over a
  ///     payload value of that name); `nil`, the default, leaves the detail out.
  ///   - payload: The notification's user info; its top-level values under string keys that
  ///     read as plain text become details, and other values are left out. Empty by default.
  /// - Returns: An external origin of kind `notification`.
  public static func notification(
    identifier: String?, action: String? = nil, payload: [AnyHashable: Any] = [:]
  ) -> Origin {
    var details = plainValues(of: payload, leaving: ["aps"])
    details["identifier"] = identifier
    details["action"] = action
    return Origin(kind: "notification", details: details, isExternal: true)
  }

  /// The kind, the source application or referrer when known, and the details.
  public var description: String {
    var text = kind
    if let source = sourceApplication ?? referrer { text += "(\(source))" }
    let facts = details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    if !facts.isEmpty { text += " [" + facts.joined(separator: ", ") + "]" }
    return text
  }

  /// The values of `dictionary` that read as plain text (strings, numbers, booleans), by key.
  static func plainValues(of dictionary: [AnyHashable: Any], leaving excluded: Set<String> = []) -> [String: String] {
    var values: [String: String] = [:]
    for (key, value) in dictionary {
      guard let key = key.base as? String, !excluded.contains(key) else { continue }
      switch value {
      case let text as String: values[key] = text
      case let flag as Bool where type(of: value) == Bool.self: values[key] = flag ? "true" : "false"
      case let number as NSNumber: values[key] = plainText(of: number)
      case let number as Int: values[key] = String(number)
      case let number as Double: values[key] = String(number)
      default: continue
      }
    }
    return values
  }

  /// A payload's number as text: a payload decoded by the system holds `NSNumber`s, where 0 and
  /// 1 also convert to `Bool`; only a boolean number (its type is `c`, as `true` and `false`
  /// decode) is "true" or "false".
  static func plainText(of number: NSNumber) -> String {
    switch String(cString: number.objCType) {
    case "c": return number.boolValue ? "true" : "false"
    case "f", "d": return String(number.doubleValue)
    default: return String(number.int64Value)
    }
  }

  static func plainValues(of dictionary: [String: Any]) -> [String: String] {
    plainValues(of: Dictionary(uniqueKeysWithValues: dictionary.map { (AnyHashable($0.key), $0.value) }))
  }
}
