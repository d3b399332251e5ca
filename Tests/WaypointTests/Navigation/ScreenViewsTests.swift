import Foundation
import Observation
import Synchronization
import Testing

@testable import Waypoint

/// A clock a test moves by hand.
private final class HandClock: Sendable {
  private let instant = Mutex(ContinuousClock.now)

  var now: ContinuousClock.Instant { instant.withLock { $0 } }

  func advance(by duration: Duration) {
    instant.withLock { $0 += duration }
  }
}

/// Every event a ``ScreenViews`` sent, as short lines.
@MainActor
private final class ScreenRecorder: ScreenObserver {
  var events: [ScreenEvent] = []

  nonisolated init() {}

  func shown(_ event: ScreenEvent) { events.append(event) }
  func hidden(_ event: ScreenEvent) { events.append(event) }

  /// `shown Comments#5`, `hidden Discovery#1 covered`… since `start`.
  func lines(from start: Int = 0) -> [String] {
    events.dropFirst(start).map { event in
      "\(event.phase) \(event.screen.id)" + (event.isCovered ? " covered" : "")
        + (event.isUncovered ? " uncovered" : "")
    }
  }
}

@MainActor
@Suite("Screen views from the navigation state")
struct ScreenViewsTests {
  /// Kickstarter's tab bar over a headless navigator, its links, and screen views watching it.
  private static func app() throws -> (ScreenCoordinator, Router, HeadlessNavigator, ScreenRecorder, HandClock) {
    let navigator = HeadlessNavigator(
      state: NavigationState(
        tabs: TabContainer([
          NavigationTab(id: "discovery", stack: [Screen(id: "Discovery#1", target: "Discovery")]),
          NavigationTab(id: "activity", stack: [Screen(id: "Activity#2", target: "Activity")]),
          NavigationTab(id: "profile", stack: [Screen(id: "Profile#3", target: "Profile")]),
        ])))
    let modules = try kickstarterModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: PresentedStackTests.manifest)
    let clock = HandClock()
    let views = ScreenViews(now: { clock.now })
    let recorder = ScreenRecorder()
    views.observe(recorder)
    views.watch(navigator)
    retained.append(views)
    return (modules, router, navigator, recorder, clock)
  }

  /// Screen views watching `navigator`, and what they sent.
  private static func watched(_ navigator: some Navigator) -> (ScreenViews, ScreenRecorder) {
    let views = ScreenViews()
    let recorder = ScreenRecorder()
    views.observe(recorder)
    views.watch(navigator)
    return (views, recorder)
  }

  /// The screen views of the tests, alive while they run.
  private static var retained: [ScreenViews] = []

  @Test("the window's first screen is shown once, as restored; nothing else")
  func firstScreen() throws {
    let (_, _, _, recorder, _) = try Self.app()
    #expect(recorder.lines() == ["shown Discovery#1"])
    #expect(recorder.events.first?.cause == .restore)
    #expect(recorder.events.first?.tab == "discovery")
  }

  @Test("a link's screen is shown with its link; the screens it builds under it are never shown")
  func linkCause() async throws {
    let (_, router, _, recorder, _) = try Self.app()
    _ = try await router.open(
      "https://www.kickstarter.com/projects/creator/a-project/comments/42", origin: .external())
    #expect(recorder.lines(from: 1) == ["hidden Discovery#1 covered", "shown CommentReplies#6"])
    let shown = try #require(recorder.events.last)
    guard case .link(let openID, let url, let origin, let route) = shown.cause else {
      Issue.record("the cause is \(shown.cause)")
      return
    }
    #expect(openID > 0)
    #expect(url == "https://www.kickstarter.com/projects/creator/a-project/comments/42")
    #expect(origin == .external())
    #expect(route == "replies")
    #expect(shown.previous?.id == "Discovery#1", "the screen seen before")
    #expect(shown.presentation == .sheet)
    #expect(shown.level == 1)
    #expect(shown.screenName == "replies")
  }

  @Test("the same link again, a cancelled back swipe, and a tab tapped again on its root make no event")
  func noChangeNoEvent() async throws {
    let (modules, router, navigator, recorder, _) = try Self.app()
    let link = "https://www.kickstarter.com/projects/creator/a-project/comments"
    _ = try await router.open(link)
    let count = recorder.events.count
    _ = try await router.open(link)
    #expect(recorder.events.count == count, "the same link twice")
    // A back swipe the user cancels changes no state: UIKit reports nothing.
    try modules.reconcile(.selectedTab("discovery"))
    #expect(recorder.events.count == count, "the tab already selected")
    _ = navigator
  }

  @Test("back: the screen left with its time on screen; the one under it shown, the other before it")
  func back() async throws {
    let (modules, router, navigator, recorder, clock) = try Self.app()
    _ = try await router.open("https://www.kickstarter.com/messages/9")
    let start = recorder.events.count
    clock.advance(by: .seconds(3))
    let threads = try #require(navigator.state.tabs?["profile"]?.stack[1])
    try modules.reconcile(.poppedTo(screen: threads.id))
    #expect(recorder.lines(from: start) == ["hidden Messages#5", "shown \(threads.id)"])
    #expect(recorder.events[start].timeOnScreen == .seconds(3))
    #expect(recorder.events[start].cause == .user(.back))
    #expect(recorder.events[start + 1].previous?.target == "Messages")
    #expect(recorder.events[start].visit != recorder.events[start + 1].visit)
  }

  @Test("a sheet covers the screen under it; pulled down, that screen is shown again as uncovered")
  func coveredAndUncovered() async throws {
    let (modules, router, navigator, recorder, _) = try Self.app()
    _ = try await router.open("https://www.kickstarter.com/projects/creator/a-project")
    #expect(recorder.lines(from: 1) == ["hidden Discovery#1 covered", "shown ProjectPage#4"])
    let page = try #require(navigator.state.presented?.state.stack.first)
    try modules.reconcile(.dismissed(screen: page.id))
    #expect(recorder.lines(from: 3) == ["hidden ProjectPage#4", "shown Discovery#1 uncovered"])
    #expect(recorder.events[3].cause == .user(.dismiss))
  }

  @Test("tabs: a tab tap hides one tab's top and shows the other's; a tap again on a pushed stack pops it")
  func tabs() async throws {
    let (modules, router, _, recorder, _) = try Self.app()
    try modules.reconcile(.selectedTab("activity"))
    #expect(recorder.lines(from: 1) == ["hidden Discovery#1", "shown Activity#2"])
    #expect(recorder.events[2].cause == .user(.selectTab))
    #expect(recorder.events[2].tab == "activity")
    _ = try await router.open("https://www.kickstarter.com/messages/9")
    let start = recorder.events.count
    try modules.reconcile(.reselectedTab("profile"))
    #expect(recorder.lines(from: start) == ["hidden Messages#5", "shown Profile#3"])
    #expect(recorder.events[start].cause == .user(.reselectTab))
  }

  @Test("a screen a sheet covered is not uncovered once the sheet went while another tab was chosen")
  func coveredThenOtherTab() async throws {
    let (modules, router, _, recorder, _) = try Self.app()
    _ = try await router.open("https://www.kickstarter.com/projects/creator/a-project")
    _ = try await router.open("https://www.kickstarter.com/messages/9")
    let start = recorder.events.count
    try modules.reconcile(.selectedTab("discovery"))
    #expect(recorder.lines(from: start) == ["hidden Messages#6", "shown Discovery#1"], "not uncovered: a tab tap")
    #expect(recorder.events[start].tab == "profile", "hidden in the tab it was shown in")
    #expect(recorder.events[start + 1].tab == "discovery")
  }

  @Test("a restore is reported as one; a window over a new navigator goes on from what it showed")
  func restoreAndRewatch() async throws {
    let first = HeadlessNavigator(state: NavigationState(stack: [Screen(id: "Home#1", target: "Home")]))
    let (views, recorder) = Self.watched(first)
    let saved = NavigationState(stack: [Screen(id: "Home#1", target: "Home"), Screen(id: "Note#2", target: "Note")])
    let navigator: any Navigator = first
    try await navigator.show(saved)
    #expect(recorder.lines(from: 1) == ["hidden Home#1", "shown Note#2"])
    #expect(recorder.events.last?.cause == .restore)
    // The scene connected again: a new navigator showing the same state makes no event, and the
    // old one is no longer heard.
    let second = HeadlessNavigator(state: saved)
    views.watch(second)
    #expect(recorder.events.count == 3)
    try first.reconcile(.poppedTo(screen: "Home#1"))
    #expect(recorder.events.count == 3)
  }

  @Test("a task a link's change starts does not carry the link's cause once the change is over")
  func causeScope() async throws {
    let later = await CauseScope.during(.app) { () async -> Task<ScreenEvent.Cause?, Never> in
      #expect(CauseScope.current == .app)
      return Task { @MainActor in
        await Task.yield()
        return CauseScope.current
      }
    }
    #expect(await later.value == nil)
    #expect(CauseScope.current == nil)
  }

  @Test("a split view: expanded it shows each column's top; collapsed only the one on top")
  func splitColumns() throws {
    let navigator = HeadlessNavigator(
      state: NavigationState(
        stack: [Screen(id: "Mail#1", target: "Mail")],
        split: SplitColumns(secondary: [Screen(id: "Message#2", target: "Message")], isCollapsed: true)))
    let (views, recorder) = Self.watched(navigator)
    #expect(recorder.lines() == ["shown Message#2"])
    try navigator.reconcile(.collapsed(false, tab: nil))
    #expect(recorder.lines(from: 1) == ["shown Mail#1"])
    #expect(recorder.events[1].cause == .user(.expand))
    #expect(views.visibleScreens().map(\.id) == ["Mail#1", "Message#2"])
    try navigator.reconcile(.collapsed(true, tab: nil))
    #expect(recorder.lines(from: 2) == ["hidden Mail#1"])
  }

  @Test("parameters and links are redacted as link events are")
  func redaction() async throws {
    let navigator = HeadlessNavigator(state: NavigationState(stack: [Screen(id: "Home#1", target: "Home")]))
    let (views, recorder) = Self.watched(navigator)
    views.record(
      NavigationState(stack: [
        Screen(id: "Home#1", target: "Home"),
        Screen(
          id: "Reset#2", target: "Reset", parameters: ["token": "s3cr3t", "user": "7"],
          link: "app://reset?token=s3cr3t&user=7"),
      ]), cause: .link(openID: 4, url: "app://reset?token=s3cr3t&user=7", origin: .external(), route: "reset"))
    let shown = try #require(recorder.events.last)
    #expect(shown.screen.parameters == ["token": "REDACTED", "user": "7"])
    #expect(shown.screen.link == "app://reset?token=REDACTED&user=7")
    #expect(
      shown.cause == .link(openID: 4, url: "app://reset?token=REDACTED&user=7", origin: .external(), route: "reset"))
    #expect(!"\(shown)".contains("s3cr3t"))
  }

  @Test("an app's WaypointApp watches each window it opens, and hides its screens when it closes")
  func appWindows() async throws {
    var routes = RouterBuilder()
    routes.add("app://note/<int:id>", target: "Note", exposure: .public)
    let app = try WaypointApp(routes: routes, start: NavigationState(stack: [Screen(id: "List#1", target: "List")])) {
      $0.registerScreen(SVList.self, target: "List") { _ in SVList() }
      $0.registerScreen(SVNote.self, configuration: SVNoteConfiguration.self, target: "Note") { _, _ in SVNote() }
      $0.bind(SVNote.self, configuration: SVNoteConfiguration.self) { request, configuration in
        configuration.id = try request.int("id")
      }
    }
    let recorder = ScreenRecorder()
    app.screenViews.observe(recorder)
    let navigator = HeadlessNavigator(state: app.start)
    app.addWindow(navigator: navigator)
    app.windowIsShown()
    _ = try await app.router.router.open("app://note/42", origin: .external())
    #expect(recorder.lines() == ["shown List#1", "hidden List#1", "shown Note#2"])
    #expect(recorder.events.last?.window == "main")
    app.closeWindow(WaypointApp.mainWindow)
    #expect(recorder.lines(from: 3) == ["hidden Note#2"])
  }

  @Test("an @Observable navigator of the app's own is followed one turn later, as the app's change")
  func ownNavigator() async throws {
    let navigator = OwnNavigator()
    let (views, recorder) = Self.watched(navigator)
    navigator.state = NavigationState(stack: [Screen(id: "A#1", target: "A")])
    for _ in 0..<50 where recorder.events.isEmpty { await Task.yield() }
    #expect(recorder.lines() == ["shown A#1"])
    #expect(recorder.events.first?.cause == .app)
    withExtendedLifetime(views) {}
  }
}

private final class SVList {}
private final class SVNote {}
private struct SVNoteConfiguration: ModuleConfiguration {
  var id = 0
}

/// A navigator an app wrote: `@Observable`, without a state feed.
@MainActor
@Observable
private final class OwnNavigator: Navigator {
  var state = NavigationState()
  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    try state.show(transition)
  }
  func revert(_ change: NavigationChange) async throws(NavigationError) { try state.remove(change) }
  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] { try state.reconcile(edit) }
}
