import Testing
import Waypoint

// The code of the DocC article "Modules and interfaces", compiled and checked.

// MARK: Login feature (provides)

protocol LoginViewInput: AnyObject {
  var onSignedIn: (@Sendable (String) -> Void)? { get set }
  func submit(user: String, password: String)
}

protocol AuthService: Sendable {
  func signIn(user: String, password: String) -> Bool
}

final class LoginViewController: LoginViewInput {
  let service: any AuthService
  var onSignedIn: (@Sendable (String) -> Void)?
  init(service: any AuthService) { self.service = service }
  func submit(user: String, password: String) {
    if service.signIn(user: user, password: password) { onSignedIn?(user) }
  }
}

// MARK: Note list feature (requires)

protocol NoteListLoginRequirement: AnyObject {
  func askForSignIn(then done: @escaping @Sendable (String) -> Void)
}

final class LoginRequirementAdapter: NoteListLoginRequirement {
  let login: any LoginViewInput
  init(_ login: any LoginViewInput) { self.login = login }
  func askForSignIn(then done: @escaping @Sendable (String) -> Void) { login.onSignedIn = done }
}

struct NoteListConfiguration: ModuleConfiguration {
  @Required var folder: String?
  var sortNewestFirst = true
}

final class NoteListViewController {
  let folder: String
  let login: any NoteListLoginRequirement
  var title = ""
  init(folder: String, login: any NoteListLoginRequirement) {
    self.folder = folder
    self.login = login
  }
}

struct LiveAuth: AuthService {
  func signIn(user: String, password: String) -> Bool { password == "secret" }
}

@Suite("Modules and interfaces (article)")
struct ModulesArticleTests {
  func appRegistry() throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register((any AuthService).self, scope: .shared) { _ in LiveAuth() }
    builder.register((any LoginViewInput).self, target: "Login", dependencies: [ModuleKey((any AuthService).self)]) {
      resolver in
      LoginViewController(service: try resolver.make((any AuthService).self))
    }
    builder.adapt((any NoteListLoginRequirement).self, to: (any LoginViewInput).self) { LoginRequirementAdapter($0) }
    builder.register(NoteListViewController.self, configuration: NoteListConfiguration.self, target: "NoteList") {
      resolver, configuration in
      NoteListViewController(
        folder: try configuration.require(\.folder, "folder"),
        login: try resolver.make((any NoteListLoginRequirement).self))
    }
    return try builder.build()
  }

  @Test("the note list gets a login through its required interface")
  func walkthrough() throws {
    let registry = try appRegistry()
    let list = try registry.make(NoteListViewController.self, configuration: NoteListConfiguration.self) {
      $0.folder = "Inbox"
    } prepare: { list in
      list.title = "Notes"
    }
    #expect(list.folder == "Inbox" && list.title == "Notes")
    let signedIn = Recorder()
    list.login.askForSignIn { user in signedIn.record(user) }
    let adapter = try #require(list.login as? LoginRequirementAdapter)
    adapter.login.submit(user: "ann", password: "secret")
    #expect(signedIn.all == ["ann"])
  }

  @Test("a test replaces the auth service without touching the app's registry")
  func testDouble() throws {
    struct RefuseAll: AuthService {
      func signIn(user: String, password: String) -> Bool { false }
    }
    let registry = try appRegistry().replacing {
      $0.register((any AuthService).self, scope: .shared, overriding: true) { _ in RefuseAll() }
    }
    let login = try registry.make((any LoginViewInput).self)
    let signedIn = Recorder()
    login.onSignedIn = { signedIn.record($0) }
    login.submit(user: "ann", password: "secret")
    #expect(signedIn.all.isEmpty)
    #expect(
      #expect(throws: ModuleError.self) { _ = try registry.make(NoteListViewController.self) }?.code
        == .missingConfiguration)
  }
}
