import Testing
import Waypoint

@MainActor
@Suite("Links placed in tabs, columns and stacks")
struct LinkPlacementTests {
  static let manifest = """
    {"routes": [
      {"name": "note", "pattern": "notes://note/<int:id>", "target": "NoteEditor", "tab": "notes",
       "under": ["NoteList"], "presented": "dismiss"},
      {"name": "found", "pattern": "notes://found/<int:id>", "target": "NoteEditor", "tab": "search"},
      {"name": "peek", "pattern": "notes://peek/<int:id>", "target": "NoteEditor", "presented": "keep"},
      {"name": "strict", "pattern": "notes://strict/<int:id>", "target": "NoteEditor", "presented": "refuse"},
      {"name": "side", "pattern": "notes://side/<int:id>", "target": "NoteEditor", "column": "secondary",
       "under": ["NoteList"]},
      {"name": "elsewhere", "pattern": "notes://elsewhere", "target": "NoteList", "tab": "archive"}
    ]}
    """

  /// A navigator over a tab bar of `notes` (NoteList#1, selected) and an empty `search`.
  static func tabbedNavigator() -> HeadlessNavigator {
    HeadlessNavigator(
      state: NavigationState(
        tabs: TabContainer([
          NavigationTab(id: "notes", stack: [Screen(id: "NoteList#1", target: "NoteList")]),
          NavigationTab(id: "search"),
        ])))
  }

  /// A module navigator over ``tabbedNavigator()``, with the manifest's routes.
  func tabbedApp() throws -> (ScreenCoordinator, Router, HeadlessNavigator) {
    let navigator = Self.tabbedNavigator()
    let modules = try makeModules(navigator: navigator)
    return (modules, try linkRouter(modules, manifest: Self.manifest), navigator)
  }

  @Test("a link selects its tab, makes the stack there its under screens, and shows the screen on top")
  func selectsTabAndBuildsStack() async throws {
    let (modules, router, navigator) = try tabbedApp()
    _ = try await modules.show(target: "NoteList", .push)
    _ = try await modules.show(EditorScreen.self, .push, configuration: EditorConfiguration.self) { $0.noteID = 1 }
    try modules.reconcile(.selectedTab("search"))
    let result = try await router.open("notes://note/42")
    let editor = try result.value(as: ShownModule.self)
    #expect(navigator.state.tabs?.selected == "notes")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.id) == ["NoteList#1", editor.screen.id])
    #expect(editor.destination(as: EditorScreen.self)?.title == "note 42 read")
    #expect(navigator.log.contains("selectTab notes"))
    #expect(
      navigator.log.contains("setStack notes [NoteList#1]"), "one call pops the tab to what stays: \(navigator.log)")

    let again = try await router.open("notes://note/42")
    #expect(try again.value(as: ShownModule.self) === editor, "already there: the same route, nothing shown")
    #expect(navigator.state.tabs?["notes"]?.stack.count == 2)
  }

  @Test("a link into an empty tab makes its screen the tab's root, with a route that removes it")
  func emptyTab() async throws {
    let (_, router, navigator) = try tabbedApp()
    let found = try await router.open("notes://found/7").value(as: ShownModule.self)
    #expect(navigator.state.tabs?.selected == "search")
    #expect(navigator.state.tabs?["search"]?.stack.map(\.id) == [found.screen.id])
    #expect(found.state == .shown)
    #expect(found.destination(as: EditorScreen.self)?.title == "note 7 read")
    try await found.remove()
    #expect(navigator.state.tabs?["search"]?.stack.isEmpty == true)
  }

  @Test("over a sheet: dismiss dismisses it first, keep shows over it, refuse fails; a held sheet refuses")
  func presentedPolicies() async throws {
    let (modules, router, navigator) = try tabbedApp()
    let sheet = try await modules.show(EditorScreen.self, .sheet, configuration: EditorConfiguration.self) {
      $0.noteID = 3
    }

    _ = try await router.open("notes://peek/4")
    #expect(navigator.state.presented?.state.stack.count == 2, "keep: pushed onto the sheet's stack")

    await #expect {
      _ = try await router.open("notes://strict/5")
    } throws: { error in
      ((error as? RoutingError)?.underlying as? NavigationError)?.code == .coveredByPresentation
    }

    sheet.isDismissibleByLinks = false
    await #expect {
      _ = try await router.open("notes://note/6")
    } throws: { error in
      ((error as? RoutingError)?.underlying as? NavigationError)?.code == .coveredByPresentation
    }
    #expect(navigator.state.presented != nil, "a refused link changes nothing")

    sheet.isDismissibleByLinks = true
    _ = try await router.open("notes://note/6")
    #expect(navigator.state.presented == nil)
    #expect(sheet.state == .removed, "the dismissed sheet's route is removed")
    #expect(navigator.state.topScreen?.parameters["id"] == "6")
  }

  @Test("the app-wide policy applies to routes that name none")
  func appPolicy() async throws {
    let (modules, router, navigator) = try tabbedApp()
    modules.presentedPolicy = .refuse
    _ = try await modules.show(EditorScreen.self, .sheet, configuration: EditorConfiguration.self) { $0.noteID = 3 }
    await #expect(throws: RoutingError.self) { _ = try await router.open("notes://found/8") }
    modules.presentedPolicy = .dismiss
    _ = try await router.open("notes://found/8")
    #expect(navigator.state.presented == nil && navigator.state.tabs?.selected == "search")
  }

  @Test("a tab the bar does not have is unknownTab; a window without tabs ignores the tab")
  func unknownTab() async throws {
    let (_, router, navigator) = try tabbedApp()
    await #expect {
      _ = try await router.open("notes://elsewhere")
    } throws: { error in
      ((error as? RoutingError)?.underlying as? NavigationError)?.code == .unknownTab
    }
    #expect(navigator.state.tabs?.selected == "notes")

    let plain = HeadlessNavigator()
    let modules = try makeModules(navigator: plain)
    _ = try await linkRouter(modules, manifest: Self.manifest).open("notes://elsewhere")
    #expect(plain.state.stack.map(\.target) == ["NoteList"])
  }

  @Test(
    "a column placement makes the screen the split view's column root over the primary column, or goes in the stack without a split view"
  )
  func columns() async throws {
    let split = HeadlessNavigator(
      state: NavigationState(stack: [Screen(id: "Side#1", target: "NoteList")], split: SplitColumns()))
    let modules = try makeModules(navigator: split)
    let router = try linkRouter(modules, manifest: Self.manifest)
    let side = try await router.open("notes://side/9").value(as: ShownModule.self)
    #expect(split.state.stack.map(\.id) == ["Side#1"], "the screens under it are the primary column's")
    #expect(split.state.split?.secondary.map(\.id) == [side.screen.id], "the screen is the column's root")
    #expect(try await router.open("notes://side/9").value(as: ShownModule.self) === side)
    let other = try await router.open("notes://side/10").value(as: ShownModule.self)
    #expect(split.state.split?.secondary.map(\.id) == [other.screen.id], "another note replaces it")
    #expect(side.state == .removed)

    let (_, tabbedRouter, navigator) = try tabbedApp()
    _ = try await tabbedRouter.open("notes://side/9")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["NoteList", "NoteEditor"])
  }

  @Test("a manifest names columns and policies it knows, and says which it does not")
  func manifestFields() throws {
    let manifest = try RouteManifest(json: Self.manifest)
    #expect(manifest.routes[0].placement == Placement(tab: "notes", presented: .dismiss))
    #expect(manifest.routes[4].placement.column == .secondary)
    #expect {
      _ = try RouteManifest(
        json: #"{"routes": [{"pattern": "a://b", "column": "middle", "presented": "maybe", "tab": 3}]}"#)
    } throws: { error in
      let text = "\(error)"
      return text.contains("unknown column 'middle'") && text.contains("unknown policy 'maybe'")
        && text.contains("'tab' must be a string")
    }
  }
}

@MainActor
@Suite("A link is one plan")
struct LinkPlanTests {
  static let manifest = """
    {"routes": [
      {"name": "compose", "pattern": "notes://compose/<int:id>", "target": "NoteEditor", "tab": "notes",
       "under": ["NoteList", "NoteList"], "presentation": "sheet", "presented": "dismiss"}
    ]}
    """

  /// `notes` (NoteList#1) and `search` (selected), with a sheet over the tab bar.
  static let covered: NavigationState = {
    var state = NavigationState(
      tabs: TabContainer(
        [
          NavigationTab(id: "notes", stack: [Screen(id: "NoteList#1", target: "NoteList")]),
          NavigationTab(id: "search"),
        ],
        selected: "search"))
    state.presented = PresentedState(
      presentation: .sheet, source: nil, state: NavigationState(stack: [Screen(id: "Other#2", target: "NoteList")]))
    return state
  }()

  @Test("a link with under screens and a presentation is one plan and one publication, worked out in its turn")
  func onePlanOnePublication() async throws {
    let navigator = CountingNavigator(state: Self.covered)
    let modules = try makeModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest)
    let editor = try await router.open("notes://compose/9").value(as: ShownModule.self)
    #expect(navigator.plans == 1, "the sheet dismissed, the tab selected, its stack and the sheet: one plan")
    #expect(navigator.published == 1, "no intermediate state is ever published")
    let state = navigator.state
    #expect(state.tabs?.selected == "notes")
    #expect(state.tabs?["notes"]?.stack.map(\.target) == ["NoteList", "NoteList"])
    #expect(state.tabs?["notes"]?.stack.first?.id == "NoteList#1", "the screen already there is kept")
    #expect(state.presented?.presentation == .sheet)
    #expect(state.presented?.state.stack.map(\.id) == [editor.screen.id])
    #expect(editor.state == ShownModule.State.shown && editor.source == state.tabs?["notes"]?.stack.last?.id)

    try await editor.remove()
    #expect(navigator.plans == 2 && navigator.published == 2, "removing is one plan back")
    #expect(navigator.state.presented == nil && navigator.state.tabs?["notes"]?.stack.count == 2)
  }

  @Test("a link is planned from the state after a change the UI made before its turn")
  func plannedInItsTurn() async throws {
    var start = Self.covered
    start.presented = nil
    start.tabs?.selected = "notes"
    start.tabs?.tabs[0].stack.append(Screen(id: "NoteList#3", target: "NoteList"))
    start.tabs?.tabs[0].stack.append(Screen(id: "Old#4", target: "NoteList"))
    let navigator = CountingNavigator(state: start)
    let modules = try makeModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest)
    // The user swipes back to NoteList#1 while the link waits: the link builds on what is left.
    navigator.meanwhile = .poppedTo(screen: "NoteList#1")
    let editor = try await router.open("notes://compose/9").value(as: ShownModule.self)
    let stack = navigator.state.tabs?["notes"]?.stack ?? []
    #expect(stack.count == 2 && stack[0].id == "NoteList#1")
    #expect(!stack.contains { $0.id == "NoteList#3" || $0.id == "Old#4" }, "the popped screens do not come back")
    #expect(editor.source == stack[1].id)
  }

  @Test("the placement is a function of the state: no navigator, the same answer each time")
  func pureFunction() throws {
    var link = LinkPlacement(
      screen: Screen(id: "NoteEditor", target: "NoteEditor", parameters: ["id": "9"]), presentation: .push)
    link.under = ["NoteList", "NoteList"]
    link.placement = Placement(tab: "notes", presented: .dismiss)
    var number = 10
    let placed = try link.place(on: Self.covered) { target in
      number += 1
      return "\(target)#\(number)"
    }
    #expect(placed.state.presented == nil && placed.state.tabs?.selected == "notes")
    #expect(placed.state.tabs?["notes"]?.stack.map(\.id) == ["NoteList#1", "NoteList#11"])
    #expect(placed.outcome == .over(source: "NoteList#11") && placed.screen.id == "NoteEditor#12")
    #expect(try link.place(on: Self.covered) { "\($0)#11" }.state == placed.state, "the same state gives the same plan")

    link.held = ["Other#2"]
    #expect(throws: NavigationError.self) { _ = try link.place(on: Self.covered) { $0 } }
    link.held = []
    link.placement = Placement(tab: "archive", presented: .dismiss)
    let unknown = #expect(throws: NavigationError.self) { _ = try link.place(on: Self.covered) { $0 } }
    #expect(unknown?.code == .unknownTab)

    var alone = LinkPlacement(screen: Screen(id: "NoteEditor", target: "NoteEditor"), presentation: .push)
    alone.policy = .dismiss
    let rooted = try alone.place(on: NavigationState()) { "\($0)#1" }
    #expect(rooted.outcome == .rooted && rooted.state.stack.map(\.id) == ["NoteEditor#1"])
    let found = try alone.place(on: rooted.state) { "\($0)#2" }
    #expect(found.outcome == .found(rooted.screen) && found.state == rooted.state)
  }
}
