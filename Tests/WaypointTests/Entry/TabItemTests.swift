import Foundation
import Testing
import Waypoint

/// A tab's item: declared beside the tab, saved and read with the state, taken from the app's
/// start when a state is restored, its badge changed while the app runs.
@MainActor
@Suite("Tab items")
struct TabItemTests {
  @MainActor final class Page {}

  static func app(tabs: [NavigationTab]) throws -> WaypointApp {
    try WaypointApp(tabs: tabs) { screens in
      screens.registerScreen(Page.self, target: "Inbox") { Page() }
      screens.registerScreen(Page.self, target: "Settings", overriding: true) { Page() }
    }
  }

  @Test("a tab declares its title, symbol or asset image, and badge")
  func declared() {
    let symbol = NavigationTab("inbox", root: "Inbox", title: "Inbox", systemImage: "tray", badge: "3")
    #expect(symbol.item == TabItem(title: "Inbox", image: .system("tray"), badge: "3"))
    #expect(symbol.stack.map(\.target) == ["Inbox"])
    let asset = NavigationTab("settings", root: "Settings", title: "Settings", image: "cog")
    #expect(asset.item == TabItem(title: "Settings", image: .named("cog")))
    #expect(NavigationTab("plain", root: "Inbox").item == nil, "no title, image or badge: no item")
  }

  @Test("an item is saved and read with its tab; a tab saved without one reads none")
  func coding() throws {
    let state = NavigationState(tabs: [NavigationTab("inbox", root: "Inbox", title: "Inbox", systemImage: "tray")])
    let data = try JSONEncoder().encode(state)
    #expect(String(decoding: data, as: UTF8.self).contains(#""systemImage":"tray""#))
    #expect(try JSONDecoder().decode(NavigationState.self, from: data) == state)
    let old = #"{"tabs":{"selected":"inbox","tabs":[{"id":"inbox","stack":[]}]},"stack":[],"hasNavigationStack":true}"#
    #expect(try JSONDecoder().decode(NavigationState.self, from: Data(old.utf8)).tabs?["inbox"]?.item == nil)
  }

  @Test("a restored state takes the items of the app's start, not the ones it saved")
  func restoredTakesStart() throws {
    let app = try Self.app(tabs: [
      NavigationTab("inbox", root: "Inbox", title: "Posteingang", systemImage: "tray"),
      NavigationTab("settings", root: "Settings", title: "Einstellungen", systemImage: "gear"),
    ])
    var saved = app.start
    saved.tabs?.tabs[0].item = TabItem(title: "Inbox", image: .system("envelope"))
    saved.tabs?.selected = "settings"
    let restored = app.restoredState(from: saved)
    #expect(restored.tabs?.selected == "settings")
    #expect(restored.tabs?.tabs.map(\.item?.title) == ["Posteingang", "Einstellungen"])
    #expect(restored.tabs?["inbox"]?.item?.image == .system("tray"))
  }

  @Test("a badge starts as declared and changes in every window; one set to nil goes")
  func badges() throws {
    let app = try Self.app(tabs: [
      NavigationTab("inbox", root: "Inbox", badge: "1"), NavigationTab("settings", root: "Settings"),
    ])
    #expect(app.badge(onTab: "inbox") == "1")
    #expect(app.badge(onTab: "settings") == nil)
    app.setBadge("4", onTab: "inbox")
    app.setBadge("!", onTab: "settings")
    #expect(app.badge(onTab: "inbox") == "4")
    #expect(app.badge(onTab: "settings") == "!")
    app.setBadge(nil, onTab: "inbox")
    #expect(app.badge(onTab: "inbox") == nil, "a badge set to nil is gone, though one was declared")
  }

  @Test("a navigator that reaches tabs step by step takes their items from the state it reaches")
  func adoptItems() {
    let target = NavigationState(tabs: [NavigationTab("inbox", root: "Inbox", title: "Inbox", systemImage: "tray")])
    var reached = NavigationState()
    for step in NavigationState().plan(to: target) { try? reached.carryOut(step) }
    #expect(reached.tabs?["inbox"]?.item == nil, "the steps carry tab ids only")
    reached.adoptTabItems(from: target)
    #expect(reached == target)
  }
}
