import Foundation
import InMemoryLogging
import InMemoryTracing
import Logging
import MetricsTestKit
import Testing
import Tracing
import Waypoint
import WaypointExamples
import WaypointLogging
import WaypointMetrics
import WaypointTracing

/// A WaypointApp of Kickstarter's tabs and project links, with its screen views, over a
/// headless navigator; `observe` adds a sink to the router and the screen views.
@MainActor
private func sinkApp(
  observing sink: (any RouteObserver & ScreenObserver)? = nil, screens: (any ScreenObserver)? = nil
) throws -> (WaypointApp, HeadlessNavigator) {
  var routes = RouterBuilder()
  routes.add(try RouteManifest(json: PresentedStackTests.manifest))
  if let sink { routes.observe(sink) }
  let start = NavigationState(
    tabs: TabContainer([
      NavigationTab(id: "discovery", stack: [Screen(id: "Discovery#1", target: "Discovery")]),
      NavigationTab(id: "profile", stack: [Screen(id: "Profile#2", target: "Profile")]),
    ]))
  let app = try WaypointApp(routes: routes, start: start) { builder in
    builder.registerScreen(KSDiscovery.self, target: "Discovery") { _, _ in KSDiscovery() }
    builder.registerScreen(KSProfile.self, target: "Profile") { _, _ in KSProfile() }
    builder.registerScreen(KSProjectPage.self, target: "ProjectPage") { _, _ in KSProjectPage() }
    builder.registerScreen(KSComments.self, target: "Comments") { _, _ in KSComments() }
    builder.registerScreen(KSCommentReplies.self, target: "CommentReplies") { _, _ in KSCommentReplies() }
    builder.registerScreen(KSManagePledge.self, target: "ManagePledge") { _, _ in KSManagePledge() }
    builder.registerScreen(KSMessageThreads.self, target: "MessageThreads") { _, _ in KSMessageThreads() }
    builder.registerScreen(KSMessages.self, target: "Messages") { _, _ in KSMessages() }
  }
  if let sink { app.screenViews.observe(sink) }
  if let screens { app.screenViews.observe(screens) }
  let navigator = HeadlessNavigator(state: app.start)
  app.addWindow(navigator: navigator)
  app.windowIsShown()
  return (app, navigator)
}

@MainActor
@Suite("Screen events on swift-log, swift-metrics and swift-distributed-tracing")
struct ScreenSinkTests {
  private static let comments = "https://www.kickstarter.com/projects/creator/a-project/comments?token=s3cr3t"

  @Test("swift-log: a breadcrumb per screen shown and hidden, with the cause, the screen before and no secret")
  func breadcrumbs() async throws {
    let handler = InMemoryLogHandler()
    let observer = LoggingScreenObserver(logger: Logger(label: "screens", factory: { _ in handler }))
    let (app, navigator) = try sinkApp(screens: observer)
    _ = try await app.router.router.open(Self.comments, origin: .external())
    let page = try #require(navigator.state.presented?.state.stack.first)
    try app.coordinator()?.reconcile(.dismissed(screen: page.id))
    let lines = handler.entries.map { entry in
      "\(entry.message) \(entry.metadata["screen"].map { "\($0)" } ?? "") \(entry.metadata["cause"].map { "\($0)" } ?? "")"
    }
    #expect(
      lines == [
        "screen shown Discovery#1 restore", "screen hidden Discovery#1 link", "screen shown Comments#4 link",
        "screen hidden Comments#4 dismiss", "screen shown Discovery#1 dismiss",
      ])
    let shown = handler.entries[2].metadata
    #expect(shown["route"] == "comments")
    #expect(shown["origin"] == "external")
    #expect(shown["previous"] == "Discovery#1")
    #expect(shown["tab"] == "discovery")
    #expect(shown["presentation"] == "sheet")
    #expect(handler.entries[1].metadata["covered"] == "true")
    #expect(handler.entries[4].metadata["uncovered"] == "true")
    #expect(handler.entries[3].metadata["timeOnScreen"] != nil)
    #expect(!handler.entries.contains { "\($0.metadata)".contains("s3cr3t") }, "the token is redacted")
  }

  @Test("swift-metrics: links by door and outcome, screen views by route, time to screen and on screen")
  func metrics() async throws {
    let backend = TestMetrics()
    let (app, navigator) = try sinkApp(observing: MetricsObserver(factory: backend))
    _ = try await app.router.router.open(Self.comments, origin: .external())
    _ = try await app.router.router.open(Self.comments, origin: .external())
    _ = try? await app.router.router.open("https://www.kickstarter.com/nowhere", origin: .external())
    let page = try #require(navigator.state.presented?.state.stack.first)
    try app.coordinator()?.reconcile(.dismissed(screen: page.id))
    #expect(try backend.expectCounter("waypoint_links", [("door", "external"), ("outcome", "did")]).totalValue == 2)
    #expect(
      try backend.expectCounter("waypoint_links", [("door", "external"), ("outcome", "unmatched")]).totalValue == 1)
    #expect(try backend.expectCounter("waypoint_screen_views", [("screen", "comments")]).totalValue == 1)
    #expect(
      try backend.expectCounter("waypoint_screen_views", [("screen", "Discovery")]).totalValue == 1,
      "the first screen; uncovered again it is not counted")
    let toScreen = try backend.expectTimer("waypoint_time_to_screen", [("route", "comments"), ("door", "external")])
    #expect(toScreen.values.count == 1, "the same link again showed nothing new")
    #expect(toScreen.values.allSatisfy { $0 >= 0 })
    #expect(try backend.expectTimer("waypoint_time_on_screen", [("screen", "comments")]).values.count == 1)
    #expect(try backend.expectTimer("waypoint_time_on_screen", [("screen", "Discovery")]).values.count == 1)
  }

  @Test("swift-distributed-tracing: a link span with its parts, a span per visit, a failed link's error")
  func tracing() async throws {
    let tracer = InMemoryTracer()
    let observer = TracingObserver(tracer: tracer)
    let (app, navigator) = try sinkApp(observing: observer)
    app.setReady(false, reason: "loading")
    let opening = Task { @MainActor in try await app.inbox.open(Self.comments, origin: .external()) }
    for _ in 0..<20 { await Task.yield() }
    app.setReady(true)
    _ = try await opening.value
    let spans = tracer.finishedSpans
    let link = try #require(spans.first { $0.operationName == "waypoint.link" })
    let children = spans.filter { $0.parentSpanID == link.spanID }.map(\.operationName)
    #expect(
      Set(children)
        == ["waypoint.link.waiting", "waypoint.link.middleware", "waypoint.link.placement", "waypoint.link.transition"])
    #expect(spans.filter { $0.parentSpanID == link.spanID }.allSatisfy { $0.traceID == link.traceID })
    #expect(link.attributes["waypoint.route"]?.toSpanAttribute() == "comments")
    #expect(link.attributes["waypoint.link.door"]?.toSpanAttribute() == "external")
    #expect(!"\(link.attributes)".contains("s3cr3t"))
    // The first screen's visit ended when the sheet covered it.
    let visit = try #require(spans.first { $0.operationName == "waypoint.screen" })
    #expect(visit.attributes["waypoint.screen.id"]?.toSpanAttribute() == "Discovery#1")
    #expect(visit.attributes["waypoint.screen.covered"]?.toSpanAttribute() == true)
    let page = try #require(navigator.state.presented?.state.stack.first)
    try app.coordinator()?.reconcile(.dismissed(screen: page.id))
    #expect(tracer.finishedSpans.contains { $0.attributes["waypoint.screen.id"]?.toSpanAttribute() == "Comments#4" })
    _ = try? await app.router.router.open("https://www.kickstarter.com/nowhere", origin: .external())
    let failed = try #require(tracer.finishedSpans.last { $0.operationName == "waypoint.link" })
    #expect(failed.status?.code == .error)
    #expect(failed.attributes["waypoint.link.outcome"]?.toSpanAttribute() == "unmatched")
  }
}

/// An analytics SDK that keeps its screen calls.
@MainActor
private final class RecordingAnalytics: ScreenAnalytics {
  var calls: [(String, [String: String])] = []
  nonisolated func screen(_ name: String, properties: [String: String]) {
    MainActor.assumeIsolated { calls.append((name, properties)) }
  }
}

@MainActor
@Suite("The example's bridge to an analytics SDK")
struct AnalyticsScreensTests {
  @Test("one screen call per view, with the screen before and the door; a sheet pulled down is no new view")
  func screenCalls() async throws {
    let analytics = RecordingAnalytics()
    let (app, navigator) = try sinkApp(screens: AnalyticsScreens(analytics: analytics))
    _ = try await app.router.router.open(
      "https://www.kickstarter.com/projects/creator/a-project/comments", origin: .notification)
    _ = try await app.router.router.open(
      "https://www.kickstarter.com/projects/creator/a-project/comments", origin: .notification)
    let page = try #require(navigator.state.presented?.state.stack.first)
    try app.coordinator()?.reconcile(.dismissed(screen: page.id))
    #expect(analytics.calls.map(\.0) == ["Discovery", "comments"])
    #expect(analytics.calls[1].1["previous_screen"] == "Discovery")
    #expect(analytics.calls[1].1["source"] == "notification")
    #expect(analytics.calls[1].1["project"] == "a-project")
  }
}
