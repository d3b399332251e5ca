// The delivery matrix: every door a link comes in by, in every state the app can be in when it
// arrives, for every app set-up the docs show. What each case must end in, and how a case
// prints its row; DeliveryMatrixUIKitTests and DeliveryMatrixSwiftUITests run the cases, and
// Scripts/delivery-matrix.sh gathers the rows into the table and the `delivery matrix: P/T cases`
// line. Not a test on iOS: the UIKit set-up runs against the model of UIKit, the SwiftUI ones on
// the core with the host's own decisions (what `WaypointHost` does with each door and each value
// SwiftUI writes back).
import Foundation
import Synchronization
import Testing
import Waypoint
import WaypointAdapterSupport

/// A way a link comes into the app.
enum Door: String, CaseIterable, Sendable {
  case url = "URL scheme"
  case universalLink = "universal link"
  case widget = "widget"
  case appClip = "App Clip"
  case spotlight = "Spotlight"
  case handoff = "Handoff"
  case notification = "notification tap"
  case quickAction = "quick action"
  case appIntent = "App Intent"
  case deferred = "deferred link"
  case notificationDismissed = "notification dismissed"
  case notificationBackground = "notification background action"

  /// The origin kind the opened link must carry.
  var originKind: String {
    switch self {
    case .url: Origin.external().kind
    case .universalLink: Origin.universalLink.kind
    case .widget: Origin.widget(kind: "Recent").kind
    case .appClip: Origin.appClip(invocation: "").kind
    case .spotlight: Origin.spotlight(identifier: "").kind
    case .handoff: Origin.handoff(activityType: "", userInfo: [:]).kind
    case .notification, .notificationDismissed, .notificationBackground: Origin.notification.kind
    case .quickAction: Origin.quickAction(type: "", userInfo: [:]).kind
    case .appIntent: Origin.appIntent("").kind
    case .deferred: Origin.deferred(source: "").kind
    }
  }

  /// Whether the door must open nothing: a notification the user dismissed, or one whose action
  /// runs in the background.
  var opensNothing: Bool { self == .notificationDismissed || self == .notificationBackground }

  /// Whether the link is a web link (universal links and App Clip invocations).
  var isWebLink: Bool { self == .universalLink || self == .appClip }

  /// The link of note `id` this door carries.
  func link(note id: Int) -> String {
    isWebLink ? "https://notes.example/note/\(id)" : "notes://note/\(id)"
  }
}

/// The state the app is in when the link arrives.
enum Launch: String, CaseIterable, Sendable {
  case notRunning = "not running"
  case suspended = "suspended"
  case idle = "foreground, idle"
  case midPush = "mid-push"
  case backSwipe = "back swipe in a tab"
  case sheetDismissing = "sheet being dismissed"
  case appAlert = "app's alert up"
  case notReady = "not ready (signing in)"
  /// The link waits (the app is signing in) in a window the user then closes: it opens in the
  /// window left.
  case windowClosed = "window closed while it waits"
  /// The app goes to the background while the link's plan runs, and comes back.
  case backgrounded = "backgrounded mid-link"
  /// Every window closed (UIKit reclaimed the only scene; a Mac app runs on with none): the link
  /// waits, and opens once in the window that comes next (fourth adapter review, E1).
  case noWindow = "no window open"
  /// Two windows active side by side: the user is in one while the other changed activation
  /// last; a link lands in its own window, one that names none in the one the user is in (E4).
  case keyChanging = "two windows active, the key one changing"
  /// The system disconnected the window's scene and connected it again (the same session, a new
  /// scene): the link opens once in the window as it came back.
  case reconnected = "window reconnected by the system"
}

/// An app set-up the docs show.
enum Setup: String, CaseIterable, Sendable {
  case uikitScenes = "UIKit scenes"
  case swiftUIApp = "SwiftUI App"
  case swiftUISceneDelegate = "SwiftUI App + scene delegate"

  /// The doors the set-up has: a SwiftUI `App` without a scene delegate gets no quick action
  /// (UIKit gives a scene's quick actions to its scene delegate only: the connection options and
  /// `windowScene(_:performActionFor:completionHandler:)`), so it has no such door.
  var doors: [Door] {
    self == .swiftUIApp ? Door.allCases.filter { $0 != .quickAction } : Door.allCases
  }
}

/// One case: a door, a state, a set-up, and whether a second window is open.
struct DeliveryCase: Sendable, CustomTestStringConvertible {
  let setup: Setup
  let door: Door
  let launch: Launch
  /// Two windows: the link arrives in the second while the first shows another state.
  var twoWindows = false

  var testDescription: String {
    "\(setup.rawValue) · \(door.rawValue) · \(twoWindows ? "two windows" : launch.rawValue)"
  }

  /// Every case of `setup`: each door in each state, and each door once more with two windows
  /// (iPad; the app idle).
  static func all(_ setup: Setup) -> [DeliveryCase] {
    setup.doors.flatMap { door in Launch.allCases.map { DeliveryCase(setup: setup, door: door, launch: $0) } }
      + setup.doors.map { DeliveryCase(setup: setup, door: $0, launch: .idle, twoWindows: true) }
  }

  /// How the case must end.
  var expected: Expected {
    if door.opensNothing { return .nothing }
    if launch == .appAlert { return .dropped }
    return .opened
  }

  enum Expected: String {
    /// Opened exactly once, in the window it arrived in, on the screen the state says.
    case opened
    /// Not opened, with an event that says why.
    case dropped
    /// Nothing opened, nothing changed.
    case nothing
  }
}

/// What a case ended in, printed as one row for Scripts/delivery-matrix.sh.
struct Verdict {
  var problems: [String] = []
  var outcome = ""

  mutating func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
    if !condition { problems.append(problem()) }
  }

  /// Waits for the App Intent the case ran, if any; a case that must open fails if it failed.
  mutating func wait(for intent: Task<Void, any Error>?, _ item: DeliveryCase) async {
    guard let intent else { return }
    if item.expected == .opened, case .failure(let error) = await intent.result {
      problems.append("the intent failed: \(error)")
    }
  }

  /// Prints the case's row and fails the test with every problem found.
  func report(_ item: DeliveryCase, sourceLocation: SourceLocation = #_sourceLocation) {
    let column = item.twoWindows ? "two windows" : item.launch.rawValue
    let result = problems.isEmpty ? "pass" : "FAIL"
    let detail = problems.isEmpty ? outcome : problems.joined(separator: "; ")
    print("delivery-case\t\(item.setup.rawValue)\t\(item.door.rawValue)\t\(column)\t\(result)\t\(detail)")
    #expect(
      problems.isEmpty, "\(item.testDescription): \(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
  }
}

/// Every event of the app's links, for the outcome each one had.
final class LinkEvents: RouteObserver {
  private let events = Mutex<[RouteEvent]>([])

  var all: [RouteEvent] { events.withLock { $0 } }

  func received(_ event: RouteEvent) { record(event) }
  func waited(_ event: RouteEvent) { record(event) }
  func dropped(_ event: RouteEvent) { record(event) }
  func didOpen(_ event: RouteEvent) { record(event) }
  func failed(_ event: RouteEvent) { record(event) }

  private func record(_ event: RouteEvent) { events.withLock { $0.append(event) } }

  /// The events of the links to note `id`.
  func of(note id: Int) -> [RouteEvent] {
    all.filter { $0.url.hasSuffix("/note/\(id)") || $0.url.contains("/note/\(id)?") }
  }

  /// Waits at most 5 seconds for a link to note `id` to end.
  ///
  /// The UIKit navigator waits for transitions by its clock, not by the model's turns, so this
  /// waits by time.
  func outcome(note id: Int) async throws {
    let clock = ContinuousClock()
    let started = clock.now
    while outcomes(note: id).isEmpty, clock.now - started < .seconds(5) {
      try await Task.sleep(for: .milliseconds(2))
    }
  }

  /// The outcomes of the links to note `id`, but the duplicates the inbox set aside (one tap
  /// reported by two doors).
  func outcomes(note id: Int) -> [RouteEvent] {
    of(note: id).filter { $0.phase.isOutcome && !($0.reason ?? "").contains("a duplicate of") }
  }
}

/// How many screens of each note were made.
final class MadeNotes: @unchecked Sendable {
  // Safety: written and read on the main actor only (the factories run there).
  var ids: [Int] = []
}

/// A typed link to a note, for the App Intent door.
struct NoteLink: RoutableLink {
  let id: Int
  static var routeDefinitions: [RouteDefinition] { [RouteDefinition(pattern: "notes://note/<int:id>", name: "note")] }
  init(id: Int) { self.id = id }
  init(route name: String, request: RouteRequest) throws(RoutingError) { id = try request.int("id") }
  var routeValues: RouteValues { RouteValues("note", parameters: ["id": .value(String(id))]) }
}

/// A deferred link source that has one link, as an attribution service returns it.
struct OneDeferredLink: DeferredLinkSource {
  let link: String
  var name: String { "attribution" }
  func deferredLink() async throws -> DeferredLink? { DeferredLink(link) }
}

/// The routes every set-up opens notes by, the first state (tabs: notes and search, search
/// selected, so a link has to change the tab) and what a note's screen needs.
enum MatrixApp {
  static func routes(_ events: LinkEvents) -> RouterBuilder {
    var routes = RouterBuilder()
    for pattern in ["notes://note/<int:id>", "https://notes.example/note/<int:id>"] {
      routes.add(pattern, target: "Editor", tab: "notes", under: ["List"], exposure: .public)
    }
    routes.observe(events)
    return routes
  }

  static let start = NavigationState(
    tabs: TabContainer(
      [
        NavigationTab(id: "notes", stack: [Screen(id: "List#notes", target: "List")]),
        NavigationTab(id: "search", stack: [Screen(id: "List#search", target: "List")]),
      ], selected: "search"))

  /// The policy of every set-up: a plain tap and the "view" action open the link.
  static var policy: LinkInbox.Policy {
    var policy = LinkInbox.Policy()
    policy.notificationLinkActions = ["view"]
    return policy
  }

  /// The user signed in: nothing opened while the app was not ready, and now it is.
  @MainActor
  static func signedIn(_ app: WaypointApp, events: LinkEvents, note id: Int) {
    #expect(events.outcomes(note: id).isEmpty, "nothing opens while the app is not ready")
    app.setReady(true)
  }

  /// The action of a notification response at `door`.
  static func action(_ door: Door) -> String {
    switch door {
    case .notificationDismissed: LinkInbox.Policy.dismissNotificationAction
    case .notificationBackground: "mark-read"
    default: "com.apple.UNNotificationDefaultActionIdentifier"
    }
  }

  /// Checks what `state` says after note `id`'s link: opened once (one screen made, one `did`
  /// of the door's origin), dropped with a reason, or nothing.
  static func checkOutcome(
    _ item: DeliveryCase, note id: Int, events: LinkEvents, made: MadeNotes, state: NavigationState,
    before: NavigationState, verdict: inout Verdict
  ) {
    let outcomes = events.outcomes(note: id)
    let made = made.ids.filter { $0 == id }.count
    switch item.expected {
    case .opened:
      let did = outcomes.filter { $0.phase == .did }
      verdict.check(
        did.count == 1 && outcomes.count == 1,
        "expected one open, got \(outcomes.map { "\($0.phase.rawValue) \($0.reason ?? $0.error?.message ?? "-")" })")
      verdict.check(made == 1, "the note's screen was made \(made) times")
      if let origin = did.first?.origin {
        verdict.check(origin.kind == item.door.originKind, "opened as \(origin.kind), not \(item.door.originKind)")
      }
      verdict.check(state.tabs?.selected == "notes", "the notes tab is not selected")
      verdict.check(
        state.tabs?["notes"]?.stack.map(\.target) == ["List", "Editor"],
        "the notes tab holds \(state.tabs?["notes"]?.stack.map(\.target) ?? [])")
      verdict.check(state.levels.count == 1, "\(state.levels.count - 1) presented levels are left over the tabs")
      verdict.outcome = "opened once (\(did.first?.origin.kind ?? "?")), notes: List › Editor \(id)"
    case .dropped:
      let reasons = outcomes.map { $0.reason ?? $0.error?.message ?? "-" }
      verdict.check(
        outcomes.count == 1 && outcomes[0].phase != .did && !reasons[0].isEmpty,
        "expected one outcome that is not an open, with a reason; got \(outcomes.map(\.phase.rawValue))")
      // The screen may have been made before the navigator refused to place it; it must not be
      // in the state (the model check says whether UIKit shows it).
      verdict.check(made <= 1, "the note's screen was made \(made) times")
      verdict.check(!state.contains(note: id), "the state holds the note")
      verdict.check(state.tabs?.selected == before.tabs?.selected, "the tab changed")
      verdict.outcome = "dropped: \(reasons.first.map { String($0.prefix(90)) } ?? "")"
    case .nothing:
      verdict.check(outcomes.filter { $0.phase == .did }.isEmpty, "the link opened")
      verdict.check(made == 0, "the note's screen was made \(made) times")
      // What the state the link came in does on its own (a swipe ending, a push landing) is
      // not the link's doing: only the note and the tab are compared.
      verdict.check(!state.contains(note: id), "the state holds the note")
      verdict.check(state.tabs?.selected == before.tabs?.selected, "the tab changed")
      verdict.outcome = "opened nothing"
    }
  }
}

extension NavigationState {
  /// Whether a screen of note `id` is anywhere in the state (the editor of the matrix's app has
  /// one screen per note, made from the link).
  func contains(note id: Int) -> Bool {
    allScreens.contains { $0.target == "Editor" && $0.parameters["id"] == String(id) }
  }
}
