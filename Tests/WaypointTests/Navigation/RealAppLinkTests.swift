import Foundation
import Testing
import Waypoint
import WaypointAdapterSupport

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

/// Kickstarter's screens: the tabs' roots, and what its project and message links show.
final class KSDiscovery {}
final class KSActivity {}
final class KSSearch {}
final class KSProfile {}
final class KSProjectPage {}
final class KSComments {}
final class KSCommentReplies {}
final class KSManagePledge {}
final class KSMessageThreads {}
final class KSMessages {}
final class KSSettings {}

@MainActor
func kickstarterModules(navigator: HeadlessNavigator) throws -> ScreenCoordinator {
  var builder = ModuleRegistryBuilder()
  builder.register(KSDiscovery.self, target: "Discovery") { _ in KSDiscovery() }
  builder.register(KSActivity.self, target: "Activity") { _ in KSActivity() }
  builder.register(KSSearch.self, target: "Search") { _ in KSSearch() }
  builder.register(KSProfile.self, target: "Profile") { _ in KSProfile() }
  builder.register(KSProjectPage.self, target: "ProjectPage") { _ in KSProjectPage() }
  builder.register(KSComments.self, target: "Comments") { _ in KSComments() }
  builder.register(KSCommentReplies.self, target: "CommentReplies") { _ in KSCommentReplies() }
  builder.register(KSManagePledge.self, target: "ManagePledge") { _ in KSManagePledge() }
  builder.register(KSMessageThreads.self, target: "MessageThreads") { _ in KSMessageThreads() }
  builder.register(KSMessages.self, target: "Messages") { _ in KSMessages() }
  builder.register(KSSettings.self, target: "Settings") { _ in KSSettings() }
  return ScreenCoordinator(registry: try builder.build(), navigator: navigator)
}

@MainActor
@Suite("Real apps' links: a whole stack presented as one level")
struct PresentedStackTests {
  // Kickstarter's AppDelegateViewModel shows each project link as one navigation controller of
  // [ProjectPage], [ProjectPage, Comments], [ProjectPage, Comments, CommentReplies] or
  // [ProjectPage, ManagePledge], presented over the tab bar after dismissing what was presented;
  // its messages link selects the profile tab and sets [Profile, MessageThreads, Messages].
  // (Its comment-thread link carries the comment in the query, `?comment=`, which a route cannot
  // tell apart from the comments link; here the thread is a path segment.)
  static let manifest = """
    {"routes": [
      {"name": "project", "pattern": "https://www.kickstarter.com/projects/:creator/:project",
       "target": "ProjectPage", "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
       "exposure": "public"},
      {"name": "comments", "pattern": "https://www.kickstarter.com/projects/:creator/:project/comments",
       "target": "Comments", "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
       "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]}], "exposure": "public"},
      {"name": "replies", "pattern": "https://www.kickstarter.com/projects/:creator/:project/comments/<int:comment>",
       "target": "CommentReplies", "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
       "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]},
                 {"target": "Comments", "parameters": ["creator", "project"]}], "exposure": "public"},
      {"name": "pledge", "pattern": "https://www.kickstarter.com/projects/:creator/:project/pledge/manage",
       "target": "ManagePledge", "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
       "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]}], "exposure": "public"},
      {"name": "messages", "pattern": "https://www.kickstarter.com/messages/<int:thread>", "target": "Messages",
       "tab": "profile", "under": ["Profile", "MessageThreads"], "presented": "dismiss", "exposure": "public"}
    ]}
    """

  /// Kickstarter's tab bar, Discovery selected, with the app's settings sheet up.
  static func app() async throws -> (ScreenCoordinator, Router, HeadlessNavigator) {
    let navigator = HeadlessNavigator(
      state: NavigationState(
        tabs: TabContainer([
          NavigationTab(id: "discovery", stack: [Screen(id: "Discovery#1", target: "Discovery")]),
          NavigationTab(id: "activity"), NavigationTab(id: "search"),
          NavigationTab(id: "profile", stack: [Screen(id: "Profile#2", target: "Profile")]),
        ])))
    let modules = try kickstarterModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: manifest)
    _ = try await modules.show(target: "Settings", .sheet)
    return (modules, router, navigator)
  }

  private static let project = "https://www.kickstarter.com/projects/creator/a-project"

  /// The presented level's stack, by target, and where it is presented from.
  private func presented(_ navigator: HeadlessNavigator) -> (targets: [String], source: String?, level: Int) {
    let levels = navigator.state.levels
    let top = levels.count > 1 ? levels[levels.count - 1] : nil
    return (
      ((top?.root.map { [$0] } ?? []) + (top?.path ?? [])).map(\.target),
      levels.count > 1 ? levels[levels.count - 2].presented?.source : nil, levels.count - 1
    )
  }

  @Test("the project, comments and replies links each present their whole stack in one level, in one plan")
  func projectLinks() async throws {
    for (link, stack, plan) in [
      (Self.project, ["ProjectPage"], "dismiss @0; sheet ProjectPage#4"),
      (
        Self.project + "/comments", ["ProjectPage", "Comments"],
        "dismiss @0; sheet ProjectPage#4 from Discovery#1 @0; push Comments#5 from ProjectPage#4"
      ),
      (
        Self.project + "/comments/42", ["ProjectPage", "Comments", "CommentReplies"],
        "dismiss @0; sheet ProjectPage#4 from Discovery#1 @0; push Comments#5 @1; push CommentReplies#6 from Comments#5"
      ),
      (
        Self.project + "/pledge/manage", ["ProjectPage", "ManagePledge"],
        "dismiss @0; sheet ProjectPage#4 from Discovery#1 @0; push ManagePledge#5 from ProjectPage#4"
      ),
    ] {
      let (_, router, navigator) = try await Self.app()
      let logged = navigator.log.count
      _ = try await router.open(link, origin: .external())
      let shown = presented(navigator)
      #expect(shown.targets == stack, "\(link)")
      #expect(shown.level == 1, "the settings sheet was dismissed first: one level over the tab bar")
      #expect(shown.source == "Discovery#1")
      #expect(navigator.state.presented?.presentation == .sheet)
      let root = try #require(navigator.state.presented?.state.stack.first)
      #expect(root.parameters["project"] == "a-project", "the project page carries its own values")
      // One plan from the state shown: the settings sheet dismissed, the level presented with its
      // screens, and the link's own screen pushed onto it.
      #expect(navigator.log.dropFirst(logged).joined(separator: "; ") == plan)
    }
  }

  @Test("a deeper link of the same project pushes onto its level; the same link again changes nothing")
  func deeperLinkPushes() async throws {
    let (_, router, navigator) = try await Self.app()
    let page = try await router.open(Self.project).value(as: ShownModule.self)
    let presentedRoot = try #require(navigator.state.presented?.state.stack.first)
    let comments = try await router.open(Self.project + "/comments").value(as: ShownModule.self)
    #expect(presented(navigator).targets == ["ProjectPage", "Comments"])
    #expect(navigator.state.presented?.state.stack.first?.id == presentedRoot.id, "the same level, not presented again")
    #expect(comments.presentation == .push)
    let before = navigator.state
    let again = try await router.open(Self.project + "/comments").value(as: ShownModule.self)
    #expect(again === comments)
    #expect(navigator.state == before, "the same link again changes nothing")
    _ = try await router.open(Self.project + "/pledge/manage")
    #expect(presented(navigator).targets == ["ProjectPage", "ManagePledge"], "comments popped, the pledge pushed")
    let back = try await router.open(Self.project).value(as: ShownModule.self)
    #expect(back === page, "the project link finds its page")
    #expect(presented(navigator).targets == ["ProjectPage"])
  }

  @Test("another project's link dismisses this one's level and presents its own")
  func otherProject() async throws {
    let (_, router, navigator) = try await Self.app()
    _ = try await router.open(Self.project + "/comments")
    _ = try await router.open("https://www.kickstarter.com/projects/other/b-project/comments")
    let root = try #require(navigator.state.presented?.state.stack.first)
    #expect(root.parameters["project"] == "b-project")
    #expect(presented(navigator).level == 1)
  }

  @Test("the messages link dismisses the project and sets the profile tab's stack")
  func messages() async throws {
    let (_, router, navigator) = try await Self.app()
    _ = try await router.open(Self.project + "/comments")
    _ = try await router.open("https://www.kickstarter.com/messages/9")
    #expect(navigator.state.presented == nil)
    #expect(navigator.state.tabs?.selected == "profile")
    #expect(navigator.state.tabs?["profile"]?.stack.map(\.target) == ["Profile", "MessageThreads", "Messages"])
    #expect(navigator.state.tabs?["profile"]?.stack.first?.id == "Profile#2")
  }

  @Test("a presented stack is saved and restored whole")
  func savedStack() async throws {
    let (_, router, navigator) = try await Self.app()
    _ = try await router.open(Self.project + "/comments/42")
    let restored = try JSONDecoder().decode(NavigationState.self, from: try JSONEncoder().encode(navigator.state))
    #expect(restored == navigator.state)
  }

  @Test("a stack presented as a popover is a navigation stack in a popover; a deeper link pushes onto it")
  func popoverStack() async throws {
    let navigator = HeadlessNavigator(
      state: NavigationState(stack: [Screen(id: "Discovery#1", target: "Discovery")]))
    let modules = try kickstarterModules(navigator: navigator)
    let router = try linkRouter(modules, manifest: Self.manifest.replacingOccurrences(of: "sheet", with: "popover"))
    _ = try await router.open(Self.project + "/comments", origin: .external())
    let presented = try #require(navigator.state.presented)
    #expect(presented.presentation == .present(style: "popover"))
    #expect(presented.state.hasNavigationStack, "the level holds a stack")
    #expect(presented.state.stack.map(\.target) == ["ProjectPage", "Comments"])
    #expect(navigator.state.levels[0].presented?.style == .popover, "SwiftUI shows it with .popover(item:)")
    #expect(
      navigator.log.suffix(2).joined(separator: "; ")
        == "present(popover) ProjectPage#2 from Discovery#1 @0; push Comments#3 from ProjectPage#2")
    _ = try await router.open(Self.project + "/comments/42")
    #expect(navigator.state.presented?.state.stack.map(\.target) == ["ProjectPage", "Comments", "CommentReplies"])
    #expect(navigator.state.presented?.state.stack.first?.id == "ProjectPage#2", "pushed onto the same popover")
    let restored = try JSONDecoder().decode(NavigationState.self, from: try JSONEncoder().encode(navigator.state))
    #expect(restored == navigator.state)
    // A popover route with nothing under it still presents its one screen as a popover.
    _ = try await router.open(Self.project)
    #expect(navigator.state.presented?.state.stack.map(\.target) == ["ProjectPage"], "the project link pops back")
  }

  @Test("lint warns about a presentsStack that cannot present: a push")
  func lintStackNotPresented() {
    let json = #"""
      {"routes": [
        {"name": "pushed", "pattern": "ks://a/:id", "target": "A", "presentsStack": true},
        {"name": "peek", "pattern": "ks://b/:id", "target": "B", "presentation": "popover", "presentsStack": true,
         "under": ["A"]},
        {"name": "fine", "pattern": "ks://c/:id", "target": "C", "presentation": "sheet", "presentsStack": true,
         "under": ["A"]},
        {"name": "lone", "pattern": "ks://d/:id", "target": "D", "presentation": "popover", "presentsStack": true}
      ]}
      """#
    let warnings = RouteManifest.diagnose(data: Data(json.utf8)).compactMap(\.manifest)
      .filter { $0.code == .stackNotPresented }
    #expect(warnings.map(\.routeName) == ["pushed"], "a popover presents its stack as present(popover)")
    #expect(warnings.allSatisfy { $0.field == "presentsStack" })
    #expect(warnings.first?.message.contains("presents nothing") == true)
  }
}
