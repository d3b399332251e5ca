import Synchronization
public import Waypoint

/// The notes app's login service: who is signed in.
public final class LoginService: Sendable {
  private let user = Mutex<String?>(nil)

  /// Nobody signed in.
  public init() {}

  /// The signed-in user, if any.
  public var currentUser: String? { user.withLock { $0 } }

  /// Signs `name` in.
  public func signIn(_ name: String) { user.withLock { $0 = name } }
}

/// The login screen.
public final class LoginScreen {
  /// Where to go after signing in.
  public var next: String?
}

/// The list of notes.
public final class NoteListScreen {}

/// The note editor's configuration: which note, and how.
public struct NoteEditorConfiguration: ModuleConfiguration {
  /// The note; required.
  @Required public var noteID: Int?
  /// `read` or `edit`.
  public var mode = "read"

  /// No note yet, read mode.
  public init() {}
}

/// The note editor.
public final class NoteEditorScreen {
  /// The note shown.
  public let noteID: Int
  /// `read` or `edit`.
  public let mode: String

  init(noteID: Int, mode: String) {
    self.noteID = noteID
    self.mode = mode
  }
}

/// The settings screen.
public final class SettingsScreen {
  /// The section opened, if any.
  public var section: String?
}

extension NotesApp {
  /// The app's modules, by the targets its manifest's targets use.
  static func registry(loginService: LoginService) throws(BuildError) -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register(LoginService.self, scope: .shared) { _ in loginService }
    builder.register(LoginScreen.self, target: "Login", dependencies: [ModuleKey(LoginService.self)]) { _ in
      LoginScreen()
    }
    builder.bind(LoginScreen.self, configuration: NoConfiguration.self) { _, _ in }
    builder.register(NoteListScreen.self, target: "NoteList") { _ in NoteListScreen() }
    builder.register(NoteEditorScreen.self, configuration: NoteEditorConfiguration.self, target: "NoteEditor") {
      _, configuration in
      NoteEditorScreen(noteID: try configuration.require(\.noteID, "noteID"), mode: configuration.mode)
    }
    builder.bind(NoteEditorScreen.self, configuration: NoteEditorConfiguration.self) { request, configuration in
      configuration.noteID = try request.int("id")
      configuration.mode = request["mode"] ?? "read"
    }
    builder.restrict(NoteEditorScreen.self, to: [.push, .show, .sheet])
    builder.register(SettingsScreen.self, target: "Settings") { _ in SettingsScreen() }
    return try builder.build()
  }
}
