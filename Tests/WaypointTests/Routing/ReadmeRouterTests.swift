import Testing
import Waypoint

/// The README's "Opening a deep link" example, compiled and checked.
@Suite("README router example")
struct ReadmeRouterTests {
  struct Note: Sendable, Equatable {
    let id: Int
    let mode: String
  }

  struct RequireSignIn: RouteMiddleware {
    let isSignedIn: @Sendable () -> Bool
    func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
      guard isSignedIn() else { return .redirect(to: "notes://login", from: request) }
      return try await next(request)
    }
  }

  @Test("opening a deep link")
  func openDeepLink() async throws {
    var builder = RouterBuilder()
    builder.add("notes://note/<int:id>", name: "note", exposure: .public) { request in
      Note(id: try request.int("id"), mode: request["mode"] ?? "read")
    }
    builder.add("notes://login", exposure: .public) { _ in "login screen" }
    builder.group("notes://settings", middleware: [RequireSignIn(isSignedIn: { false })]) { settings in
      settings.add("/:section") { request in "settings: \(request["section"] ?? "")" }
    }
    let router = try builder.build()

    let result = try await router.open("notes://note/42?mode=edit", origin: .external())
    let note = try result.value(as: Note.self)
    #expect(note == Note(id: 42, mode: "edit"))

    let redirected = try await router.open("notes://settings/privacy")
    #expect(try redirected.value(as: String.self) == "login screen")

    do {
      _ = try await router.open("notes://settings/privacy", origin: .external())
      Issue.record("an internal route was reached from outside")
    } catch {
      #expect(error.code == .notFound)  // internal routes look unknown from outside
    }
  }
}
