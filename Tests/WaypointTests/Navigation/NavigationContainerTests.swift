import Foundation
import Testing
import Waypoint
import WaypointAdapterSupport

private func screen(_ id: String) -> Screen {
  Screen(id: id, target: String(id.prefix { $0 != "#" }))
}

/// A tab bar: `inbox` (Inbox#1 → Thread#2) selected, `profile` (Profile#3).
private func tabbed() -> NavigationState {
  NavigationState(
    tabs: TabContainer([
      NavigationTab(id: "inbox", stack: [screen("Inbox#1"), screen("Thread#2")]),
      NavigationTab(id: "profile", stack: [screen("Profile#3")]),
    ]))
}

@Suite("Tab bars and split views in the state")
struct NavigationContainerTests {
  @Test("a state saved before tabs and split views decodes unchanged; a tabbed one round-trips")
  func savedStates() throws {
    let old = #"{"stack": [{"id": "List#1", "module": "List"}], "detail": {"id": "Note#2", "target": "Note"}}"#
    let decoded = try JSONDecoder().decode(NavigationState.self, from: Data(old.utf8))
    #expect(decoded == NavigationState(stack: [screen("List#1")], detail: screen("Note#2")))
    #expect(decoded.tabs == nil && decoded.split == nil)
    var state = tabbed()
    state.tabs?.tabs[1].split = SplitColumns(secondary: [screen("Card#4")], isCollapsed: true)
    let json = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(NavigationState.self, from: json) == state)
    let plain = String(decoding: try JSONEncoder().encode(NavigationState(stack: [screen("List#1")])), as: UTF8.self)
    #expect(!plain.contains("tabs") && !plain.contains("split"), "a state without containers is saved as before")
  }

  @Test("transitions go to the selected tab's stack; a screen in another tab is not a source")
  func transitionsInTabs() throws {
    var state = tabbed()
    #expect(state.topScreen?.id == "Thread#2")
    let change = try state.show(NavigationTransition(.push, screen: screen("Reply#5")))
    #expect(state.tabs?["inbox"]?.stack.map(\.id) == ["Inbox#1", "Thread#2", "Reply#5"])
    #expect(throws: NavigationError.self) {
      var copy = state
      _ = try copy.show(NavigationTransition(.push, screen: screen("Edit#6"), from: "Profile#3"))
    }
    _ = try state.show(NavigationTransition(.sheet, screen: screen("Compose#7"), from: "Reply#5"))
    #expect(state.topScreen?.id == "Compose#7", "a presentation covers the whole tab bar")
    try state.remove(change)
    #expect(state.tabs?["inbox"]?.stack.map(\.id) == ["Inbox#1", "Thread#2"])
    #expect(state.presented == nil, "the sheet leaves with the screen it was presented from")
  }

  @Test("showDetail in a split view replaces the secondary column; its inverse puts the column back")
  func showDetailInSplit() throws {
    var state = NavigationState(stack: [screen("Orders#1")], split: SplitColumns(secondary: [screen("Order#2")]))
    let change = try state.show(NavigationTransition(.showDetail, screen: screen("Order#3"), from: "Orders#1"))
    #expect(state.split?.secondary.map(\.id) == ["Order#3"])
    #expect(state.detail == nil)
    _ = try state.show(NavigationTransition(.push, screen: screen("Refund#4"), from: "Order#3"))
    #expect(state.split?.secondary.map(\.id) == ["Order#3", "Refund#4"], "each column is a stack")
    try state.remove(change)
    #expect(state.split?.secondary.map(\.id) == ["Order#2"])
  }

  @Test("selecting a tab selects it; selecting the selected tab again pops it to its root, and says what left")
  func tabTaps() throws {
    var state = tabbed()
    #expect(try state.reconcile(.selectedTab("profile")).isEmpty)
    #expect(state.tabs?.selected == "profile")
    #expect(throws: NavigationError.self) { try state.reconcile(.reselectedTab("inbox")) }
    #expect(try state.reconcile(.selectedTab("inbox")).isEmpty)
    let gone = try state.reconcile(.reselectedTab("inbox"))
    #expect(gone.map(\.id) == ["Thread#2"])
    #expect(state.tabs?["inbox"]?.stack.map(\.id) == ["Inbox#1"])
    #expect(try state.reconcile(.reselectedTab("inbox")).isEmpty, "reported twice, it changes nothing")
    #expect(throws: NavigationError.self) { try state.reconcile(.selectedTab("nope")) }
    state.tabs?.tabs[0].split = SplitColumns(secondary: [screen("Card#4"), screen("Card#5")])
    #expect(try state.reconcile(.reselectedTab("inbox")).isEmpty, "a split view's tab pops nothing, as in UIKit")
  }

  @Test("a split view collapses and expands, and its columns stay")
  func collapse() throws {
    var state = NavigationState(stack: [screen("Orders#1")], split: SplitColumns(secondary: [screen("Order#2")]))
    #expect(try state.reconcile(.collapsed(true, tab: nil)).isEmpty)
    #expect(state.split?.isCollapsed == true)
    #expect(state.split?.secondary.map(\.id) == ["Order#2"])
    #expect(throws: NavigationError.self) { try state.reconcile(.collapsed(true, tab: "orders")) }
    _ = try state.reconcile(
      .replacedStack(level: 0, stack: [], location: StackLocation(column: .secondary)))
    #expect(state.split?.secondary.isEmpty == true)
  }

  @Test("a link's whole state in one plan: dismiss, select the tab, set its stack in one call")
  func readablePlan() {
    var shown = tabbed()
    shown.presented = PresentedState(
      presentation: .sheet, source: "Thread#2", state: NavigationState(stack: [screen("Compose#7")]))
    var target = tabbed()
    target.tabs?.selected = "profile"
    target.tabs?.tabs[1].stack += [screen("Threads#8"), screen("Thread#9")]
    #expect(
      shown.plan(to: target) == [
        .dismiss(level: 0), .selectTab("profile"),
        .setStack(
          [screen("Profile#3"), screen("Threads#8"), screen("Thread#9")], location: StackLocation(tab: "profile")),
      ])
    #expect(target.plan(to: target).isEmpty, "nothing to do when the app is already there")
    #expect(
      NavigationState(stack: [screen("Home#1")]).plan(to: tabbed()).map(\.description) == [
        "setTabs [inbox, profile]", "setStack inbox [Inbox#1, Thread#2]", "setStack profile [Profile#3]",
      ])
  }

  @Test("the tree shows tabs, the selected one, and split columns")
  func tree() {
    var state = tabbed()
    state.tabs?.tabs[1].split = SplitColumns(secondary: [screen("Card#4")], isCollapsed: true)
    #expect(
      state.tree == """
        ▤ tab inbox (selected)
          ▸ Inbox#1
            ▸ Thread#2
        ▤ tab profile
          ▸ Profile#3
          ◫ secondary (collapsed)
            ▸ Card#4
        """)
  }

  @Test("what SwiftUI binds and writes back for tabs and split views: paths, tab choices, the compact column")
  func swiftUIProjection() throws {
    var state = tabbed()
    let inbox = StackLocation(tab: "inbox")
    #expect(state.path(at: inbox).map(\.id) == ["Thread#2"])
    #expect(state.path(at: StackLocation(tab: "nope")).isEmpty)
    let back = try #require(state.edit(writingPath: [], at: inbox))
    #expect(try state.reconcile(back).map(\.id) == ["Thread#2"], "a shorter path is the user going back")
    #expect(
      state.edit(writingPath: [], at: StackLocation(tab: "gone")) == nil, "a stack no longer shown writes nothing")
    #expect(state.edit(choosingTab: "profile") == .selectedTab("profile"))
    #expect(state.edit(choosingTab: "inbox") == .reselectedTab("inbox"), "the selected tab chosen again")
    state.tabs?.tabs[1].split = SplitColumns()
    #expect(!state.showsSecondaryColumn(in: "profile"))
    #expect(state.edit(showingPrimaryColumnIn: "profile") == nil)
    state.tabs?.tabs[1].split?.secondary = [screen("Card#4")]
    #expect(state.showsSecondaryColumn(in: "profile"))
    let primary = try #require(state.edit(showingPrimaryColumnIn: "profile"))
    #expect(try state.reconcile(primary).map(\.id) == ["Card#4"])
  }

  @Test("a path SwiftUI writes from what it showed applies to those screens, not to the ones a link put there since")
  func staleWriteBack() throws {
    let inbox = StackLocation(tab: "inbox")
    var state = tabbed()
    let shown = state.path(at: inbox)
    // A link replaced the thread the user was swiping away from.
    state.tabs?.tabs[0].stack = [screen("Inbox#1"), screen("Thread#9")]
    #expect(state.edit(writingPath: [], at: inbox, shown: shown) == nil, "the swiped-away thread is gone already")
    // A link pushed over the thread: the pop still takes the thread only if it is on top.
    state.tabs?.tabs[0].stack = [screen("Inbox#1"), screen("Thread#2"), screen("Reply#5")]
    #expect(state.edit(writingPath: [], at: inbox, shown: shown) == nil)
    // A screen went in under the one SwiftUI showed; the user pops that one: it goes, the new one stays.
    state.tabs?.tabs[0].stack = [screen("Inbox#1"), screen("Thread#2"), screen("Reply#5")]
    let pop = try #require(state.edit(writingPath: [], at: inbox, shown: [screen("Reply#5")]))
    #expect(pop == .replacedStack(level: 0, stack: [screen("Inbox#1"), screen("Thread#2")], location: inbox))
    let wider = [screen("Thread#2"), screen("Reply#5")]
    state.tabs?.tabs[0].stack = [screen("Inbox#1"), screen("Thread#2"), screen("Reply#5"), screen("Quote#6")]
    // A NavigationLink pushed over what SwiftUI showed: the new screen goes on top of the state's.
    let push = try #require(state.edit(writingPath: wider + [screen("Card#7")], at: inbox, shown: wider))
    #expect(try state.reconcile(push).isEmpty)
    #expect(state.path(at: inbox).map(\.id) == ["Thread#2", "Reply#5", "Quote#6", "Card#7"])
    // The same on a level's own stack (a sheet's): the write is made against what SwiftUI showed.
    var sheet = NavigationState(stack: [screen("List#10")])
    sheet.presented = PresentedState(
      presentation: .sheet, source: nil, state: NavigationState(stack: [screen("Sheet#11"), screen("Thread#12")]))
    let sheetShown = sheet.path(at: 1)
    sheet.presented?.state.stack = [screen("Sheet#11"), screen("Thread#13")]
    #expect(sheet.edit(writingPath: [], atLevel: 1, shown: sheetShown) == nil, "a link put another thread there")
    #expect(
      sheet.edit(writingPath: [], atLevel: 1, shown: sheet.path(at: 1))
        == .replacedStack(level: 1, stack: [screen("Sheet#11")]))
    // What SwiftUI read is the state: the write is taken as it is.
    let current = state.path(at: inbox)
    #expect(
      state.edit(writingPath: [], at: inbox, shown: current)
        == .replacedStack(level: 0, stack: [screen("Inbox#1")], location: inbox))
  }

  @MainActor
  @Test("clearing an item binding dismisses the item SwiftUI showed, not one a link put in its location")
  func staleDismissal() async throws {
    let navigator = HeadlessNavigator(state: NavigationState(stack: [screen("List#1")]))
    _ = try await navigator.show(NavigationTransition(.sheet, screen: screen("Sheet#2")))
    let styles: Set<PresentedItem.Style> = [.sheet]
    #expect(
      navigator.state.edit(dismissingItemAt: 0, styles: styles, shown: "Sheet#2") == .dismissed(screen: "Sheet#2"))
    #expect(
      navigator.state.edit(dismissingItemAt: 0, styles: styles, shown: "Sheet#1") == nil, "another item is up now")
    #expect(navigator.state.edit(dismissingItemAt: 0, styles: [.popover], shown: "Sheet#2") == nil)
    #expect(navigator.state.edit(dismissingItemAt: 3, styles: styles) == nil)
  }

  @MainActor
  @Test("A16 of the second adapter review: while the app presents its own alert, changes are refused and nothing moves")
  func appPresentationBlocks() async throws {
    let navigator = HeadlessNavigator(state: NavigationState(stack: [screen("List#1")]))
    navigator.setAppPresentation("delete-note", isPresented: true)
    let error = await #expect(throws: NavigationError.self) {
      try await navigator.show(NavigationTransition(.sheet, screen: screen("Sheet#2")))
    }
    #expect(error?.code == .presentationBlocked)
    #expect(error?.message.contains("delete-note") == true)
    #expect(navigator.state == NavigationState(stack: [screen("List#1")]))
    // What the user does still comes in.
    _ = try navigator.reconcile(.replacedStack(level: 0, stack: [screen("List#1")]))
    navigator.setAppPresentation("delete-note", isPresented: false)
    _ = try await navigator.show(NavigationTransition(.sheet, screen: screen("Sheet#2")))
    #expect(navigator.state.presented != nil)
  }

  @Test("A15 of the second adapter review: a collapsed three-column split shows the column its screens are in")
  func threeColumnCompact() throws {
    var state = tabbed()
    state.tabs?.tabs[1].split = SplitColumns(.tripleColumn)
    #expect(state.compactColumn(in: "profile") == .primary)
    state.tabs?.tabs[1].split?.supplementary = [screen("Folder#5")]
    #expect(state.compactColumn(in: "profile") == .supplementary, "a link that fills the middle column shows it")
    state.tabs?.tabs[1].split?.secondary = [screen("Card#6")]
    #expect(state.compactColumn(in: "profile") == .secondary)
    let toContent = state.edits(showingCompactColumn: .supplementary, in: "profile")
    #expect(
      toContent == [.replacedStack(level: 0, stack: [], location: StackLocation(tab: "profile", column: .secondary))])
    let toSidebar = state.edits(showingCompactColumn: .primary, in: "profile")
    #expect(toSidebar.count == 2)
    for edit in toSidebar { _ = try state.reconcile(edit) }
    #expect(state.compactColumn(in: "profile") == .primary)
    #expect(state.edits(showingCompactColumn: .primary, in: "profile").isEmpty)
  }

  @Test("A30 of the second adapter review: tapping a split view's tab again pops nothing, as in UIKit")
  func reselectSplitTab() throws {
    var state = tabbed()
    state.tabs?.tabs[0].split = SplitColumns(secondary: [screen("Card#4"), screen("Card#5")])
    let gone = try state.reconcile(.reselectedTab("inbox"))
    #expect(gone.isEmpty)
    #expect(state.tabs?["inbox"]?.stack.map(\.id) == ["Inbox#1", "Thread#2"])
    #expect(state.tabs?["inbox"]?.split?.secondary.count == 2)
    state.tabs?.tabs[0].split = nil
    #expect(try state.reconcile(.reselectedTab("inbox")).map(\.id) == ["Thread#2"], "a plain tab pops to its root")
  }
}
