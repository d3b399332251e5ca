#if canImport(AppIntents)
public import AppIntents
public import Waypoint

/// An App Intent (or App Shortcut) that opens one of the app's typed links through its
/// ``Waypoint/LinkInbox``, so Siri, Shortcuts, Spotlight and the Action button reach the same
/// screens as links do, through the same checks.
///
/// The intent's `perform()` is given: it waits until the app has put its inbox in
/// ``LinkIntents/slot`` (the system may run an intent before the app finished launching), then
/// until the inbox is ready, and opens ``link`` as ``Waypoint/Origin/appIntent(_:)``, an external
/// origin: only public routes can be reached this way. Both waits together last at most
/// ``LinkIntents/timeout``; then it fails with `dropped`, and a link still waiting for the app to
/// be ready (signing in, onboarding) is dropped from the inbox too, so it never opens later.
///
/// A link intent shows a screen, so it runs in the app, in the foreground: set `openAppWhenRun`
/// below a deployment target of iOS 26, `supportedModes = .foreground` from it (where
/// `openAppWhenRun` is deprecated). Run in an extension or in the background, no scene connects,
/// nothing fills the slot, and the intent fails after the timeout.
///
/// ```swift
/// struct OpenNoteIntent: LinkIntent {
///   static let title: LocalizedStringResource = "Open Note"
///   static let openAppWhenRun = true
///   @Parameter(title: "Note number") var id: Int
///   var link: NotesAppLink { .noteShow(id: id) }
/// }
/// ```
public protocol LinkIntent: AppIntent {
  /// The type of the link the intent opens.
  associatedtype Link: RoutableLink
  /// The link, from the intent's parameters.
  var link: Link { get }
}

extension LinkIntent {
  /// Opens ``link`` through the app's inbox and returns once it is opened.
  ///
  /// - Throws: A ``LinkIntentError`` with a message for the person who ran the intent, around
  ///   what ``Waypoint/LinkInbox/open(_:origin:extras:id:)-(String,_,_,_)`` throws: a link to an
  ///   internal route is `notFound`, a dropped one `dropped`, and so is one the app was not
  ///   ready for within ``LinkIntents/timeout``.
  public func perform() async throws -> some IntentResult {
    let instant = WaypointClock.live.instant
    let start = instant()
    do throws(RoutingError) {
      let inbox = try await LinkIntents.slot.inbox(within: LinkIntents.timeout)
      let left = max(LinkIntents.timeout - (instant() - start), .zero)
      _ = try await inbox.open(try link.url, origin: .appIntent(String(describing: Self.self)), within: left)
    } catch {
      throw LinkIntentError(reason: error)
    }
    return .result()
  }
}

/// Why a ``LinkIntent`` did not open its link, in words for the person who ran it: Siri,
/// Shortcuts and Spotlight show ``localizedStringResource`` rather than the router's message,
/// which stays in ``reason`` for the app's logs.
public struct LinkIntentError: Error, CustomLocalizedStringResourceConvertible {
  /// What the inbox or the router said.
  public let reason: RoutingError

  /// Makes the error around `reason`.
  public init(reason: RoutingError) {
    self.reason = reason
  }

  /// What the person is told: a link this way in may not reach, one the app was not ready for,
  /// or another failure.
  public var localizedStringResource: LocalizedStringResource {
    switch reason.code {
    case .notFound, .forbidden: "This can't be opened from here."
    case .dropped: "The app wasn't ready to open this. Try again."
    default: "This couldn't be opened."
    }
  }
}

/// Where ``LinkIntent``s find the app's inbox.
///
/// An app with one inbox (every `WaypointApp`: `app.inbox`) fills the slot once, at launch, and
/// never empties it:
///
/// ```swift
/// LinkIntents.slot.fill(app.inbox)   // in application(_:willFinishLaunchingWithOptions:)
/// ```
///
/// An app wired by hand with an inbox per window fills it with the inbox of the window that
/// becomes active, and empties it (`empty(ifHolding:)`) only when its last window closes: emptied
/// while another window is open, every intent would wait out ``timeout`` and fail.
public enum LinkIntents {
  /// The app's inbox, once it is put there; intents that run earlier wait for it.
  public static let slot = LinkInboxSlot()
  /// How long an intent waits for the slot to be filled and the app to be ready before it fails
  /// with `dropped`.
  public static let timeout = Duration.seconds(30)
}
#endif
