// The origins of the doors into the app (Entry): the router itself knows only the app's own
// links, links from other apps and notifications (``Origin/internal``, ``Origin/external(sourceApplication:)``,
// ``Origin/notification(identifier:action:payload:)``).

extension Origin {
  /// A universal link (an `https` link the system handed to the app).
  public static let universalLink = Origin(kind: "universalLink", isExternal: true)

  /// A universal link, with the page that led to it when the system gives one
  /// (`NSUserActivity.referrerURL`).
  public static func universalLink(referrer: String?) -> Origin {
    Origin(kind: "universalLink", referrer: referrer, isExternal: true)
  }

  /// A Home Screen quick action (`UIApplicationShortcutItem`): its `type` and the plain values
  /// of its `userInfo`.
  ///
  /// - Parameters:
  ///   - type: The item's `type`, kept as the `type` detail.
  ///   - userInfo: The item's `userInfo`: its strings, numbers and booleans become details, other
  ///     values are left out, and a `type` key in it is replaced by `type`. Empty by default.
  /// - Returns: An external origin of kind `quickAction`.
  public static func quickAction(type: String, userInfo: [String: Any] = [:]) -> Origin {
    var details = plainValues(of: userInfo)
    details["type"] = type
    return Origin(kind: "quickAction", details: details, isExternal: true)
  }

  /// A Spotlight result the user chose: the searchable item's unique identifier
  /// (`CSSearchableItemActivityIdentifier`).
  public static func spotlight(identifier: String) -> Origin {
    Origin(kind: "spotlight", details: ["identifier": identifier], isExternal: true)
  }

  /// A Handoff (or other `NSUserActivity`) continued in this app: its activity type and the plain
  /// values of its `userInfo`.
  ///
  /// - Parameters:
  ///   - activityType: The activity's type, kept as the `activityType` detail.
  ///   - userInfo: The activity's `userInfo`: its strings, numbers and booleans under string keys
  ///     become details, other entries are left out, and an `activityType` key in it is replaced
  ///     by `activityType`. Empty by default.
  /// - Returns: An external origin of kind `handoff`.
  public static func handoff(activityType: String, userInfo: [AnyHashable: Any] = [:]) -> Origin {
    var details = plainValues(of: userInfo)
    details["activityType"] = activityType
    return Origin(kind: "handoff", details: details, isExternal: true)
  }

  /// A widget the user tapped (its `widgetURL` or `Link`), with the widget's kind; see
  /// ``widgetLink(_:kind:)``.
  public static func widget(kind: String) -> Origin {
    Origin(kind: "widget", details: ["kind": kind], isExternal: true)
  }

  /// A saved state restored at launch: the origin of the `dropped` events that report what of it
  /// this version of the app could not show (see `WaypointApp.restoredState(from:)`).
  public static let restoredState = Origin(kind: "restoredState", isExternal: false)

  /// An App Clip invocation (an App Clip Code, NFC tag, Safari banner, Maps or Messages), with
  /// the invocation URL as the referrer.
  public static func appClip(invocation: String?) -> Origin {
    Origin(kind: "appClip", referrer: invocation, isExternal: true)
  }

  /// An App Intent run by Siri, Shortcuts, Spotlight or the Action button: the intent's name.
  public static func appIntent(_ name: String) -> Origin {
    Origin(kind: "appIntent", details: ["intent": name], isExternal: true)
  }

  /// A link that arrived after install from a ``DeferredLinkSource`` named `source`.
  public static func deferred(source: String) -> Origin {
    Origin(kind: "deferred", details: ["source": source], isExternal: true)
  }

  /// The origin of a URL the system opened the app with, when nothing else is known: an
  /// `http` or `https` URL is a universal link (SwiftUI's `onOpenURL` delivers those too), a link
  /// a widget made with ``widgetLink(_:kind:)`` is a widget's, anything else comes from another
  /// app.
  ///
  /// ```swift
  /// Origin.opened("https://notes.example/note/3")   // .universalLink
  /// Origin.opened("notes://note/3")                  // .external()
  /// ```
  public static func opened(_ url: String) -> Origin {
    if let kind = WidgetMark.kind(in: url) { return .widget(kind: kind) }
    let scheme = url.prefix { $0 != ":" }.lowercased()
    return scheme == "http" || scheme == "https" ? .universalLink : .external()
  }

  /// `link` marked as a widget's of `kind`, for a widget's `widgetURL` or `Link`: the system
  /// hands it to the app like any URL, and ``opened(_:)`` and ``LinkInbox`` read the mark back
  /// into ``widget(kind:)`` and take it off before routing.
  ///
  /// The mark is a query item (`waypoint-widget`) any app could write too: it names a door for
  /// analytics and grants nothing, since a widget's origin is external like every other.
  ///
  /// ```swift
  /// Origin.widgetLink("notes://note/3", kind: "RecentNote")  // "notes://note/3?waypoint-widget=RecentNote"
  /// ```
  ///
  /// - Parameters:
  ///   - link: The link the widget opens; the mark goes at the end of its query, before any
  ///     fragment.
  ///   - kind: The widget's kind, read back into the origin's `kind` detail.
  /// - Returns: `link` with the mark.
  public static func widgetLink(_ link: String, kind: String) -> String {
    WidgetMark.adding(kind, to: link)
  }
}
