import Foundation
import Testing
import Waypoint

/// WordPress's My Site screens, as a registry has them: the site list, a blog's details and its
/// pages, the last two bound to the blog's domain.
final class MySitesScreen {}
final class BlogDetailsScreen {
  var domain = ""
}
final class PagesScreen {
  var domain = ""
}
struct BlogConfiguration: ModuleConfiguration {
  @Required var domain: String?
}

@MainActor
func wordPressModules(navigator: HeadlessNavigator) throws -> ScreenCoordinator {
  var builder = ModuleRegistryBuilder()
  builder.register(MySitesScreen.self, target: "MySites") { _ in MySitesScreen() }
  builder.register(BlogDetailsScreen.self, configuration: BlogConfiguration.self, target: "BlogDetails") {
    _, configuration in
    let screen = BlogDetailsScreen()
    screen.domain = configuration.domain ?? ""
    return screen
  }
  builder.bind(BlogDetailsScreen.self, configuration: BlogConfiguration.self) { request, configuration in
    configuration.domain = request["domain"]
  }
  builder.register(PagesScreen.self, configuration: BlogConfiguration.self, target: "Pages") { _, configuration in
    let screen = PagesScreen()
    screen.domain = configuration.domain ?? ""
    return screen
  }
  builder.bind(PagesScreen.self, configuration: BlogConfiguration.self) { request, configuration in
    configuration.domain = request["domain"]
  }
  return ScreenCoordinator(registry: try builder.build(), navigator: navigator)
}

@MainActor
@Suite("Real apps' links: screens under a link with values of their own")
struct UnderValuesTests {
  static let manifest = """
    {"routes": [
      {"name": "pages", "pattern": "https://wordpress.com/pages/:domain", "target": "Pages", "tab": "mySites",
       "under": ["MySites", {"target": "BlogDetails", "parameters": ["domain"]}], "exposure": "public"},
      {"name": "blog", "pattern": "https://wordpress.com/home/:domain", "target": "BlogDetails", "tab": "mySites",
       "under": ["MySites"], "exposure": "public"}
    ]}
    """

  /// WordPress's tab bar: My Site (selected, showing the site list), Reader, Notifications.
  static func tabBar() -> NavigationState {
    NavigationState(
      tabs: TabContainer([
        NavigationTab(id: "mySites", stack: [Screen(id: "MySites#1", target: "MySites")]),
        NavigationTab(id: "reader"), NavigationTab(id: "notifications"),
      ]))
  }

  @Test("showBlogDetails(for:then: .pages): My Site › the blog › Pages, the blog bound to the link's domain")
  func showBlogDetailsThenPages() async throws {
    let navigator = HeadlessNavigator(state: Self.tabBar())
    let modules = try wordPressModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest)
    try modules.reconcile(.selectedTab("reader"))
    let pages = try await router.open("https://wordpress.com/pages/example.blog").value(as: ShownModule.self)
    // What WordPress's MySitesCoordinator makes: the My Site tab selected, its stack the site
    // list, the blog's details and its pages.
    let stack = try #require(navigator.state.tabs?["mySites"]?.stack)
    #expect(navigator.state.tabs?.selected == "mySites")
    #expect(stack.map(\.target) == ["MySites", "BlogDetails", "Pages"])
    #expect(stack[1].parameters == ["domain": "example.blog"], "the blog screen carries its own value")
    #expect(pages.destination(as: PagesScreen.self)?.domain == "example.blog")
    let blog = try modules.destination(for: stack[1]).value as? BlogDetailsScreen
    #expect(blog?.domain == "example.blog", "bound as a screen its own link opened")

    let before = navigator.state
    let again = try await router.open("https://wordpress.com/pages/example.blog").value(as: ShownModule.self)
    #expect(again === pages, "the same link again changes nothing")
    #expect(navigator.state == before)

    _ = try await router.open("https://wordpress.com/pages/other.blog")
    let other = try #require(navigator.state.tabs?["mySites"]?.stack)
    #expect(other.map(\.target) == ["MySites", "BlogDetails", "Pages"])
    #expect(other[0].id == "MySites#1", "the site list is reused")
    #expect(other[1].parameters == ["domain": "other.blog"], "another blog's screen is not taken for this one")
  }

  @Test("the blog's link finds the blog screen a pages link built, by its value")
  func blogLinkFindsBuiltScreen() async throws {
    let navigator = HeadlessNavigator(state: Self.tabBar())
    let modules = try wordPressModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest)
    _ = try await router.open("https://wordpress.com/pages/example.blog")
    let built = try #require(navigator.state.tabs?["mySites"]?.stack[1])
    let blog = try await router.open("https://wordpress.com/home/example.blog").value(as: ShownModule.self)
    #expect(blog.screen.id == built.id, "the screen under the pages is the blog's: the claimed tab pops to it")
    #expect(navigator.state.tabs?["mySites"]?.stack.map(\.target) == ["MySites", "BlogDetails"])
  }

  @Test("a state with built screens is saved and restored with their values")
  func savedWithValues() async throws {
    let navigator = HeadlessNavigator(state: Self.tabBar())
    let modules = try wordPressModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest)
    _ = try await router.open("https://wordpress.com/pages/example.blog")
    let data = try JSONEncoder().encode(navigator.state)
    let restored = try JSONDecoder().decode(NavigationState.self, from: data)
    #expect(restored == navigator.state)
    let blog = try #require(restored.tabs?["mySites"]?.stack[1])
    let fresh = try wordPressModules(navigator: HeadlessNavigator())
    #expect((try fresh.destination(for: blog).value as? BlogDetailsScreen)?.domain == "example.blog")
  }

  @Test("an under entry is read from a string or an object; a bad one names its place")
  func reading() throws {
    let manifest = try RouteManifest(json: Self.manifest)
    #expect(
      manifest.routes[0].under == ["MySites", UnderScreen("BlogDetails", parameters: ["domain"])],
      "a string literal is a screen taking no values")
    #expect(manifest.routes[0].underTargets == ["MySites", "BlogDetails"])
    let bad = #"""
      {"routes": [{"pattern": "/p/:d", "target": "P",
        "under": ["A", {"parameters": ["d"]}, {"target": "B", "parameters": "d", "extra": 1}, 7]}]}
      """#
    let errors = RouteManifest.diagnose(data: Data(bad.utf8)).compactMap(\.manifest)
    #expect(errors.map(\.field) == ["under[1]", "under[2].extra", "under[2].parameters", "under[3]"])
    #expect(errors.allSatisfy { $0.code == .invalidManifest })
  }

  @Test("lint: an entry taking a value the route cannot give, and one not given what its target's routes capture")
  func lintValues() {
    let json = #"""
      {"routes": [
        {"name": "pages", "pattern": "wp://pages/:domain", "target": "Pages",
         "under": [{"target": "Blog", "parameters": ["domian"]}]},
        {"name": "stats", "pattern": "wp://stats/:domain", "target": "Stats", "under": ["Blog"]},
        {"name": "fine", "pattern": "wp://posts/:domain", "target": "Posts",
         "under": [{"target": "Blog", "parameters": ["domain"]}]},
        {"name": "blog", "pattern": "wp://blog/:domain", "target": "Blog"},
        {"name": "blog.home", "pattern": "wp://home/:domain(/:tab)", "target": "Blog"}
      ]}
      """#
    let warnings = RouteManifest.diagnose(data: Data(json.utf8)).compactMap(\.manifest)
    #expect(
      warnings.map { "\($0.code.rawValue) \($0.routeName ?? "")" } == [
        "underValueNotCaptured pages", "underValueMissing pages", "underValueMissing stats",
      ])
    #expect(warnings.first?.message.contains("takes 'domian'") == true)
    #expect(warnings.last?.field == "under")
  }
}
