import Testing
import Waypoint

/// Every name an app writes is checked when the app is built: a misspelling stops `WaypointApp`
/// with an error naming the name, where it was written, and the names that exist.
@MainActor
@Suite("Names checked when the app is built")
struct NameCheckTests {
  @MainActor final class Screen1 {}
  @MainActor final class Linked {}

  /// The Quick start's app with one thing changed by `change`.
  static func build(
    tabs: [NavigationTab] = notesTabs, change: (inout RouterBuilder) -> Void = { _ in }
  ) throws(BuildError) -> WaypointApp {
    var routes = notesRoutes()
    change(&routes)
    return try WaypointApp(routes: routes, tabs: tabs) { screens in
      for target in ["Notes", "Settings", "Login"] {
        screens.registerScreen(Screen1.self, target: target, overriding: true) { Screen1() }
      }
      screens.registerScreen(Linked.self, target: "Note") { _, _ in Linked() }
    }
  }

  /// The messages of the error `build` throws, or a recorded issue when it builds.
  static func messages(_ build: () throws(BuildError) -> WaypointApp) -> [String] {
    do {
      _ = try build()
      Issue.record("the app was built")
      return []
    } catch {
      return error.errors.map(\.message)
    }
  }

  @Test("the Quick start's names all exist: it builds")
  func builds() throws {
    _ = try Self.build()
  }

  @Test("a misspelled gate target stops the app, naming it, the gate and the screens")
  func gateTarget() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build { routes in
        routes.use(SignInGate(showing: "/login", protecting: ["Settigns"]) { false })
      }
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("'Settigns'") && message.contains("SignInGate 'signIn'"), "\(message)")
    #expect(message.contains("'Login', 'Note', 'Notes', 'Settings'"), "\(message)")
  }

  @Test("a sign-in URL that opens no route stops the app, naming it and the routes")
  func signInURL() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build { routes in
        routes.use(SignInGate(showing: "/logn", gate: "other", protecting: ["Settings"]) { false })
      }
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("showing '/logn'") && message.contains("'/login'"), "\(message)")
  }

  @Test("a misspelled tab root stops the app, naming the tab and the screens")
  func tabRoot() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build(tabs: [NavigationTab("notes", root: "Notse"), NavigationTab("settings", root: "Settings")])
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("tab 'notes' starts on 'Notse'") && message.contains("'Notes'"), "\(message)")
  }

  @Test("a misspelled tab id stops the app: the route naming the real id finds no such tab")
  func tabID() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build(tabs: [NavigationTab("notse", root: "Notes"), NavigationTab("settings", root: "Settings")])
    }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("names the tab 'notes'") && message.contains("'notse', 'settings'"), "\(message)")
  }

  @Test("a start state selecting a tab it lacks, or two tabs of one id, stop the app")
  func startTabs() {
    let selected = Self.messages { () throws(BuildError) in
      try WaypointApp(
        start: NavigationState(tabs: TabContainer([NavigationTab("a", root: "A")], selected: "b"))
      ) { screens in screens.registerScreen(Screen1.self, target: "A") { Screen1() } }
    }
    #expect(selected == ["the start state selects the tab 'b', which its tabs lack ('a')"])
    let twice = Self.messages { () throws(BuildError) in
      try WaypointApp(tabs: [NavigationTab("a", root: "A"), NavigationTab("a", root: "A")]) { screens in
        screens.registerScreen(Screen1.self, target: "A") { Screen1() }
      }
    }
    #expect(twice == ["the start state's tab 2 has the id 'a' of an earlier tab"])
  }

  @Test("a route's misspelled target or under screen stops the app, naming the screens")
  func routeNames() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build { routes in
        routes.add("/trash", target: "Trahs")
        routes.add("/folder", target: "Notes", under: ["Noets"])
      }
    }
    #expect(messages.contains { $0.contains("'Trahs'") && $0.contains("'Login'") }, "\(messages)")
    #expect(messages.contains { $0.contains("'Noets'") && $0.contains("'Notes'") }, "\(messages)")
  }

  @Test("every problem at once: the routes', the tabs' and the gate's")
  func everyProblem() {
    let messages = Self.messages { () throws(BuildError) in
      try Self.build(tabs: [NavigationTab("notes", root: "Notse"), NavigationTab("settings", root: "Settings")]) {
        routes in
        routes.add("/trash", target: "Trahs")
        routes.use(SignInGate(showing: "/login", gate: "x", protecting: ["Settigns"]) { false })
      }
    }
    #expect(messages.contains { $0.contains("'Trahs'") })
    #expect(messages.contains { $0.contains("'Notse'") })
    #expect(messages.contains { $0.contains("'Settigns'") })
  }
}
