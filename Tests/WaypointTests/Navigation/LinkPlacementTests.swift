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
