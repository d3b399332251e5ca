// Screen views over three journeys against the model of UIKit (see ScreenJourneys.swift). Each
// journey prints one row, which Scripts/check-adapters.sh gathers into the table and the line
// `screen views: J journeys, V views, missing 0, duplicated 0, phantom 0`. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointAdapterSupport
import WaypointUIKit

/// Registers the journey's targets, each with a class of its own.
@MainActor
private func journeyRegistry(_ targets: [String]) throws -> ModuleRegistry {
  let makers: [(inout ModuleRegistryBuilder, String) -> Void] = [
    { $0.registerScreen(J0.self, target: $1) { _ in J0() } }, { $0.registerScreen(J1.self, target: $1) { _ in J1() } },
    { $0.registerScreen(J2.self, target: $1) { _ in J2() } }, { $0.registerScreen(J3.self, target: $1) { _ in J3() } },
    { $0.registerScreen(J4.self, target: $1) { _ in J4() } }, { $0.registerScreen(J5.self, target: $1) { _ in J5() } },
    { $0.registerScreen(J6.self, target: $1) { _ in J6() } }, { $0.registerScreen(J7.self, target: $1) { _ in J7() } },
    { $0.registerScreen(J8.self, target: $1) { _ in J8() } }, { $0.registerScreen(J9.self, target: $1) { _ in J9() } },
    { $0.registerScreen(J10.self, target: $1) { _ in J10() } },
    { $0.registerScreen(J11.self, target: $1) { _ in J11() } },
    { $0.registerScreen(J12.self, target: $1) { _ in J12() } },
    { $0.registerScreen(J13.self, target: $1) { _ in J13() } },
    { $0.registerScreen(J14.self, target: $1) { _ in J14() } },
    { $0.registerScreen(J15.self, target: $1) { _ in J15() } },
  ]
  #expect(targets.count <= makers.count, "a class per target")
  var builder = ModuleRegistryBuilder()
  for (target, make) in zip(targets, makers) { make(&builder, target) }
  return try builder.build()
}

/// A coordinator of the journey's screens over `navigator`, and a router of its routes; links
/// dismiss what is presented, as in the three apps.
@MainActor
private func journeyModules(_ app: JourneyApp, over navigator: any Navigator) throws -> (ScreenCoordinator, Router) {
  let modules = ScreenCoordinator(registry: try journeyRegistry(app.targets), navigator: navigator)
  var builder = RouterBuilder()
  modules.registerTargets(in: &builder)
  builder.add(try RouteManifest(json: app.manifest))
  modules.presentedPolicy = .dismiss
  return (modules, try builder.build())
}

/// A journey's app over the model: the navigator in a window, its screen views, and what each
/// tracker saw during the step under way.
@MainActor
private final class JourneyRun {
  let app: JourneyApp
  let window = UIWindow(windowScene: UIWindowScene())
  let navigator: UIKitNavigator
  let modules: ScreenCoordinator
  let router: Router
  let views = ScreenViews()
  /// The screens Waypoint reported shown during the step.
  var shownIDs: [String] = []
  /// The screens Waypoint reported hidden during the step.
  var hiddenIDs: [String] = []
  /// Every controller the run saw, kept alive so no identifier is reused by a new one.
  var retained: [UIViewController] = []
  /// The controllers `viewDidAppear(_:)` was called on during the step (containers too).
  var didAppear: [ObjectIdentifier] = []
  /// The screens whose view was about to appear during the step: where SwiftUI runs `onAppear`
  /// for a view a hosting controller shows.
  var willAppear: [ObjectIdentifier] = []

  init(_ app: JourneyApp) async throws {
    self.app = app
    UIKitModel.reset()
    navigator = UIKitNavigator(window: window)
    navigator.transitionTimeout = .milliseconds(400)
    (modules, router) = try journeyModules(app, over: navigator)
    try await navigator.show(app.start)
    await Self.settleAll()
    views.observe(
      Recorder(
        heard: { [weak self] id in self?.shownIDs.append(id) }, left: { [weak self] id in self?.hiddenIDs.append(id) }))
    views.watch(navigator)
    UIKitModel.onAppearance = { [weak self] controller, phase in
      guard let self else { return }
      self.retained.append(controller)
      if phase == .didAppear { self.didAppear.append(ObjectIdentifier(controller)) }
      if phase == .willAppear, controller is JourneyScreen { self.willAppear.append(ObjectIdentifier(controller)) }
    }
  }

  /// Hears Waypoint's `shown` and `hidden` events.
  struct Recorder: ScreenObserver {
    let heard: @MainActor (String) -> Void
    let left: @MainActor (String) -> Void
    func shown(_ event: ScreenEvent) { heard(event.screen.id) }
    func hidden(_ event: ScreenEvent) { left(event.screen.id) }
  }

  /// Lets the model and the navigator finish what the step started.
  static func settleAll() async {
    for _ in 0..<4 { await settle() }
  }

  var tabBar: UITabBarController? { window.rootViewController as? UITabBarController }

  /// The controller presented last, over the window's root, or `nil`.
  var topPresented: UIViewController? {
    var top = window.rootViewController?.presentedViewController
    while let next = top?.presentedViewController { top = next }
    return top
  }

  /// The split view of the journey's split tab.
  var split: UISplitViewController? { app.split.flatMap { navigator.splitViewController(in: $0) } }

  /// The screens the model shows: the top presentation's, or the window root's, through tab bars,
  /// the split view's columns on screen, and navigation controllers' top controllers.
  func visible() -> Set<ObjectIdentifier> {
    var shown = Set<ObjectIdentifier>()
    func walk(_ controller: UIViewController?) {
      guard let controller else { return }
      if controller is JourneyScreen {
        shown.insert(ObjectIdentifier(controller))
        retained.append(controller)
      } else if let bar = controller as? UITabBarController {
        walk(bar.selectedViewController)
      } else if let split = controller as? UISplitViewController {
        for column in [UISplitViewController.Column.primary, .supplementary, .secondary]
        where split._modelIsShowing(column) {
          walk(split.viewController(for: column))
        }
      } else if let stack = controller as? UINavigationController {
        walk(stack.topViewController)
      } else {
        for child in controller.children { walk(child) }
      }
    }
    walk(topPresented ?? window.rootViewController)
    return shown
  }

  /// The navigation controller a back swipe would pop: the top presentation's, or the selected
  /// tab's (its primary column's, in an expanded split view).
  var backStack: UINavigationController? {
    var shown: UIViewController? = topPresented ?? tabBar?.selectedViewController
    if let split = shown as? UISplitViewController {
      shown = split.isCollapsed ? nil : split.viewController(for: .primary)
    }
    return shown as? UINavigationController
  }

  /// A step that can be taken now, drawn from `random`.
  func nextStep(_ random: inout JourneyRandom) -> JourneyStep {
    while true {
      switch random.below(100) {
      case 0..<32:
        let link = app.links[random.below(app.links.count)].replacingOccurrences(
          of: "#", with: "\(1 + random.below(9))")
        return .link(link, journeyDoors[random.below(journeyDoors.count)])
      case 32..<46:
        return .push(app.pushes[random.below(app.pushes.count)], 1 + random.below(9))
      case 46..<62 where (backStack?.viewControllers.count ?? 0) > 1:
        return .back(cancelled: false)
      case 62..<72 where (backStack?.viewControllers.count ?? 0) > 1:
        return .back(cancelled: true)
      case 72..<86 where topPresented == nil:
        return .tapTab(random.below(app.tabs.count))
      case 86..<94 where topPresented != nil:
        return .pullDown
      case 94..<100 where split != nil && topPresented == nil:
        return .collapse(!(split?.isCollapsed ?? false))
      default:
        continue
      }
    }
  }

  /// Takes `step` as a user or the app would, and waits for everything it started.
  func take(_ step: JourneyStep) async {
    switch step {
    case .link(let url, let origin):
      _ = try? await router.open(url, origin: origin)
    case .push(let target, let id):
      _ = try? await modules.show(target: target, .push, parameters: ["id": "\(id)"])
    case .back(let cancelled):
      guard let stack = backStack else { return }
      stack._modelUserBeginsBackSwipe()
      await settle()
      stack._modelUserEndsBackSwipe(cancelled: cancelled)
    case .tapTab(let index):
      tabBar?._modelUserTaps(index)
    case .pullDown:
      topPresented?._modelUserDismisses()
    case .collapse(let collapsed):
      split?._modelSetCollapsed(collapsed)
    }
    await Self.settleAll()
  }
}

/// The same journey on the core alone: a headless navigator, as a SwiftUI app drives it, taking
/// each step as the SwiftUI host writes back what the user did.
@MainActor
private final class CoreRun {
  let navigator: HeadlessNavigator
  let modules: ScreenCoordinator
  let router: Router
  let views = ScreenViews()
  let split: String?
  /// The screens Waypoint reported shown during the step.
  var shown: [Screen] = []

  init(_ app: JourneyApp) throws {
    navigator = HeadlessNavigator(state: app.start)
    (modules, router) = try journeyModules(app, over: navigator)
    split = app.split
    views.observe(ScreenRecorder { [weak self] screen in self?.shown.append(screen) })
    views.watch(navigator)
  }

  /// Hears Waypoint's `shown` events.
  struct ScreenRecorder: ScreenObserver {
    let heard: @MainActor (Screen) -> Void
    func shown(_ event: ScreenEvent) { heard(event.screen) }
  }

  /// Takes `step` as the SwiftUI host reports the user's part: a finished back swipe writes the
  /// path back, a cancelled one writes nothing.
  func take(_ step: JourneyStep) async {
    let state = navigator.state
    switch step {
    case .link(let url, let origin):
      _ = try? await router.open(url, origin: origin)
    case .push(let target, let id):
      _ = try? await modules.show(target: target, .push, parameters: ["id": "\(id)"])
    case .back(cancelled: true):
      break
    case .back(cancelled: false):
      let levels = state.levels
      let top = levels.count > 1 ? levels.last : nil
      let stack =
        top.map { ($0.root.map { [$0] } ?? []) + $0.path } ?? state[stack: StackLocation(tab: state.tabs?.selected)]
        ?? []
      guard stack.count > 1 else { return }
      _ = try? modules.reconcile(.poppedTo(screen: stack[stack.count - 2].id))
    case .tapTab(let index):
      guard let ids = state.tabs?.ids, ids.indices.contains(index) else { return }
      _ = try? modules.reconcile(state.edit(choosingTab: ids[index]))
    case .pullDown:
      guard state.levels.count > 1, let root = state.levels.last?.root else { return }
      _ = try? modules.reconcile(.dismissed(screen: root.id))
    case .collapse(let collapsed):
      _ = try? modules.reconcile(.collapsed(collapsed, tab: split))
    }
  }
}

/// A screen by what it shows (its target and values), so two runs of a journey can be compared.
private func label(_ screen: Screen) -> String {
  screen.target + screen.parameters.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
}

extension ModelChecks {
  @MainActor
  @Suite("Screen views over three journeys")
  struct ScreenJourneyChecks {
    @Test(
      "Waypoint's screen views match what the model shows after each step; viewDidAppear and onAppear trackers do not",
      arguments: [JourneyApp.kickstarter, .wordpress, .woocommerce])
    func journey(_ app: JourneyApp) async throws {
      let run = try await JourneyRun(app)
      let core = try CoreRun(app)
      var coreScore = TrackerScore()
      var hidden = TrackerScore()
      var random = JourneyRandom(state: UInt64(app.name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
      var before = run.visible()
      var truth = 0
      var waypoint = TrackerScore()
      var didAppear = TrackerScore()
      var onAppear = TrackerScore()
      var kinds: [String: Int] = [:]
      var doors = Set<String>()
      let steps = 240
      for index in 0..<steps {
        let step = run.nextStep(&random)
        kinds[step.kind, default: 0] += 1
        if case .tapTab(let tab) = step, tab == run.tabBar?.selectedIndex, run.topPresented == nil {
          kinds["of which re-taps", default: 0] += 1
        }
        if case .link(_, let origin) = step { doors.insert(origin.kind) }
        run.shownIDs = []
        run.hiddenIDs = []
        // The controllers of the screens shown now, by id, for the screens a step takes away.
        let controllersBefore = Dictionary(
          run.navigator.state.allScreens.compactMap { screen in
            run.navigator.viewController(for: screen.id).map { (screen.id, ObjectIdentifier($0)) }
          }, uniquingKeysWith: { first, _ in first })
        run.didAppear = []
        run.willAppear = []
        core.shown = []
        await run.take(step)
        await core.take(step)
        let after = run.visible()
        let new = after.subtracting(before)
        truth += new.count
        let counted = run.shownIDs.map { id in
          run.navigator.viewController(for: id).map(ObjectIdentifier.init) ?? ObjectIdentifier(JourneyRun.self)
        }
        let missedBefore = waypoint.missing + waypoint.duplicated + waypoint.phantom
        waypoint.score(counted, new: new, before: before, after: after)
        if waypoint.missing + waypoint.duplicated + waypoint.phantom != missedBefore {
          Issue.record(
            "\(app.name) step \(index) (\(step)): Waypoint reported \(run.shownIDs), the model shows \(new.count) new")
        }
        // The core's views, by what they show, against what the model showed new.
        let labels = Dictionary(
          run.navigator.state.allScreens.compactMap { screen in
            run.navigator.viewController(for: screen.id).map { (ObjectIdentifier($0), label(screen)) }
          }, uniquingKeysWith: { first, _ in first })
        let coreMissedBefore = coreScore.missing + coreScore.duplicated + coreScore.phantom
        coreScore.score(
          labels: core.shown.map(label), new: new.map { labels[$0] ?? "?" },
          before: before.map { labels[$0] ?? "?" }, after: after.map { labels[$0] ?? "?" })
        if coreScore.missing + coreScore.duplicated + coreScore.phantom != coreMissedBefore {
          Issue.record("\(app.name) step \(index) (\(step)): the core showed \(core.shown.map(label))")
        }
        // What left the screen: Waypoint's hidden events against what the model stopped showing.
        let gone = before.subtracting(after)
        let left = run.hiddenIDs.map { controllersBefore[$0] ?? ObjectIdentifier(JourneyRun.self) }
        let leftBefore = hidden.missing + hidden.duplicated + hidden.phantom
        hidden.score(left, new: gone, before: after, after: before)
        if hidden.missing + hidden.duplicated + hidden.phantom != leftBefore {
          Issue.record(
            "\(app.name) step \(index) (\(step)): Waypoint hid \(run.hiddenIDs), the model hid \(gone.count)")
        }
        didAppear.score(run.didAppear, new: new, before: before, after: after)
        onAppear.score(run.willAppear, new: new, before: before, after: after)
        before = after
      }
      print(
        "screen-views-row: \(app.name) | \(steps) | \(truth) | \(waypoint.line) | \(coreScore.line) | \(didAppear.line) "
          + "| \(onAppear.line)")
      let order = [
        "links", "pushes", "back swipes", "cancelled back swipes", "tab taps", "of which re-taps",
        "sheets pulled down", "collapses and expansions",
      ]
      let summary = order.compactMap { kind in kinds[kind].map { "\($0) \(kind)" } }.joined(separator: ", ")
      print("screen-views-steps: \(app.name): \(summary); links through \(doors.count) doors")
      #expect(waypoint.missing == 0 && waypoint.duplicated == 0 && waypoint.phantom == 0)
      #expect(coreScore.missing == 0 && coreScore.duplicated == 0 && coreScore.phantom == 0)
      #expect(hidden.missing == 0 && hidden.duplicated == 0 && hidden.phantom == 0, "\(hidden.line) hidden")
      #expect(hidden.views > 0)
      #expect(waypoint.views == truth)
      #expect(truth > 0)
      expectNoException()
    }

    @Test("each user action reaches the screen events as its cause: back, re-tap, tab tap, pull-down, collapse")
    func causes() async throws {
      let run = try await JourneyRun(.woocommerce)
      var causes: [ScreenEvent.Cause] = []
      run.views.observe(CauseRecorder { causes.append($0) })
      await run.take(.link("woo://reviews/3", .notification))
      await run.take(.back(cancelled: true))
      await run.take(.back(cancelled: false))
      await run.take(.push("Notes", 1))
      await run.take(.tapTab(3))
      await run.take(.tapTab(0))
      await run.take(.link("woo://orders/new/2", .internal))
      await run.take(.pullDown)
      await run.take(.tapTab(1))
      await run.take(.link("woo://orders/4", .internal))
      await run.take(.collapse(true))
      let seen = causes.map { cause -> String in
        if case .link(_, _, let origin, let route) = cause { return "link \(route ?? "") \(origin.kind)" }
        return "\(cause)"
      }
      var distinct: [String] = []
      for cause in seen where distinct.last != cause { distinct.append(cause) }
      #expect(
        distinct == [
          "link review notification", "user back", "app", "user reselectTab", "user selectTab",
          "link newOrder internal",
          "user dismiss", "user selectTab", "link order internal", "user collapse",
        ])
      expectNoException()
    }
  }
}

/// Hears the cause of every screen event.
private struct CauseRecorder: ScreenObserver {
  let heard: @MainActor (ScreenEvent.Cause) -> Void
  func shown(_ event: ScreenEvent) { heard(event.cause) }
  func hidden(_ event: ScreenEvent) { heard(event.cause) }
}
