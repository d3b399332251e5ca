import Foundation
import Synchronization
import Testing
import Waypoint

/// What a window opens on and what it saves: a restored state without what cannot be shown now,
/// a saved state without secrets, and screen views that pause in the background (B2, B16 and B17
/// of the third adapter review, on the core; the adapters' sides are in Checks/).
@MainActor
@Suite("A window's first state, what it saves, and its screens in the background")
struct FirstStateTests {
  /// Every event of the app's links.
  final class Heard: RouteObserver {
    private let events = Mutex<[RouteEvent]>([])
    var reasons: [String] { events.withLock { $0.compactMap(\.reason) } }
    func dropped(_ event: RouteEvent) { events.withLock { $0.append(event) } }
  }

  /// A note that can no longer be made.

  static func app(_ heard: Heard) throws -> WaypointApp {
    try AppFixture.app { routes in routes.observe(heard) }
  }

  /// The app, what it says, and a window on its start state.
  static func window() throws -> (Heard, WaypointApp, ScreenCoordinator) {
    let heard = Heard()
    let app = try Self.app(heard)
    return (heard, app, app.addWindow("w", navigator: HeadlessNavigator(state: app.start)))
  }

  static func note(_ id: Int, link: String? = nil) -> Screen {
    Screen(id: "Note#\(id)", target: "Note", parameters: ["id": "\(id)"], link: link ?? "notes://note/\(id)")
  }

  @Test("a saved screen a closed sign-in gate stands in front of is left out, with what is over it, and said")
  func gatedScreen() async throws {
    let (heard, app, modules) = try Self.window()
    var saved = app.start
    saved.tabs?.tabs[1].stack += [
      Screen(id: "Settings#9", target: "Settings", link: "notes://settings"), Self.note(4),
    ]
    saved.tabs?.selected = "settings"
    let first = await app.firstState(saved, in: modules)
    #expect(
      first.tabs?["settings"]?.stack.map(\.id) == ["Login#signIn-for-Settings#2"],
      "the tab's own root, protected too, gives its place to the sign-in screen")
    #expect(first.tabs?.selected == "settings")
    #expect(heard.reasons.contains { $0.contains("'Settings#9'") && $0.contains("sign-in gate 'signIn'") })
    #expect(heard.reasons.contains { $0.contains("'Note#4'") && $0.contains("over 'Settings#9'") })
  }

  @Test("a saved gated screen under the id of a start screen is judged by the gate too, not taken for the start's")
  func gatedScreenUnderStartID() async throws {
    let (heard, app, modules) = try Self.window()
    var saved = app.start
    // The notes tab's root, "List#1" in the start, holding the gated settings screen instead.
    saved.tabs?.tabs[0].stack = [Screen(id: "List#1", target: "Settings", link: "notes://settings")]
    let first = await app.firstState(saved, in: modules)
    #expect(first.tabs?["notes"]?.stack.map(\.target) == ["List"], "the start's own root takes its place")
    #expect(heard.reasons.contains { $0.contains("'List#1'") && $0.contains("sign-in gate 'signIn'") })
  }

  @Test("a saved screen whose destination cannot be made is left out; what was made waits for the first plan")
  func unmadeScreen() async throws {
    let (heard, app, modules) = try Self.window()
    var saved = app.start
    // A note whose link lost its number (an update renamed the value): it cannot be made.
    saved.tabs?.tabs[0].stack += [
      Self.note(5), Screen(id: "Note#6", target: "Note", link: "notes://note/six"), Self.note(7),
    ]
    let first = await app.firstState(saved, in: modules)
    #expect(first.tabs?["notes"]?.stack.map(\.id) == ["List#1", "Note#5"])
    #expect(heard.reasons.contains { $0.contains("'Note#6'") && $0.contains("could not be made") })
    #expect(heard.reasons.contains { $0.contains("'Note#7'") })
    let made = try #require(modules.prebuilt["Note#5"], "made once, for the first plan")
    #expect(try modules.destination(for: Self.note(5)).value(as: AppNote.self) === made.value(as: AppNote.self))
    #expect(modules.prebuilt["Note#5"] == nil, "handed over once")
  }

  @Test("the state a window saves keeps no redacted query item, in its screens' links or values")
  func noSecrets() async throws {
    let app = try Self.app(Heard())
    app.addWindow("w", navigator: HeadlessNavigator(state: app.start))
    app.windowIsShown("w")
    _ = try await app.open("notes://note/3?sig=SECRET&mode=edit&token=T0KEN", window: "w")
    let saved = try #require(app.windows.state(of: "w"))
    let note = try #require(saved.allScreens.first { $0.target == "Note" })
    #expect(note.link == "notes://note/3?mode=edit")
    #expect(note.parameters["sig"] == nil && note.parameters["token"] == nil)
    let text = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
    #expect(!text.contains("SECRET") && !text.contains("T0KEN"))
    #expect(
      app.coordinator(for: "w")?.navigator.state.allScreens.contains { $0.link?.contains("SECRET") == true } == true,
      "the state shown keeps the link it opened with")
  }

  /// Hears each screen event's phase and cause.
  struct Events: ScreenObserver {
    let heard: @MainActor (String) -> Void
    func shown(_ event: ScreenEvent) { heard("shown \(event.screen.id) \(event.cause)") }
    func hidden(_ event: ScreenEvent) { heard("hidden \(event.screen.id) \(event.cause)") }
  }

  @Test("screen views: a window in the background hides its screens; what it shows meanwhile is shown on return")
  func background() async throws {
    let views = ScreenViews()
    var heard: [String] = []
    views.observe(Events { heard.append($0) })
    let list = Screen(id: "List#1", target: "List")
    views.record(NavigationState(stack: [list]), window: "w", cause: .app)
    heard = []
    views.enterBackground(window: "w")
    #expect(heard == ["hidden List#1 background"])
    // A link opened while the app was away: no event until it is back.
    views.record(NavigationState(stack: [list, Self.note(2)]), window: "w", cause: .app)
    views.enterBackground(window: "w")
    #expect(heard == ["hidden List#1 background"])
    views.enterForeground(window: "w")
    #expect(heard == ["hidden List#1 background", "shown Note#2 foreground"])
    views.enterForeground(window: "w")
    #expect(heard.count == 2, "a second return changes nothing")
  }
}
